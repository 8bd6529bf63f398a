import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { BILL } from '../test-data';
import PayablesPage from './payables-page';

function openPage() {
  signInAs(['bo:manage:purchases']);
  const calls = mockFetch({
    'GET /api/payables': {
      body: { data: { items: [BILL], page: 0, total: 1, totals: { amount: 1500, paid: 600, open: 900 } } },
    },
    'GET /api/payables/7': {
      body: {
        data: {
          ...BILL,
          payments: [
            {
              id: 21,
              paidOn: '2026-11-25',
              method: 'PIX',
              account: 'Itaú 1234-5',
              accountId: null,
              amount: 600,
              fine: 12,
              interest: 1.8,
              discount: 0,
              total: 613.8,
              note: null,
              employee: { id: 1, name: 'Ana Administradora' },
              createdAt: '2026-11-25T14:00:00.000Z',
              undoneAt: null,
              undoneBy: null,
              undoReason: null,
            },
          ],
        },
      },
    },
    'GET /api/suppliers': { body: { data: { items: [], page: 0, total: 0 } } },
  });
  renderPage(<PayablesPage />, { path: '/admin/payables' });
  return { calls, user: userEvent.setup() };
}

const listCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/payables?')).map((c) => new URL(c.url, 'http://x'));

describe('Contas a pagar', () => {
  it("opens on 'Em aberto' with the totals; a chip asks the server for its situation from the first page", async () => {
    const { calls, user } = openPage();
    expect(await screen.findByText('1 conta · em aberto R$ 900,00 · pago R$ 600,00')).toBeTruthy();
    expect(listCalls(calls)[0]?.searchParams.get('status')).toBe('open');
    await user.click(screen.getByRole('button', { name: 'Vencidas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.get('status')).toBe('overdue'));
    expect(listCalls(calls).at(-1)?.searchParams.get('page')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.searchParams.has('status')).toBe(false));
  });

  it("'Pagar' offers what is open and refuses more than it before sending", async () => {
    const { calls, user } = openPage();
    await user.click(await screen.findByText('Aluguel de dezembro'));
    const bill = await screen.findByRole('dialog', { name: 'Conta nº 7' });
    await within(bill).findByText(/25\/11\/2026 · Pix · Ana Administradora/);
    // The payment's charges beside its principal (issue 54 §8): R$ 600,00 + 12,00 + 1,80 = R$ 613,80.
    expect(within(bill).getByText('multa R$ 12,00 · juros R$ 1,80 · total pago R$ 613,80')).toBeTruthy();
    await user.click(within(bill).getByRole('button', { name: 'Pagar' }));
    const pay = await screen.findByRole('dialog', { name: 'Pagar a conta nº 7' });
    expect(within(pay).getByText('Em aberto: R$ 900,00')).toBeTruthy();
    const amount = within(pay).getByLabelText(/^Valor/) as HTMLInputElement;
    expect(amount.value).toBe('900,00');
    await user.clear(amount);
    await user.type(amount, '900,01');
    await user.click(within(pay).getByRole('button', { name: 'Registrar pagamento' }));
    expect(await within(pay).findByText('O valor passa do que está em aberto nesta conta (R$ 900,00).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

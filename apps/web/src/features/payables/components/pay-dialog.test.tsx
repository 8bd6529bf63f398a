import type { PayableDetails } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { BILL } from '../test-data';
import { PayDialog } from './pay-dialog';

/** The bill of test-data, ten days late: R$ 900,00 open. */
const LATE = { ...BILL, dueDate: '2026-11-18', status: 'OVERDUE', payments: [] } as unknown as PayableDetails;
const ACCOUNTS = [
  { id: 3, name: 'Itaú PJ', detail: 'Itaú · ag. 1234 · c/c 56789-0' },
  { id: 4, name: 'Pix da loja', detail: 'Pix financeiro@loja.com.br' },
];

function openDialog() {
  signInAs(['bo:manage:purchases']);
  const calls = mockFetch({
    'GET /api/payables/accounts': { body: { data: ACCOUNTS } },
    'POST /api/payables/7/payments': { body: { data: { ...LATE, paid: 1500, open: 0, status: 'PAID' } } },
  });
  renderPage(<PayDialog bill={LATE} onClose={() => undefined} />);
  return { calls, user: userEvent.setup(), dialog: screen.getByRole('dialog', { name: 'Pagar a conta nº 7' }) };
}
const posts = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST');

describe("'Pagar' a late bill (issue 54 §8)", () => {
  it("pays R$ 900,00 + multa R$ 18,00 + juros R$ 2,70 = R$ 920,70 out of an account chosen from the shop's", async () => {
    const { calls, user, dialog } = openDialog();
    expect(within(dialog).getByText('Conta vencida: informe a multa e os juros nos campos próprios.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Multa (R$)'), '18,00');
    await user.type(within(dialog).getByLabelText('Juros (R$)'), '2,70');
    expect(within(dialog).getByText('Total pago: R$ 920,70')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Conta de saída' }));
    await user.click(await screen.findByRole('option', { name: 'Itaú PJ · Itaú · ag. 1234 · c/c 56789-0' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ amount: 900, fine: 18, interest: 2.7, accountId: 3 });
    expect(posts(calls)[0]?.body).not.toHaveProperty('discount');
    expect(posts(calls)[0]?.body).not.toHaveProperty('account');
  });

  it('a discount: R$ 900,00 − R$ 45,00 = R$ 855,00; above what is open, or above the principal, is refused before sending', async () => {
    const { calls, user, dialog } = openDialog();
    const discount = within(dialog).getByLabelText('Desconto (R$)');
    await user.type(discount, '45,00');
    expect(within(dialog).getByText('Total pago: R$ 855,00')).toBeTruthy();

    await user.clear(discount);
    await user.type(discount, '900,01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText('O desconto passa do que está em aberto nesta conta (R$ 900,00).'),
    ).toBeTruthy();

    const amount = within(dialog).getByLabelText(/^Valor/);
    await user.clear(amount);
    await user.type(amount, '40,00');
    await user.clear(discount);
    await user.type(discount, '50,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText('O desconto não pode passar do valor pago da conta (principal).'),
    ).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });
});

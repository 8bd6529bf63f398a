import { type CounterWaitingSale, ORDER_STATUS } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { CounterWaiting } from './counter-waiting';

/** The text with the plain space the screen may draw as a non-breaking one. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

const PAYLOAD = '00020101021226580014br.gov.bcb.pix0115pix@loja.com.br5204000053039865405030.005802BR6304ABCD';

/** A sale of R$ 45,00 at 14:05 (São Paulo): R$ 15,00 by card, R$ 30,00 by Pix still waiting. */
function waitingSale(orderId: number, code: string, overrides: Partial<CounterWaitingSale> = {}): CounterWaitingSale {
  return {
    orderId,
    code,
    statusKey: ORDER_STATUS.PROCESSANDO,
    total: 45,
    cash: 0,
    card: 15,
    customer: 'Consumidor final',
    seller: 'Ana Vendedora',
    createdAt: '2026-11-28T17:05:00.000Z',
    pix: { amount: 30, txid: `${code.replace('-', '')}P2`, payload: PAYLOAD, status: 'PENDING' },
    ...overrides,
  };
}

const page = (items: CounterWaitingSale[], total: number, at = 0) => ({
  body: { data: { items, total, page: at } },
});

describe("'Vendas aguardando Pix' (decision 0078)", () => {
  it('lists the waiting sales a page at a time and reopens the QR of the one chosen, which then sees the bank', async () => {
    signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
    const first = waitingSale(601, 'A1B-2C3');
    const second = waitingSale(602, 'D4E-5F6', { customer: 'Joana Prado', createdAt: '2026-11-28T16:40:00.000Z' });
    const older = waitingSale(603, 'G7H-8J9');
    let bankPaid = false;
    const calls = mockFetch({
      'GET /api/counter/sales/waiting-pix': (call) =>
        call.url.includes('page=1')
          ? page([waitingSale(606, 'P7Q-8R9')], 6, 1)
          : page([first, second, older, waitingSale(604, 'K1L-2M3'), waitingSale(605, 'N4O-5P6')], 6),
      'GET /api/counter/sales/602': () => ({
        body: {
          data: {
            orderId: 602,
            code: 'D4E-5F6',
            statusKey: bankPaid ? ORDER_STATUS.FINALIZADOS : ORDER_STATUS.PROCESSANDO,
            pix: { ...second.pix, ...(bankPaid ? { payload: null, status: 'CONFIRMED' } : {}) },
          },
        },
      }),
    });
    renderPage(<CounterWaiting />);
    const user = userEvent.setup();
    // Six waiting today: the button says so.
    await user.click(await screen.findByRole('button', { name: 'Vendas aguardando Pix (6)' }));
    const list = await screen.findByRole('dialog', { name: 'Vendas aguardando Pix' });
    const rows = within(list).getAllByRole('button', { name: /· / });
    expect(text(rows[1] as HTMLElement)).toBe(
      'D4E-5F6 · Joana Prado · 13:40Pix de R$ 30,00 (venda de R$ 45,00) · Vendedor: Ana Vendedora',
    );
    // 6 sales, 5 a page: 1/2, then the next page asked for.
    expect(text(list)).toContain('1/2');
    await user.click(within(list).getByRole('button', { name: 'Próximas' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/counter/sales/waiting-pix?page=1&pageSize=5')).toBe(true),
    );
    await user.click(within(list).getByRole('button', { name: 'Anteriores' }));

    await user.click(await within(list).findByRole('button', { name: /^D4E-5F6/ }));
    const pix = await screen.findByRole('dialog', { name: 'Pix de R$ 30,00' });
    expect((within(pix).getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe(PAYLOAD);
    // The bank confirms it: the dialog, asking every few seconds, says the sale is done.
    bankPaid = true;
    const done = await screen.findByRole('dialog', { name: 'Venda concluída' }, { timeout: 5_000 });
    expect(text(done)).toContain('Pix de R$ 30,00 recebido.');
    expect(text(done)).toContain('Pedido D4E-5F6, entregue e pago.');
  });

  it('none waiting: says so', async () => {
    signInAs(['bo:manage:internal_sales'], 'Ana Vendedora');
    mockFetch({ 'GET /api/counter/sales/waiting-pix': page([], 0) });
    renderPage(<CounterWaiting />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Vendas aguardando Pix' }));
    expect(await screen.findByText('Nenhuma venda aguardando Pix hoje.')).toBeTruthy();
  });
});

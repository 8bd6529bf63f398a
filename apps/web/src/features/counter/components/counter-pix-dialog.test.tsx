import { type CounterPix, type CounterSaleResponse, type CounterSaleState, ORDER_STATUS } from '@backoffice/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, signInAs } from '../../../test/render';
import { PIX_POLL_MS } from '../api/counter-api';
import { CounterPixDialog } from './counter-pix-dialog';

/** R$ 200,00 with the plain space the screen may draw as a non-breaking one. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s/g, ' ');

const PAYLOAD = '00020101021226580014br.gov.bcb.pix0115pix@loja.com.br5204000053039865406200.005802BR6304ABCD';
const PIX: CounterPix = { amount: 200, txid: 'K7M4QPP2', payload: PAYLOAD, status: 'PENDING' };

/** The sale of R$ 300,00 as 'Concluir venda' answered it: R$ 100,00 in cash, R$ 200,00 by Pix still waiting. */
const sale: CounterSaleResponse = {
  orderId: 501,
  code: 'K7M-4QP',
  statusKey: ORDER_STATUS.PROCESSANDO,
  total: 300,
  change: 0,
  registerName: 'Caixa 1',
  pix: PIX,
  replayed: false,
};
/** What its other parts took (given back if it is cancelled): the R$ 100,00 in cash. */
const given = { cashCents: 10_000, cardCents: 0 };

/** GET /api/counter/sales/501 answering `state()` at each ask. */
function serve(state: () => CounterSaleState, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/counter/sales/501': () => ({ body: { data: state() } }), ...extra });
}
const waiting = (statusKey: number = ORDER_STATUS.PROCESSANDO, pix = PIX): CounterSaleState => ({
  orderId: 501,
  code: 'K7M-4QP',
  statusKey,
  pix,
});

afterEach(() => vi.useRealTimers());

describe("the counter's Pix dialog (decision 0074)", () => {
  it("shows the QR and 'Copia e cola' while the bank has not confirmed, then 'Venda concluída'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs();
    let state = waiting();
    const calls = serve(() => state);
    const onClose = vi.fn();
    renderPage(<CounterPixDialog sale={sale} given={given} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pix de R$ 200,00' });
    expect(within(dialog).getByRole('img', { name: 'QR Code Pix' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe(PAYLOAD);
    expect(text(dialog)).toContain('A mercadoria sai quando o banco confirmar.');
    expect(text(dialog)).not.toContain('Troco');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/counter/sales/501')).toHaveLength(1));

    // The bank confirms the Pix: the next ask (every few seconds) finds the sale handed over.
    state = waiting(ORDER_STATUS.FINALIZADOS, { ...PIX, payload: null, status: 'CONFIRMED' });
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS));
    const done = await screen.findByRole('dialog', { name: 'Venda concluída' });
    expect(text(done)).toContain('Pix de R$ 200,00 recebido.');
    expect(text(done)).toContain('Pedido K7M-4QP, entregue e pago.');
    expect(calls.filter((call) => call.url === '/api/counter/sales/501')).toHaveLength(2);
    // Final: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS * 2));
    expect(calls.filter((call) => call.url === '/api/counter/sales/501')).toHaveLength(2);
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(done).getByRole('button', { name: 'Nova venda' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("'Cancelar venda' asks the reason, cancels the order and says to give the R$ 100,00 in cash back", async () => {
    signInAs();
    let state = waiting();
    const calls = serve(() => state, {
      'PATCH /api/workflow/order/cancel': () => {
        state = waiting(ORDER_STATUS.CANCELADO, { ...PIX, payload: null, status: 'REFUSED' });
        return { body: { data: {} } };
      },
    });
    // R$ 150,00 handed over for the R$ 100,00 in cash: the change is given while the Pix waits.
    renderPage(<CounterPixDialog sale={{ ...sale, change: 50 }} given={given} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Pix de R$ 200,00' });
    expect(text(dialog)).toContain('Troco: R$ 50,00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar venda' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar cancelamento' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo do cancelamento/ }), 'Cliente desistiu');
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        orderId: 501,
        comment: 'Cliente desistiu',
      }),
    );
    const cancelled = await screen.findByRole('dialog', { name: 'Venda cancelada' });
    expect(text(cancelled)).toContain('Pedido K7M-4QP cancelado: os produtos voltaram ao estoque.');
    expect(text(cancelled)).toContain('Devolva R$ 100,00 em dinheiro ao cliente: saiu do seu caixa.');
    expect(text(cancelled)).not.toContain('maquininha');
  });

  it("with 'Pix automático' off, the Pix the bank received waits for 'Confirmar Pix recebido'", async () => {
    signInAs();
    let state = waiting(ORDER_STATUS.AGUARDANDO_COMPROVANTE, { ...PIX, status: 'CONFIRMED' });
    const calls = serve(() => state, {
      'PATCH /api/workflow/order/confirm-pix': () => {
        state = waiting(ORDER_STATUS.FINALIZADOS, { ...PIX, payload: null, status: 'CONFIRMED' });
        return { body: { data: {} } };
      },
    });
    renderPage(
      <CounterPixDialog
        sale={{ ...sale, statusKey: ORDER_STATUS.AGUARDANDO_COMPROVANTE }}
        given={given}
        onClose={() => undefined}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Confirmar Pix recebido' });
    await userEvent.setup().click(button);
    expect(await screen.findByRole('dialog', { name: 'Venda concluída' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ orderId: 501 });
  });
});

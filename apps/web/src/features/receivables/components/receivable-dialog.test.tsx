import { formatDay, RECEIVABLE_TEXTS, receivableDetailsSchema, receivablePixSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../../test/render';
import { PARTLY_PAID } from '../test-data';
import { ReceivableDialog } from './receivable-dialog';

const UNDONE = {
  ...PARTLY_PAID,
  paid: 500,
  open: 1500,
  dueToday: { ...PARTLY_PAID.dueToday, principal: 1500, total: 1500 },
  payments: [
    PARTLY_PAID.payments[0],
    { ...PARTLY_PAID.payments[1], undoneAt: '2026-12-20T15:00:00.000Z', undoReason: 'Pix devolvido pelo banco' },
  ],
};

/** The instalment's Pix for the R$ 1.200,00 it asks today. */
const PIX = {
  txid: 'CRD017R2',
  amount: 1200,
  payload: '00020126580014br.gov.bcb.pix0136pix@loja.com.br5204000053039865406',
};

function openDetails(permissions: string[], pix: unknown = PIX) {
  receivableDetailsSchema.parse(PARTLY_PAID);
  receivablePixSchema.parse(pix);
  signInAs(permissions, 'Carla Gerente');
  // The instalment as the server keeps it: the payment undone once the undo is answered.
  let instalment: unknown = PARTLY_PAID;
  const calls = mockFetch({
    'GET /api/receivables/10': () => ({ body: { data: instalment } }),
    'GET /api/receivables/10/pix': { body: { data: pix } },
    // The order tells the customer's phone (read with the orders' permission).
    'GET /api/orders/by-id/51': { body: { data: { orderId: 51, customerPhone: '(11) 98765-4321' } } },
    'POST /api/receivables/10/payments/32/undo': () => {
      instalment = UNDONE;
      return { body: { data: UNDONE } };
    },
  });
  renderPage(<ReceivableDialog id={10} onClose={() => undefined} />);
  return { calls, user: userEvent.setup() };
}

const undos = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST');

describe("an instalment's details", () => {
  it("lists its payments, each with 'Recibo', and no 'Desfazer' for the desk (orders, no credit)", async () => {
    openDetails(['bo:manage:orders']);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const list = await within(details).findByRole('list', { name: 'Recebimentos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('button', { name: 'Recibo' })).toHaveLength(2);
    expect(within(details).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    // Something is open: it may be received.
    expect(within(details).getByRole('button', { name: 'Receber' })).toBeTruthy();
  });

  it("'Crédito e cobrança' undoes the latest payment only, with a reason", async () => {
    const { calls, user } = openDetails(['bo:manage:credit']);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const items = within(await within(details).findByRole('list', { name: 'Recebimentos' })).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Desfazer' })).toBeNull();
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Desfazer' }));

    const undo = await screen.findByRole('dialog', { name: 'Desfazer recebimento' });
    expect(within(undo).getByText(/O recebimento de R\$ 300,00 em/)).toBeTruthy();
    await user.click(within(undo).getByRole('button', { name: 'Desfazer' }));
    expect(await within(undo).findByText(RECEIVABLE_TEXTS.reasonInvalid)).toBeTruthy();
    expect(undos(calls)).toHaveLength(0);

    await user.type(within(undo).getByLabelText(/^Motivo/), 'Pix devolvido pelo banco');
    await user.click(within(undo).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(undos(calls)).toHaveLength(1));
    expect(undos(calls)[0]?.body).toEqual({ reason: 'Pix devolvido pelo banco' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desfazer recebimento' })).toBeNull());
    // The undone one struck through with why; the earlier one is now the latest.
    expect(await within(details).findByText(/Pix devolvido pelo banco$/)).toBeTruthy();
    const after = within(within(details).getByRole('list', { name: 'Recebimentos' })).getAllByRole('listitem');
    expect(within(after[0] as HTMLElement).getByRole('button', { name: 'Desfazer' })).toBeTruthy();
    expect(within(after[1] as HTMLElement).queryByRole('button', { name: 'Desfazer' })).toBeNull();
  });
});

describe("an open instalment's 'Pix da parcela' and 'Cobrar pelo WhatsApp'", () => {
  const message = (pix: string | null) =>
    `Olá, Maria Prazo! A parcela 2/3 do pedido CRD-017, com vencimento em ${formatDay(PARTLY_PAID.dueDate)}, está em R$ 1.200,00 (multa e juros inclusos, se houver).${pix ? ` Pix copia e cola: ${pix}` : ''}`;

  it('shows what it asks today, its QR code and copia e cola, and charges the phone of the order', async () => {
    const { calls } = openDetails(['bo:manage:orders']);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const pix = await within(details).findByRole('region', { name: 'Pix da parcela' });
    expect(within(pix).getByText('Valor de hoje: R$ 1.200,00')).toBeTruthy();
    expect(await within(pix).findByRole('img', { name: 'QR Code Pix' })).toBeTruthy();
    expect((within(pix).getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLTextAreaElement).value).toBe(
      PIX.payload,
    );
    expect(within(pix).getByRole('button', { name: 'Copiar código Pix' })).toBeTruthy();
    const charge = await within(pix).findByRole('link', { name: 'Cobrar pelo WhatsApp' });
    expect(charge.getAttribute('href')).toBe(
      `https://wa.me/5511987654321?text=${encodeURIComponent(message(PIX.payload))}`,
    );
    expect(charge.getAttribute('target')).toBe('_blank');
    expect(calls.some((c) => c.url === '/api/orders/by-id/51')).toBe(true);
  });

  it("without the orders' permission nor the shop's Pix key: WhatsApp asks the contact, the message has no Pix", async () => {
    const { calls } = openDetails(['bo:manage:credit'], { ...PIX, payload: null });
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    const pix = await within(details).findByRole('region', { name: 'Pix da parcela' });
    expect(await within(pix).findByText(/ainda não tem chave Pix/)).toBeTruthy();
    expect(within(pix).queryByRole('textbox', { name: 'Pix copia e cola' })).toBeNull();
    const charge = await within(pix).findByRole('link', { name: 'Cobrar pelo WhatsApp' });
    expect(charge.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(message(null))}`);
    expect(within(pix).getByText(/o WhatsApp pede o contato/)).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/orders/'))).toBe(false);
  });

  it('is not offered for a paid instalment', async () => {
    signInAs(['bo:manage:orders'], 'Carla Gerente');
    const paidOff = { ...PARTLY_PAID, paid: 2000, open: 0, status: 'PAID' as const };
    const calls = mockFetch({ 'GET /api/receivables/10': { body: { data: paidOff } } });
    renderPage(<ReceivableDialog id={10} onClose={() => undefined} />);
    const details = await screen.findByRole('dialog', { name: 'Parcela 2/3 do pedido CRD-017' });
    await within(details).findByRole('list', { name: 'Recebimentos' });
    expect(within(details).queryByRole('region', { name: 'Pix da parcela' })).toBeNull();
    expect(within(details).queryByRole('link', { name: 'Cobrar pelo WhatsApp' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/pix'))).toBe(false);
  });
});

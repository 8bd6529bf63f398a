import { FISCAL_NOTE_TEXTS, type FiscalNote, type OrderDetail } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockCall, mockFetch, renderPage, signInAs } from '../../test/render';
import { OrderDetailsDialog } from '../orders/order-details-dialog';
import { makeOrderDetail } from '../orders/test-data';
import { AUTHORIZED, CONTINGENT, makeNote, pageOf, REJECTED } from './test-data';

const INVOICING = ['bo:manage:orders', 'bo:manage:invoices'];
type Answer = { status?: number; body?: unknown };

/** Delivered (5) to a company: a CNPJ, so its note is an NF-e unless the user picks the NFC-e. */
const TO_COMPANY = makeOrderDetail({
  orderId: 41,
  code: 'K7M-2Q9',
  status: 'Entregue',
  statusKey: 5,
  customer: 'Loja de Celulares Carioca Ltda',
  customerDocument: '44.555.666/0001-81',
});
/** Picked up by a consumer (CPF): an NFC-e by default. */
const TO_CONSUMER = makeOrderDetail({
  orderId: 42,
  code: 'P3R-8TX',
  status: 'Finalizados',
  statusKey: 13,
  customer: 'Maria Souza',
  customerDocument: '529.982.247-25',
});

/**
 * The order's details as `permissions`, the order's notes answering `notes` (until one is emitted: then that one),
 * POST /fiscal/notes answering `emit`, the retry `retried`.
 */
function openDetails(
  order: OrderDetail,
  {
    permissions = INVOICING,
    notes = [],
    emit = () => ({ status: 201, body: { data: AUTHORIZED } }),
    retried = { ...REJECTED, status: 'AUTHORIZED', statusCode: 100, statusReason: 'Autorizado o uso da NF-e' },
  }: { permissions?: string[]; notes?: FiscalNote[]; emit?: (call: MockCall) => Answer; retried?: unknown } = {},
) {
  signInAs(permissions, 'Carla Gerente', 1);
  let kept = notes;
  const calls = mockFetch({
    'GET /api/fiscal/notes': () => ({ body: pageOf(kept) }),
    'POST /api/fiscal/notes': (call) => {
      const answer = emit(call);
      if ((answer.status ?? 200) < 300) kept = [(answer.body as { data: FiscalNote }).data];
      return answer;
    },
    'POST /api/fiscal/notes/8/retry': () => {
      kept = [retried as FiscalNote];
      return { body: { data: retried } };
    },
    'GET /api/fiscal/notes/7/danfe.pdf': { body: {} },
    [`GET /api/orders/${order.orderId}/payments`]: {
      body: {
        data: {
          orderId: order.orderId,
          total: 0,
          paid: 0,
          pending: 0,
          due: 0,
          paidInFull: true,
          takesParts: false,
          parts: [],
        },
      },
    },
  });
  const { unmount } = renderPage(<OrderDetailsDialog open order={order} onClose={() => undefined} />);
  return { calls, user: userEvent.setup(), unmount };
}

const section = () => screen.findByRole('region', { name: 'Nota fiscal' });
const emits = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/fiscal/notes');

afterEach(() => {
  vi.restoreAllMocks();
});

describe("an order's note in its details (issue 41 §2)", () => {
  it("a company's order without a note: 'Emitir NF-e' posts exactly { orderId, model: 55 } and shows it authorised", async () => {
    const { calls, user } = openDetails(TO_COMPANY);
    const notes = await section();
    expect(await within(notes).findByText('Este pedido ainda não tem nota fiscal.')).toBeTruthy();
    // The order's notes asked by its id.
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/fiscal/notes?'))?.url ?? '', 'http://x');
    expect(asked.searchParams.get('orderId')).toBe('41');

    await user.click(within(notes).getByRole('button', { name: 'Emitir NF-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido K7M-2Q9' });
    expect((within(dialog).getByRole('radio', { name: /^NF-e \(modelo 55\)/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Sugerido pelo documento do cliente (44.555.666/0001-81): NF-e.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    await waitFor(() => expect(emits(calls)).toHaveLength(1));
    expect(emits(calls)[0]?.body).toEqual({ orderId: 41, model: 55 });

    expect(await within(dialog).findByText('Nota nº 12 autorizada.')).toBeTruthy();
    expect(within(dialog).getByText('Protocolo 135260000000001')).toBeTruthy();
    expect(within(dialog).getByText('Homologação')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'DANFE da NF-e nº 12' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Emitir' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Enviar de novo' })).toBeNull();

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:pdf');
    const save = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      save(this.download);
    });
    await user.click(within(dialog).getByRole('button', { name: 'DANFE da NF-e nº 12' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('danfe-nfe-12.pdf'));
    expect(calls.some((c) => c.url === '/api/fiscal/notes/7/danfe.pdf')).toBe(true);

    // Closed: the details show the note instead of the button.
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Nota fiscal do pedido/ })).toBeNull());
    expect(await within(notes).findByText('NF-e nº 12 · série 1')).toBeTruthy();
    expect(within(notes).getByText('Autorizada')).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: /^Emitir/ })).toBeNull();
  });

  it("a consumer's order suggests the NFC-e; the user may pick the NF-e, which is what is posted", async () => {
    const { calls, user } = openDetails(TO_CONSUMER, {
      emit: () => ({ status: 201, body: { data: makeNote({ order: { id: 42, code: 'P3R-8TX' } }) } }),
    });
    const notes = await section();
    await user.click(await within(notes).findByRole('button', { name: 'Emitir NFC-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido P3R-8TX' });
    expect((within(dialog).getByRole('radio', { name: /^NFC-e/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /^NF-e/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    await waitFor(() => expect(emits(calls)).toHaveLength(1));
    expect(emits(calls)[0]?.body).toEqual({ orderId: 42, model: 55 });
  });

  it("a rejection shows the SEFAZ's code and reason and 'Enviar de novo', which sends it again", async () => {
    const { calls, user } = openDetails(TO_CONSUMER, { emit: () => ({ status: 201, body: { data: REJECTED } }) });
    await user.click(await within(await section()).findByRole('button', { name: 'Emitir NFC-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido P3R-8TX' });
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(
      await within(dialog).findByText(
        'A SEFAZ rejeitou a nota: 539 — Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Corrija o que a SEFAZ apontou/)).toBeTruthy();
    // No DANFE of a refused note.
    expect(within(dialog).queryByRole('button', { name: /^DANFE/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar de novo' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/fiscal/notes/8/retry')).toBe(true));
    expect(await within(dialog).findByText('Nota nº 13 autorizada.')).toBeTruthy();
  });

  it('the SEFAZ away: the NF-e waits signed, the NFC-e goes into contingency, each says so', async () => {
    const waiting = makeNote({
      status: 'SIGNED',
      statusCode: null,
      statusReason: FISCAL_NOTE_TEXTS.unavailable,
      protocol: null,
      authorizedAt: null,
    });
    const first = openDetails(TO_COMPANY, { emit: () => ({ status: 201, body: { data: waiting } }) });
    await first.user.click(await within(await section()).findByRole('button', { name: 'Emitir NF-e' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido K7M-2Q9' });
    await first.user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(await within(dialog).findByText(FISCAL_NOTE_TEXTS.unavailable)).toBeTruthy();
    expect(within(dialog).getByText('Aguardando a SEFAZ')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enviar de novo' })).toBeTruthy();
    first.unmount();

    const second = openDetails(TO_CONSUMER, { emit: () => ({ status: 201, body: { data: CONTINGENT } }) });
    await second.user.click(await within(await section()).findByRole('button', { name: 'Emitir NFC-e' }));
    dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido P3R-8TX' });
    await second.user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(await within(dialog).findByText(FISCAL_NOTE_TEXTS.contingency)).toBeTruthy();
    // The NFC-e in contingency is printed: it goes with the goods.
    expect(within(dialog).getByRole('button', { name: 'DANFE da NFC-e nº 3' })).toBeTruthy();
  });

  it('a refusal of the server (409) is said in the dialog, which keeps the chosen model to send again', async () => {
    const refused = FISCAL_NOTE_TEXTS.issuerMissing;
    let refuse = true;
    const { calls, user } = openDetails(TO_CONSUMER, {
      emit: () =>
        refuse
          ? { status: 409, body: { errors: [refused], code: 'CONFLICT' } }
          : { status: 201, body: { data: CONTINGENT } },
    });
    await user.click(await within(await section()).findByRole('button', { name: 'Emitir NFC-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota fiscal do pedido P3R-8TX' });
    await user.click(within(dialog).getByRole('radio', { name: /^NF-e/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(refused);
    expect((within(dialog).getByRole('radio', { name: /^NF-e/ }) as HTMLInputElement).checked).toBe(true);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    await waitFor(() => expect(emits(calls)).toHaveLength(2));
    expect(emits(calls)[1]?.body).toEqual({ orderId: 42, model: 55 });
  });

  it('an order that has a note shows it (number, situation, DANFE) instead of the button', async () => {
    openDetails(TO_COMPANY, { notes: [AUTHORIZED] });
    const notes = await section();
    expect(await within(notes).findByText('NF-e nº 12 · série 1')).toBeTruthy();
    expect(within(notes).getByText('Autorizada')).toBeTruthy();
    expect(within(notes).getByRole('button', { name: 'DANFE da NF-e nº 12' })).toBeTruthy();
    expect(within(notes).getByRole('button', { name: 'XML da NF-e nº 12' })).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: /^Emitir/ })).toBeNull();
  });

  it('a rejected note of the order says why and is sent again from the details; a cancelled one lets another be emitted', async () => {
    const { calls, user, unmount } = openDetails(TO_CONSUMER, { notes: [REJECTED] });
    const notes = await section();
    expect(
      await within(notes).findByText(
        'A SEFAZ rejeitou a nota: 539 — Rejeição: Duplicidade de NF-e com diferença na Chave de Acesso',
      ),
    ).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: /^Emitir/ })).toBeNull();
    await user.click(within(notes).getByRole('button', { name: 'Enviar de novo' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/fiscal/notes/8/retry')).toBe(true));
    expect(await within(notes).findByText('Autorizada')).toBeTruthy();
    unmount();

    openDetails(TO_COMPANY, { notes: [makeNote({ status: 'CANCELLED' })] });
    const again = await section();
    expect(await within(again).findByText('Cancelada')).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'Emitir NF-e' })).toBeTruthy();
  });

  it('an unanswered NFC-e says it was substituted in contingency and asks its fate; a voided number lets another be emitted', async () => {
    const unknown = makeNote({
      id: 8,
      model: 65,
      number: 3,
      status: 'UNKNOWN',
      statusCode: null,
      statusReason: FISCAL_NOTE_TEXTS.unknownFate(3),
      protocol: null,
      authorizedAt: null,
    });
    const substitute = { ...CONTINGENT, id: 10, number: 4, order: { id: 42, code: 'P3R-8TX' } };
    const { calls, user, unmount } = openDetails(TO_CONSUMER, {
      notes: [substitute, unknown],
      retried: { ...unknown, status: 'CANCELLED', statusReason: null },
    });
    const notes = await section();
    expect(await within(notes).findByText('Sem resposta da SEFAZ (substituída em contingência)')).toBeTruthy();
    expect(within(notes).getByText(FISCAL_NOTE_TEXTS.unknownFate(3))).toBeTruthy();
    expect(within(notes).getByText('Em contingência')).toBeTruthy();
    // The contingency note covers the sale: no second note is offered.
    expect(within(notes).queryByRole('button', { name: /^Emitir/ })).toBeNull();
    // 'Enviar de novo' on each: the contingency note (listed first, the newest) and the unanswered one (its fate).
    const [, ask] = within(notes).getAllByRole('button', { name: 'Enviar de novo' });
    await user.click(ask as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/fiscal/notes/8/retry')).toBe(true));
    unmount();

    openDetails(TO_COMPANY, { notes: [makeNote({ status: 'VOIDED', protocol: null })] });
    const again = await section();
    expect(await within(again).findByText('Número inutilizado')).toBeTruthy();
    expect(
      within(again).getByText(
        'O número 12 foi inutilizado na SEFAZ: esta nota não vale e não é enviada de novo. O pedido pode receber uma nota nova.',
      ),
    ).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'Emitir NF-e' })).toBeTruthy();
  });

  it("who reads orders but does not hold 'Notas fiscais' sees the note and its DANFE, and emits nothing", async () => {
    const { unmount } = openDetails(TO_COMPANY, { permissions: ['bo:manage:orders'], notes: [REJECTED] });
    const notes = await section();
    expect(await within(notes).findByText('Rejeitada')).toBeTruthy();
    expect(within(notes).getByRole('button', { name: 'XML da NF-e nº 13' })).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: 'Enviar de novo' })).toBeNull();
    unmount();

    openDetails(TO_COMPANY, { permissions: ['bo:manage:orders'] });
    const none = await section();
    expect(await within(none).findByText('Este pedido ainda não tem nota fiscal.')).toBeTruthy();
    expect(within(none).queryByRole('button', { name: /^Emitir/ })).toBeNull();
  });

  it('an order that may not have a note (waiting for its proof) has no section and asks nothing', async () => {
    const { calls } = openDetails(makeOrderDetail({ orderId: 43, statusKey: 10, status: 'Aguardando comprovante' }));
    await screen.findByRole('dialog', { name: /^Detalhes do pedido/ });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/orders/43/payments')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Nota fiscal' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/fiscal/'))).toBe(false);
  });

  it('a cancelled order shows the note it had, with no button to emit another', async () => {
    openDetails(makeOrderDetail({ orderId: 41, statusKey: 7, status: 'Cancelado' }), {
      notes: [makeNote({ status: 'CANCELLED' })],
    });
    const notes = await section();
    expect(await within(notes).findByText('Cancelada')).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: /^Emitir/ })).toBeNull();
  });
});

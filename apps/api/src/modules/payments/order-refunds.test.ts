import { randomUUID } from 'node:crypto';
import { orderPaymentsSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct, sellThroughApi } from '../selling/test-selling';

/**
 * A refund to record (issue 38 §5, decision 0044's amendment): an edit or a discount change that lowers an
 * order's total below its confirmed payment parts owes the customer the excess, recorded in the same
 * transaction; the attendant records it given back by cash or Pix. Figures worked out by hand.
 */
let t: TestApp;
let attendant: string;
let admin: string;
let stocker: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const CARD = { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '004512', authorizationCode: 'A1B2C3' };

/** A cash order (pickup) of its own customer: 3 × Capa R$ 129,90 = R$ 389,70; 10 in stock, 7 left. */
async function placed() {
  const customer = await createCustomer(t.db, {});
  const capa = await createProduct(t.db, { name: 'Capa reembolso', costCents: 6000, sellCents: 12990, stock: 10 });
  const order = await sellThroughApi(t.app, attendant, customer.id, [{ productId: capa.id, quantity: 3 }]);
  expect(order.total).toBe(389.7);
  return { capa, order };
}

const payments = async (orderId: number) => {
  const res = await call('GET', `/orders/${orderId}/payments`, attendant);
  expect(res.statusCode).toBe(200);
  return orderPaymentsSchema.parse(res.json()).data;
};
const history = (orderId: number) =>
  t.db
    .selectFrom('order_status_history as h')
    .leftJoin('employees as e', 'e.id', 'h.employee_id')
    .select(['h.note', 'e.email'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.id')
    .execute();
const audits = (code: string, action: string) =>
  t.db
    .selectFrom('audit_events as a')
    .innerJoin('employees as e', 'e.id', 'a.employee_id')
    .select(['a.changes', 'e.email'])
    .where('a.entity', '=', 'order')
    .where('a.entity_id', '=', code)
    .where('a.action', '=', action)
    .orderBy('a.id')
    .execute();
const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  admin = await signIn(t.app, DEMO.admin);
  stocker = await signIn(t.app, DEMO.stocker);
}, 120_000);
afterAll(() => t.close());

describe('a lowered total below the confirmed parts: a refund to record', () => {
  it('3 × R$ 129,90 paid by card, edited to 2: R$ 129,90 to refund, the order still paid; registered by Pix, replayed the same', async () => {
    const { capa, order } = await placed();
    const part = await call('POST', `/orders/${order.orderId}/payments`, attendant, {
      method: 'CARD',
      amount: 389.7,
      card: CARD,
    });
    expect(part.statusCode).toBe(200);
    const statusBefore = await statusOf(order.orderId);

    // The preview says what would be owed and writes nothing.
    const preview = await call('PATCH', `/orders/${order.orderId}`, attendant, {
      items: [{ productId: capa.id, quantity: 2 }],
      dryRun: true,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ total: 259.8, refund: 129.9, dryRun: true });
    expect((await payments(order.orderId)).refunds).toEqual([]);

    // 2 × R$ 129,90 = R$ 259,80; R$ 389,70 − R$ 259,80 = R$ 129,90 owed back.
    const res = await call('PATCH', `/orders/${order.orderId}`, attendant, {
      items: [{ productId: capa.id, quantity: 2 }],
      expectedTotal: 259.8,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 259.8, previousTotal: 389.7, refund: 129.9, changed: true });
    expect(await statusOf(order.orderId)).toBe(statusBefore);

    const after = await payments(order.orderId);
    expect(after).toMatchObject({ total: 259.8, paid: 259.8, pending: 0, due: 0, paidInFull: true });
    expect(after.refunds).toHaveLength(1);
    const refund = after.refunds?.[0];
    expect(refund).toMatchObject({
      amount: 129.9,
      status: 'PENDING',
      method: null,
      reason: 'Pedido alterado: total de R$ 389,70 para R$ 259,80',
      doneAt: null,
    });
    expect(refund?.createdBy).toEqual(expect.any(String));
    // Nothing more can be paid: the confirmed card, less the refund, is the total.
    const more = await call('POST', `/orders/${order.orderId}/payments`, attendant, { method: 'CASH', amount: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('PAYMENT_OVERPAID');

    expect((await history(order.orderId)).slice(-2)).toEqual([
      {
        note: 'Pedido alterado: itens Capa reembolso 3 → 2; total de R$ 389,70 para R$ 259,80.',
        email: DEMO.attendant,
      },
      {
        note: 'Reembolso a registrar: R$ 129,90 (Pedido alterado: total de R$ 389,70 para R$ 259,80).',
        email: DEMO.attendant,
      },
    ]);
    expect(await audits(order.code, 'refundOwed')).toEqual([
      {
        email: DEMO.attendant,
        changes: {
          refund: 'Reembolso a registrar: R$ 129,90',
          reason: 'Pedido alterado: total de R$ 389,70 para R$ 259,80',
        },
      },
    ]);

    // Registered as given back by Pix, with a note; the same key again answers the same, once.
    const key = randomUUID();
    const url = `/orders/${order.orderId}/refunds/${refund?.id}/done`;
    const body = { method: 'PIX', note: 'Pix para a chave do cliente' };
    const done = await call('POST', url, admin, body, key);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      data: { amount: 129.9, status: 'DONE', method: 'PIX', note: 'Pix para a chave do cliente' },
      replayed: false,
    });
    expect(done.json().data.doneAt).toEqual(expect.any(String));
    const replay = await call('POST', url, admin, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ...done.json(), replayed: true });
    expect(await audits(order.code, 'refundDone')).toEqual([
      {
        email: DEMO.admin,
        changes: { refund: 'Reembolso registrado (Pix): R$ 129,90', note: 'Pix para a chave do cliente' },
      },
    ]);
    expect((await history(order.orderId)).at(-1)).toEqual({
      note: 'Reembolso registrado (Pix): R$ 129,90 — Pix para a chave do cliente.',
      email: DEMO.admin,
    });
    // Still paid, nothing due; another way for a refund already done is refused.
    expect(await payments(order.orderId)).toMatchObject({ paid: 259.8, due: 0, paidInFull: true });
    const other = await call('POST', url, admin, { method: 'CASH' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual(['Este reembolso já foi registrado.']);
  });

  it('bad input: a method other than cash or Pix is 400, an unknown refund 404, a stocker 403; nothing changes', async () => {
    const { capa, order } = await placed();
    expect(
      (await call('POST', `/orders/${order.orderId}/payments`, attendant, { method: 'CASH', amount: 389.7 }))
        .statusCode,
    ).toBe(200);
    const res = await call('PATCH', `/orders/${order.orderId}`, attendant, {
      items: [{ productId: capa.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    // 389,70 − 129,90 = 259,80 owed back.
    expect(res.json().data.refund).toBe(259.8);
    const refund = (await payments(order.orderId)).refunds?.[0];
    const url = `/orders/${order.orderId}/refunds/${refund?.id}/done`;
    const card = await call('POST', url, attendant, { method: 'CARD' });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors).toEqual(["Forma do reembolso inválida: use 'CASH' (dinheiro) ou 'PIX'."]);
    const unknown = await call('POST', `/orders/${order.orderId}/refunds/2000000000/done`, attendant, {
      method: 'CASH',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('POST', url, stocker, { method: 'CASH' })).statusCode).toBe(403);
    expect((await payments(order.orderId)).refunds?.[0]).toMatchObject({ status: 'PENDING', amount: 259.8 });
    // Given back in cash, without a note.
    const cash = await call('POST', url, attendant, { method: 'CASH' });
    expect(cash.statusCode).toBe(200);
    expect((await history(order.orderId)).at(-1)?.note).toBe('Reembolso registrado (Dinheiro): R$ 259,80.');
  });

  it('a pending Pix part above the new total: still 409, nothing owed, nothing changes', async () => {
    const { capa, order } = await placed();
    const pix = await call('POST', `/orders/${order.orderId}/payments`, attendant, { method: 'PIX', amount: 300 });
    expect(pix.statusCode).toBe(200);
    const res = await call('PATCH', `/orders/${order.orderId}`, attendant, {
      items: [{ productId: capa.id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_OVERPAID');
    expect(res.json().errors).toEqual([
      "O novo total (R$ 259,80) fica abaixo do que já foi pago ou aguarda pagamento (R$ 300,00). Recuse o pagamento aguardando em 'Pagamentos' antes de alterar o pedido.",
    ]);
    expect(await payments(order.orderId)).toMatchObject({ total: 389.7, pending: 300, refunds: [] });
  });

  it('a discount below what was paid in cash: 10 % off R$ 389,70 leaves R$ 350,73, R$ 38,97 to refund', async () => {
    const { order } = await placed();
    expect(
      (await call('POST', `/orders/${order.orderId}/payments`, attendant, { method: 'CASH', amount: 389.7 }))
        .statusCode,
    ).toBe(200);
    const res = await call('POST', `/orders/${order.orderId}/discount`, admin, {
      discounts: { order: { kind: 'percent', value: 10 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data ?? res.json()).toMatchObject({ total: 350.73, refund: 38.97 });
    const after = await payments(order.orderId);
    expect(after).toMatchObject({ total: 350.73, paid: 350.73, due: 0, paidInFull: true });
    expect(after.refunds).toMatchObject([
      { amount: 38.97, status: 'PENDING', reason: 'Pedido alterado: total de R$ 389,70 para R$ 350,73' },
    ]);
    expect((await history(order.orderId)).at(-1)).toEqual({
      note: 'Reembolso a registrar: R$ 38,97 (Pedido alterado: total de R$ 389,70 para R$ 350,73).',
      email: DEMO.admin,
    });
  });
});

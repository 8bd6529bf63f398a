import { randomUUID } from 'node:crypto';
import {
  COMPANY_ID,
  ORDER_STATUS,
  orderListSchema,
  orderStatusCountSchema,
  orderSummarySchema,
  pixWebhookInfoSchema,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from '../selling/test-selling';

/**
 * Issue 35 §4: with 'Pix automático' off, a Pix the bank confirmed waited unseen (only the order's details
 * said it). Now it is a bell item (`pix_waiting`) for those who confirm payments, a `pixWaiting` mark on its
 * order in the lists and a `pixWaiting` count on its status's card, until someone confirms it, the bank gives
 * it back or the order stops waiting for its payment. Each `it` makes its own orders (R$ 123,45 each).
 */
type Role = keyof typeof DEMO;
let t: TestApp;
const tokens = {} as Record<Role, string>;
let secret: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, token = tokens.attendant) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: bearer(token),
  });

let counter = 0;
const e2e = () =>
  `E60746948202611221030${String(++counter).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

async function setPixAuto(on: boolean) {
  await t.db
    .insertInto('company_settings')
    .values({ company_id: COMPANY_ID, name: 'Loja', pix_auto: on })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ pix_auto: on }))
    .execute();
}

/** A Pix sale of one product of R$ 123,45, picked up at the store, without warranty: its total is R$ 123,45. */
async function pixOrder(customerName?: string) {
  const customer = await createCustomer(t.db, customerName ? { name: customerName } : {});
  const product = await createProduct(t.db, {
    name: `Película ${randomUUID()}`,
    costCents: 10_000,
    sellCents: 12_345,
    stock: 5,
  });
  expect(
    (await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 })).statusCode,
  ).toBe(200);
  const res = await call('POST', `/orders/checkout/pix/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { orderId: number; code: string; statusKey: number; total: number };
  expect(body.total).toBe(123.45);
  return { id: body.orderId, code: body.code, txid: body.code.replace('-', ''), status: body.statusKey };
}

/** The bank's webhook tells of a Pix of R$ 123,45 for the order; answers its E2E id. */
async function bankPays(txid: string, extra: Record<string, unknown> = {}, id = e2e()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/pix/webhook/${secret}/pix`,
    payload: { pix: [{ endToEndId: id, txid, valor: '123.45', horario: '2026-11-22T13:03:33.902Z', ...extra }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

interface Item {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}
const waitingItems = async (token: string) =>
  ((await call('GET', '/notifications?limit=100', undefined, token)).json() as { data: Item[] }).data.filter(
    (n) => n.kind === 'pix_waiting',
  );
const rowOf = async (status: number, orderId: number, query = '') => {
  const res = await call('GET', `/orders/status/${status}?items=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return orderListSchema.parse(res.json()).orders.find((o) => o.orderId === orderId);
};
const waitingOnCard = async (status: number, query = '') => {
  const res = await call('GET', `/orders/status${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const cards = z.object({ data: z.array(orderStatusCountSchema) }).parse(res.json()).data;
  return cards.find((c) => c.key === status)?.pixWaiting ?? 0;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  const res = await call('GET', '/payments/pix/webhook', undefined, tokens.admin);
  secret = pixWebhookInfoSchema.parse(res.json()).data.secret;
}, 120_000);
afterAll(() => t.close());

describe("a Pix the bank confirmed, waiting for a click ('Pix automático' off)", () => {
  it('is a bell item for the attendants and the administrator (not the stocker), a mark on its row and a count on its card, until the click', async () => {
    await setPixAuto(false);
    const name = `Regina Pixwaiting ${randomUUID().slice(0, 6)}`;
    const order = await pixOrder(name);
    const other = await pixOrder();
    expect(order.status).toBe(ORDER_STATUS.AGUARDANDO_COMPROVANTE);
    const S = ORDER_STATUS.AGUARDANDO_COMPROVANTE;
    const cardBefore = await waitingOnCard(S);
    const itemsBefore = (await waitingItems(tokens.attendant)).length;

    // Before the bank pays: nothing waits.
    expect((await rowOf(S, order.id))?.pixWaiting).toBeUndefined();

    const id = await bankPays(order.txid);
    const received = await t.db
      .selectFrom('pix_received')
      .select(['received_at', 'confirmed_at'])
      .where('end_to_end_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(received.confirmed_at).toBeNull();

    const item = {
      id: `pix-waiting:${id}`,
      kind: 'pix_waiting',
      title: 'Pix recebido aguardando confirmação',
      body: `O banco confirmou o Pix de R$ 123,45 do pedido ${order.code}: confira e confirme o pagamento para o pedido seguir.`,
      link: `/admin/orders?order=${order.id}`,
      createdAt: new Date(received.received_at).toISOString(),
      readAt: null,
    };
    expect((await waitingItems(tokens.attendant)).find((n) => n.id === item.id)).toEqual(item);
    expect((await waitingItems(tokens.admin)).find((n) => n.id === item.id)).toEqual(item);
    expect(await waitingItems(tokens.stocker)).toEqual([]);
    expect(await waitingItems(tokens.attendant)).toHaveLength(itemsBefore + 1);

    // The row of its order says it, the other order's does not; so does the order found by its code.
    expect((await rowOf(S, order.id))?.pixWaiting).toBe(true);
    expect(await rowOf(S, other.id)).not.toHaveProperty('pixWaiting');
    const byCode = orderSummarySchema.parse((await call('GET', `/orders/${order.code}`)).json().data);
    expect(byCode.pixWaiting).toBe(true);
    // Its card counts it, with the screen's filter too (the customer's name), and not under another customer's.
    expect(await waitingOnCard(S)).toBe(cardBefore + 1);
    expect(await waitingOnCard(S, `?q=${encodeURIComponent(name)}`)).toBe(1);
    expect(await waitingOnCard(S, '?q=ninguem-com-este-nome')).toBe(0);
    expect((await rowOf(S, order.id, `&q=${encodeURIComponent(name)}`))?.pixWaiting).toBe(true);

    // The attendant's click confirms it: gone from the bell, the row and the card.
    const res = await call('PATCH', '/workflow/order/confirm-pix', { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSummarySchema.parse(res.json().data)).not.toHaveProperty('pixWaiting');
    expect((await waitingItems(tokens.attendant)).find((n) => n.id === item.id)).toBeUndefined();
    expect(await waitingItems(tokens.attendant)).toHaveLength(itemsBefore);
    expect(await rowOf(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, order.id)).not.toHaveProperty('pixWaiting');
    expect(await waitingOnCard(S)).toBe(cardBefore);
  });

  it('leaves the bell and the row when the bank gives it back, or when the order is cancelled before the click', async () => {
    await setPixAuto(false);
    const S = ORDER_STATUS.AGUARDANDO_COMPROVANTE;
    const refunded = await pixOrder();
    const cancelled = await pixOrder();
    const refundedId = await bankPays(refunded.txid);
    const cancelledId = await bankPays(cancelled.txid);
    const ids = async () => (await waitingItems(tokens.attendant)).map((n) => n.id);
    expect(await ids()).toEqual(expect.arrayContaining([`pix-waiting:${refundedId}`, `pix-waiting:${cancelledId}`]));

    // The bank gives the first back whole: the bell says 'Pix devolvido' instead, and nothing waits.
    await bankPays(
      refunded.txid,
      { devolucoes: [{ id: 'D1', rtrId: `D${refundedId.slice(1)}`, valor: '123.45', status: 'DEVOLVIDO' }] },
      refundedId,
    );
    expect(await ids()).not.toContain(`pix-waiting:${refundedId}`);
    expect((await rowOf(S, refunded.id))?.pixWaiting).toBeUndefined();

    // The second order is cancelled: it no longer waits for a payment.
    const cancel = await call('PATCH', '/workflow/order/cancel', { orderId: cancelled.id, comment: 'Desistiu' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await ids()).not.toContain(`pix-waiting:${cancelledId}`);
    expect(await rowOf(ORDER_STATUS.CANCELADO, cancelled.id)).not.toHaveProperty('pixWaiting');
  });

  it("never waits with 'Pix automático' on: the bank confirms the order at once", async () => {
    await setPixAuto(true);
    const order = await pixOrder();
    expect(order.status).toBe(ORDER_STATUS.PROCESSANDO);
    const id = await bankPays(order.txid);
    expect((await waitingItems(tokens.attendant)).map((n) => n.id)).not.toContain(`pix-waiting:${id}`);
    expect(await rowOf(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, order.id)).not.toHaveProperty('pixWaiting');
    await setPixAuto(false);
  });
});

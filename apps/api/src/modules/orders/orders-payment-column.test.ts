import { ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld, type OrderWorld } from './test-orders';

let t: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  token = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

async function listedPayment(code: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/status/${ORDER_STATUS.FINALIZADOS}?items=100`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = (res.json().orders as { code: string; payment: string }[]).find((o) => o.code === code);
  return order?.payment ?? '(not listed)';
}

describe("the orders list's payment column (issue 54: 'Dinheiro' for an order paid by other methods)", () => {
  it("names each method of an order paid in parts ('Múltiplos: Cartão, Dinheiro'), one method by its name", async () => {
    const split = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS });
    const row = await t.db
      .updateTable('orders')
      .set({ payment_method: 'PIX' })
      .where('id', '=', split.id)
      .returning('total_cents')
      .executeTakeFirstOrThrow();
    // The whole total by a card part and a cash part: nothing left for the order's own 'Pix'.
    const card = Math.floor(row.total_cents / 2);
    await t.db
      .insertInto('order_payments')
      .values([
        {
          order_id: split.id,
          seq: 1,
          method: 'CARD',
          amount_cents: card,
          status: 'CONFIRMED',
          card_kind: 'CREDIT',
          card_brand: 'Visa',
          instalments: 1,
          nsu: '123456',
          authorization_code: 'A1B2C3',
          fee_cents: 0,
          net_cents: card,
        },
        { order_id: split.id, seq: 2, method: 'CASH', amount_cents: row.total_cents - card, status: 'CONFIRMED' },
      ])
      .execute();
    expect(await listedPayment(split.code)).toBe('Múltiplos: Cartão, Dinheiro');

    const plain = await createOrder(t.db, world, { status: ORDER_STATUS.FINALIZADOS });
    await t.db.updateTable('orders').set({ payment_method: 'CASH' }).where('id', '=', plain.id).execute();
    expect(await listedPayment(plain.code)).toBe('Dinheiro');
  });
});

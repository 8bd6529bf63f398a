import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_PAYMENT_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/**
 * The counter's card checkout keeps the rules the payments route keeps for a card part (issue 53, finding 8): a
 * débito is 1×, and no card part is R$ 0,00. A pickup (no freight), no warranty.
 */
let t: TestApp;
let attendant: string;
let admin: string;

const post = (url: string, payload: object, token = attendant) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });
const choices = { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false };
const receipt = (kind: 'DEBIT' | 'CREDIT', instalments: number) => ({
  kind,
  brand: 'Visa',
  instalments,
  nsu: '123456',
  authorizationCode: 'AB12CD',
});

/** A customer with one phone case of `cents` in the cart. */
async function cart(cents: number, token = attendant) {
  const customer = await createCustomer(t.db);
  const product = await createProduct(t.db, {
    name: `Capa ${randomUUID()}`,
    costCents: 500,
    sellCents: cents,
    stock: 5,
  });
  const added = await post(`/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 }, token);
  expect(added.statusCode, added.body).toBe(200);
  return customer.id;
}

const ordersOf = (customerId: number) =>
  t.db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute();

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(apiErrorSchema.parse(res.json()).errors).toContain(message);
}

beforeAll(async () => {
  t = await createTestApp();
  [attendant, admin] = await Promise.all([signIn(t.app, DEMO.attendant), signIn(t.app, DEMO.admin)]);
}, 120_000);
afterAll(() => t.close());

describe("the counter's card checkout keeps the card part's rules (issue 53, finding 8)", () => {
  it('a débito in 3× is refused as the payments route refuses it; in 1× it is taken', async () => {
    const customerId = await cart(10_000);
    const refused = await post(`/orders/checkout/card/${customerId}`, { ...choices, card: receipt('DEBIT', 3) });
    expectRefused(refused, ORDER_PAYMENT_TEXTS.debitInstalments);
    expect(await ordersOf(customerId)).toEqual([]);
    const taken = await post(`/orders/checkout/card/${customerId}`, { ...choices, card: receipt('DEBIT', 1) });
    expect(taken.statusCode, taken.body).toBe(200);
    const parts = await t.db
      .selectFrom('order_payments')
      .select(['method', 'amount_cents', 'card_kind', 'instalments'])
      .where('order_id', '=', (taken.json() as { orderId: number }).orderId)
      .execute();
    // R$ 100,00 in one débito.
    expect(parts).toEqual([{ method: 'CARD', amount_cents: 10_000, card_kind: 'DEBIT', instalments: 1 }]);
  });

  it('a sale of R$ 0,00 (R$ 100,00 less a 100 % discount) takes no card, at the counter nor at the door', async () => {
    const customerId = await cart(10_000, admin);
    // 100,00 − 100 % × 100,00 = R$ 0,00: the administrator's discount has no maximum.
    const zero = { ...choices, discounts: { order: { kind: 'percent', value: 100 } }, expectedTotal: 0 };
    const atDoor = await post(`/orders/checkout/card/${customerId}`, zero, admin);
    expectRefused(atDoor, ORDER_PAYMENT_TEXTS.cardTotalZero);
    const now = await post(`/orders/checkout/card/${customerId}`, { ...zero, card: receipt('CREDIT', 1) }, admin);
    expectRefused(now, ORDER_PAYMENT_TEXTS.cardTotalZero);
    expect(await ordersOf(customerId)).toEqual([]);
    // In cash it is placed: nothing to collect.
    const cash = await post(`/orders/checkout/${customerId}`, zero, admin);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json()).toMatchObject({ total: 0, paymentMethod: 'CASH' });
  });
});

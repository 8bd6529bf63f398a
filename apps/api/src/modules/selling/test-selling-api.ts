import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@backoffice/contract';
import { expect } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';

export type Role = keyof typeof DEMO;

/** What the selling API's test files (selling.test.ts, selling.checkout.test.ts) share. */
export interface SellingWorld {
  t: TestApp;
  tokens: Record<Role, string>;
  /** A JPEG, as a transfer's proof. */
  jpeg: string;
}

/** A fresh app and database, every demo employee signed in, a JPEG for the proofs. */
export async function openSellingWorld(): Promise<SellingWorld> {
  const t = await createTestApp();
  const tokens = {} as Record<Role, string>;
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
  const jpeg = await picture('jpeg');
  return { t, tokens, jpeg };
}

export type Method = 'GET' | 'POST' | 'PATCH';

/** The requests and reads of the selling API's tests, on the world `world()` answers when called. */
export function sellingCalls(world: () => SellingWorld) {
  const call = (method: Method, url: string, payload?: object, token: string | null = world().tokens.attendant) =>
    world().t.app.inject({ method, url: `/api${url}`, payload, headers: token ? bearer(token) : {} });

  const add = (customerId: number, productId: number, quantity: number, token?: string) =>
    call('POST', `/orders/cart/add/${customerId}`, { productId, quantity }, token);
  const change = (customerId: number, productId: number, newQuantity: number) =>
    call('PATCH', `/orders/cart/change/${customerId}`, { productId, newQuantity });
  const preCheckout = (customerId: number, query = '') => call('GET', `/orders/pre/checkout/${customerId}${query}`);
  const cash = (customerId: number, body: Record<string, unknown> = {}, token?: string) =>
    call(
      'POST',
      `/orders/checkout/${customerId}`,
      { typeOfDelivery: 1, withWarranty: false, isFastDelivery: false, idempotencyKey: randomUUID(), ...body },
      token,
    );
  const transfer = (customerId: number, body: Record<string, unknown> = {}) =>
    call('POST', `/orders/checkout/bank/transfer/${customerId}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
      receipt: world().jpeg,
      ...body,
    });

  const orderCount = async () =>
    Number(
      (
        await world()
          .t.db.selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const cartOf = (customerId: number) =>
    world()
      .t.db.selectFrom('cart_items')
      .select(['product_id', 'quantity'])
      .where('customer_id', '=', customerId)
      .orderBy('product_id')
      .execute();
  const stockOf = async (productId: number) =>
    (await world().t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow())
      .stock;

  return { call, add, change, preCheckout, cash, transfer, orderCount, cartOf, stockOf };
}

export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

/**
 * The price world of these tests, worked out by hand:
 * - Product A: cost R$ 100,00, sell R$ 180,00; gold 20 % → R$ 120,00, silver 30 % → R$ 130,00, bronze 40 % → R$ 140,00.
 * - Product B: cost R$ 3,30, sell R$ 5,99; gold 15 % → 379,5 cents → R$ 3,80 (half up), silver 10 % → R$ 3,63,
 *   bronze 25 % → 412,5 cents → R$ 4,13.
 * A cart of 2 × A + 3 × B costs: Ouro 240,00 + 11,40 = 251,40; Prata 260,00 + 10,89 = 270,89;
 * Bronze 280,00 + 12,39 = 292,39; level 0 360,00 + 17,97 = 377,97.
 */
export const PRODUCT_A = { costCents: 10_000, sellCents: 18_000, gold: 20, silver: 30, bronze: 40 };
export const PRODUCT_B = { costCents: 330, sellCents: 599, gold: 15, silver: 10, bronze: 25 };

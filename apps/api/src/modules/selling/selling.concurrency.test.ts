import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct, ledgerOf } from './test-selling';

/**
 * No oversell, no double order, on PGlite and (with DATABASE_URL) on PostgreSQL, where the requests
 * really run at the same time on several connections.
 */
let t: TestApp;
let tokens: string[];

beforeAll(async () => {
  t = await createTestApp();
  tokens = [await signIn(t.app, DEMO.admin), await signIn(t.app, DEMO.attendant)];
}, 120_000);
afterAll(() => t.close());

const checkout = (customerId: number, idempotencyKey: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/checkout/${customerId}`,
    headers: bearer(token),
    payload: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey },
  });

const ordersOf = (productId: number) =>
  t.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.id', 'orders.code', 'orders.customer_id', 'order_items.quantity'])
    .where('order_items.product_id', '=', productId)
    .execute();

describe('many attendants selling the last units at once', () => {
  it('50 checkouts of 1 unit for 20 in stock: exactly 20 orders, stock 0, the ledger adds up, the others get STOCK_INSUFFICIENT naming the product', async () => {
    const product = await createProduct(t.db, {
      name: 'Galaxy S24 Última Unidade',
      costCents: 300_000,
      sellCents: 450_000,
      stock: 20,
    });
    const customers = [];
    for (let i = 0; i < 50; i++) {
      const customer = await createCustomer(t.db);
      await t.db
        .insertInto('cart_items')
        .values({ customer_id: customer.id, product_id: product.id, quantity: 1 })
        .execute();
      customers.push(customer);
    }
    const answers = await Promise.all(
      customers.map((customer, i) => checkout(customer.id, randomUUID(), tokens[i % tokens.length] as string)),
    );

    const sold = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(sold).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'STOCK_INSUFFICIENT',
        errors: ['Estoque insuficiente: Galaxy S24 Última Unidade (disponível 0, pedido 1).'],
      });
    }
    const codes = new Set(sold.map((res) => res.json().code as string));
    expect(codes.size).toBe(20);

    const orders = await ordersOf(product.id);
    expect(orders).toHaveLength(20);
    expect(new Set(orders.map((o) => o.code))).toEqual(codes);
    const ledger = await ledgerOf(t.db, product.id);
    // 20 in (the purchase), 20 sales of 1 out: stock 0, and every row starts where the previous ended.
    expect(ledger).toMatchObject({ stock: 0, sum: 0, last: 0, chained: true });
    expect(ledger.rows.filter((row) => row.kind === 'SALE')).toHaveLength(20);
    expect(new Set(ledger.rows.filter((row) => row.kind === 'SALE').map((row) => row.order_id))).toEqual(
      new Set(orders.map((o) => o.id)),
    );
    // The sold customers' carts are empty; the others keep theirs.
    const soldCustomers = new Set(orders.map((o) => o.customer_id));
    const carts = await t.db
      .selectFrom('cart_items')
      .select('customer_id')
      .where('product_id', '=', product.id)
      .execute();
    expect(carts).toHaveLength(30);
    expect(carts.some((row) => soldCustomers.has(row.customer_id))).toBe(false);
  }, 300_000);

  it('the same idempotency key sent 5 times at once: one order, every answer its code', async () => {
    const product = await createProduct(t.db, {
      name: 'Fone Duplo Clique',
      costCents: 5000,
      sellCents: 9990,
      stock: 10,
    });
    const customer = await createCustomer(t.db);
    await t.db
      .insertInto('cart_items')
      .values({ customer_id: customer.id, product_id: product.id, quantity: 3 })
      .execute();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => checkout(customer.id, key, tokens[i % tokens.length] as string)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const codes = new Set(answers.map((res) => res.json().code as string));
    expect(codes.size).toBe(1);
    expect(answers.filter((res) => res.json().replayed === false)).toHaveLength(1);
    const orders = await ordersOf(product.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.code).toBe([...codes][0]);
    expect(orders[0]?.quantity).toBe(3);
    expect(await ledgerOf(t.db, product.id)).toMatchObject({ stock: 7, sum: 7, last: 7, chained: true });
  }, 120_000);
});

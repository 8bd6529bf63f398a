import { randomUUID } from 'node:crypto';
import { checkoutResponseSchema, preCheckoutResponseSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/**
 * 'Consumidor final' (issue 38 §1, decision 0040): a sale at the counter without registering anyone, through
 * the same cart and checkout calls: each attendant's own walk-in record, pickup only, an optional CPF on the
 * note checked by its digits; the record stays out of every customers list, search and LGPD call.
 */

let t: TestApp;
const tokens = {} as Record<'admin' | 'attendant' | 'stocker', string>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = tokens.attendant) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });
const walkIn = async (token = tokens.attendant) => {
  const res = await call('POST', '/customers/walk-in', undefined, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; name: string; email: string };
};
const cash = (customerId: number, body: Record<string, unknown> = {}) =>
  call('POST', `/orders/checkout/${customerId}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    ...body,
  });
const ordersOf = (customerId: number) =>
  t.db
    .selectFrom('orders')
    .select(['id', 'code', 'delivery_type', 'note_document', 'total_cents', 'items_total_cents', 'shipping_cost_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'attendant', 'stocker'] as const) tokens[role] = await signIn(t.app, DEMO[role]);
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/customers/walk-in: each attendant's own 'Consumidor final'", () => {
  it('is made on first use and answered again after; another attendant gets another (their own cart)', async () => {
    const first = await walkIn();
    expect(first.name).toBe('Consumidor final');
    expect(await walkIn()).toEqual(first);
    const admins = await walkIn(tokens.admin);
    expect(admins.name).toBe('Consumidor final');
    expect(admins.id).not.toBe(first.id);
    const rows = await t.db
      .selectFrom('customers')
      .select(['id', 'status'])
      .where('name', '=', 'Consumidor final')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first.id, status: 'WALK_IN' },
      { id: admins.id, status: 'WALK_IN' },
    ]);
  });

  it('two first uses at once make one record', async () => {
    // The administrator's record (made above, nothing sold through it yet) is taken away: the next use is a first.
    const admin = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    // Several rounds: which unique index the second insert meets first varies (once a 500 on PostgreSQL).
    for (let round = 0; round < 5; round++) {
      await t.db.deleteFrom('customers').where('walk_in_employee_id', '=', admin.id).execute();
      const [a, b] = await Promise.all([walkIn(tokens.admin), walkIn(tokens.admin)]);
      expect(a).toEqual(b);
      const rows = await t.db
        .selectFrom('customers')
        .select('id')
        .where('walk_in_employee_id', '=', admin.id)
        .execute();
      expect(rows).toEqual([{ id: a.id }]);
    }
  });

  it('is refused to a role without internal sales (Estoque)', async () => {
    const before = await t.db.selectFrom('customers').select('id').where('status', '=', 'WALK_IN').execute();
    const res = await call('POST', '/customers/walk-in', undefined, tokens.stocker);
    expect(res.statusCode).toBe(403);
    const after = await t.db.selectFrom('customers').select('id').where('status', '=', 'WALK_IN').execute();
    expect(after).toEqual(before);
  });

  it('stays out of the lists, their counts, the search, the details, deletion, status changes and LGPD', async () => {
    const record = await walkIn();
    const all = await call('GET', '/customers');
    expect(all.json().customers.map((c: { id: number }) => c.id)).not.toContain(record.id);
    const page = await call('GET', '/customers?page=0&items=100&search=consumidor');
    expect(page.json()).toEqual({ customers: [], total: 0 });
    const search = await call('GET', '/customers/full-search?param=consumidor%20final');
    expect(search.json().customers).toEqual([]);
    const details = await call('GET', `/administrator/customer/${encodeURIComponent(record.email)}`);
    expect(details.statusCode).toBe(404);
    expect((await call('DELETE', `/customers/${record.id}`)).statusCode).toBe(404);
    const block = await call('PATCH', `/administrator/customer/${record.id}/status`, { status: 'Blocked', note: 'x' });
    expect(block.statusCode).toBe(404);
    expect((await call('GET', `/customers/${record.id}/export`, undefined, tokens.admin)).statusCode).toBe(404);
    expect((await call('POST', `/customers/${record.id}/anonymise`, undefined, tokens.admin)).statusCode).toBe(404);
    const row = await t.db.selectFrom('customers').select('status').where('id', '=', record.id).executeTakeFirst();
    expect(row?.status).toBe('WALK_IN');
  });
});

describe('a walk-in sale', () => {
  it('is priced at the list price and taken at the store: the pre-checkout turns a delivery into pickup', async () => {
    const record = await walkIn(tokens.admin);
    const product = await createProduct(t.db, { name: 'Capa walk-in', costCents: 5000, sellCents: 12990, stock: 5 });
    expect(
      (await call('POST', `/orders/cart/add/${record.id}`, { productId: product.id, quantity: 2 }, tokens.admin))
        .statusCode,
    ).toBe(200);
    const res = await call('GET', `/orders/pre/checkout/${record.id}?typeOfDelivery=1`, undefined, tokens.admin);
    const pre = preCheckoutResponseSchema.parse(res.json());
    // 2 × R$ 129,90 = R$ 259,80; no freight at the counter.
    expect(pre.choices.typeOfDelivery).toBe(2);
    expect(pre.customer).toMatchObject({ id: record.id, name: 'Consumidor final', canBuy: true, walkIn: true });
    expect(pre.deliveryCharge).toBe(0);
    expect(pre.total).toBe(259.8);
    expect(pre.nextDeparture).toBeNull();
    await call('PATCH', `/orders/cart/change/${record.id}`, { productId: product.id, newQuantity: 0 }, tokens.admin);
  });

  it('is refused with delivery by motoboy, and with a CPF on the note whose digits are wrong: nothing placed', async () => {
    const record = await walkIn();
    const product = await createProduct(t.db, { name: 'Película walk-in', costCents: 1000, sellCents: 4990, stock: 3 });
    await call('POST', `/orders/cart/add/${record.id}`, { productId: product.id, quantity: 1 });

    const delivery = await cash(record.id, { typeOfDelivery: 1 });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json().errors).toEqual(['Venda para consumidor final: somente retirada na loja.']);

    // 111.444.777-35 is a CPF (worked out in customers.register.test.ts); -36 is not.
    const wrong = await cash(record.id, { noteDocument: '111.444.777-36' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['CPF/CNPJ na nota inválido: confira os dígitos.']);

    expect(await ordersOf(record.id)).toEqual([]);
    const cart = await t.db.selectFrom('cart_items').select('quantity').where('customer_id', '=', record.id).execute();
    expect(cart).toEqual([{ quantity: 1 }]);
    const stock = await t.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirst();
    expect(stock?.stock).toBe(3);
  });

  it('is placed for pickup with the CPF on the note kept on the order, without punctuation', async () => {
    const record = await walkIn();
    await t.db.deleteFrom('cart_items').where('customer_id', '=', record.id).execute();
    const product = await createProduct(t.db, {
      name: 'Carregador walk-in',
      costCents: 3000,
      sellCents: 8950,
      stock: 4,
    });
    await call('POST', `/orders/cart/add/${record.id}`, { productId: product.id, quantity: 3 });
    // 3 × R$ 89,50 = R$ 268,50.
    const res = await cash(record.id, { noteDocument: '111.444.777-35', expectedTotal: 268.5 });
    expect(res.statusCode).toBe(200);
    const answer = checkoutResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ total: 268.5, deliveryType: 2, paymentMethod: 'CASH' });
    const orders = await ordersOf(record.id);
    expect(orders).toEqual([
      {
        id: answer.orderId,
        code: answer.code,
        delivery_type: 2,
        note_document: '11144477735',
        total_cents: 26850,
        items_total_cents: 26850,
        shipping_cost_cents: 0,
      },
    ]);
    const stock = await t.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirst();
    expect(stock?.stock).toBe(1);
    // The orders screen's filter finds it by 'consumidor final'.
    const filtered = await call('GET', `/orders/status/1?page=0&items=50&q=consumidor%20final`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().orders.map((o: { orderId: number }) => o.orderId)).toContain(answer.orderId);
    // The order reads as any other, its customer 'Consumidor final'.
    const details = await call('GET', `/orders/by-id/${answer.orderId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      customer: 'Consumidor final',
      customerDocument: '111.444.777-35',
      customerPhone: null,
    });
  });

  it('without a CPF on the note keeps none; a blank one is none too', async () => {
    const record = await walkIn();
    await t.db.deleteFrom('cart_items').where('customer_id', '=', record.id).execute();
    const product = await createProduct(t.db, { name: 'Fone walk-in', costCents: 2000, sellCents: 5000, stock: 2 });
    await call('POST', `/orders/cart/add/${record.id}`, { productId: product.id, quantity: 1 });
    const res = await cash(record.id, { noteDocument: '  ' });
    expect(res.statusCode).toBe(200);
    const order = (await ordersOf(record.id)).find((o) => o.id === res.json().orderId);
    expect(order?.note_document).toBeNull();
  });

  it('a CPF on the note is refused for a registered customer (his own document is on his record)', async () => {
    const customer = await createCustomer(t.db);
    const product = await createProduct(t.db, { name: 'Cabo walk-in', costCents: 500, sellCents: 1990, stock: 2 });
    await call('POST', `/orders/cart/add/${customer.id}`, { productId: product.id, quantity: 1 });
    const res = await cash(customer.id, { noteDocument: '111.444.777-35' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'CPF/CNPJ na nota só se informa na venda para consumidor final; o cliente cadastrado já tem o seu.',
    ]);
    expect(await ordersOf(customer.id)).toEqual([]);
  });
});

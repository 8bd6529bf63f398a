import { randomUUID } from 'node:crypto';
import { checkoutResponseSchema, preCheckoutResponseSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/** Discounts at sale time (issue 38 §3, decision 0041), every figure worked out by hand. */
let t: TestApp;
let attendant: string;
let admin: string;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

/** The attendant's role ('Atendimento') allows `percent` % at most. */
const attendantMaximum = (percent: number) =>
  sql`update roles set max_discount_hundredths = ${Math.round(percent * 100)} where name = 'Atendimento'`.execute(t.db);

/** A customer of its own (level 0: the sell price; no freight, no warranty) with `lines` in the cart. */
async function cartWith(lines: { sellCents: number; costCents: number; quantity: number; name?: string }[]) {
  const customer = await createCustomer(t.db);
  const products: number[] = [];
  for (const [index, line] of lines.entries()) {
    const product = await createProduct(t.db, {
      name: line.name ?? `Produto desconto ${index + 1}`,
      costCents: line.costCents,
      sellCents: line.sellCents,
      stock: 10,
    });
    products.push(product.id);
    const added = await call('POST', `/orders/cart/add/${customer.id}`, attendant, {
      productId: product.id,
      quantity: line.quantity,
    });
    expect(added.statusCode).toBe(200);
  }
  return { customer, products };
}

const checkout = (customerId: number, token: string, body: Record<string, unknown>) =>
  call('POST', `/orders/checkout/${customerId}`, token, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
    ...body,
  });

const orderOf = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['items_total_cents', 'discount_cents', 'total_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const itemsOf = (id: number) =>
  t.db
    .selectFrom('order_items')
    .select(['product_id', 'total_cents', 'discount_cents'])
    .where('order_id', '=', id)
    .orderBy('product_id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  attendant = await signIn(t.app, DEMO.attendant);
  admin = await signIn(t.app, DEMO.admin);
}, 120_000);
afterAll(() => t.close());

describe('discounts at checkout', () => {
  it('7 % on a line of 3 × R$ 129,90: R$ 389,70 − R$ 27,28 = R$ 362,42, within a 7 % maximum', async () => {
    await attendantMaximum(7);
    const { customer, products } = await cartWith([{ sellCents: 12990, costCents: 8000, quantity: 3 }]);
    const discounts = { lines: [{ productId: products[0], kind: 'percent', value: 7 }] };

    const pre = preCheckoutResponseSchema.parse(
      (
        await call(
          'GET',
          `/orders/pre/checkout/${customer.id}?typeOfDelivery=2&discounts=${encodeURIComponent(JSON.stringify(discounts))}`,
          attendant,
        )
      ).json(),
    );
    expect(pre.total).toBe(362.42);
    // The discount comes off the goods only: no warranty, no freight for this customer; the goods as they were.
    expect(pre.warrantyAmount).toBe(0);
    expect(pre.cart.totalAmount).toBe(389.7);
    expect(pre.discounts).toEqual({
      lines: [{ productId: products[0], discount: 27.28 }],
      linesDiscount: 27.28,
      orderDiscount: 0,
      discount: 27.28,
      refusal: null,
    });
    expect(pre.maxDiscountPercentage).toBe(7);

    const res = await checkout(customer.id, attendant, { discounts, expectedTotal: 362.42 });
    expect(res.statusCode).toBe(200);
    const placed = checkoutResponseSchema.parse(res.json());
    expect(placed.total).toBe(362.42);
    expect(await orderOf(placed.orderId)).toEqual({
      items_total_cents: 38970,
      discount_cents: 2728,
      total_cents: 36242,
    });
    expect(await itemsOf(placed.orderId)).toEqual([
      { product_id: products[0], total_cents: 38970, discount_cents: 2728 },
    ]);

    // The order's details say it (the section-7 `discount` of the order, in reais).
    const details = await call('GET', `/orders/by-id/${placed.orderId}`, admin);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      itemsTotal: 389.7,
      discount: 27.28,
      total: 362.42,
      items: [{ productId: products[0], quantity: 3, unitPrice: 129.9, discount: 27.28 }],
    });
  });

  it('R$ 0,10 on the whole order of R$ 1,00 + R$ 2,00 + R$ 3,00: 0,01 / 0,03 / 0,06 (the cent left on the largest)', async () => {
    await attendantMaximum(5);
    // shares rounded down: 10 × 100/600 = 1,67 → 1; 10 × 200/600 = 3,33 → 3; 10 × 300/600 = 5; 1 cent left → 6
    const { customer, products } = await cartWith([
      { sellCents: 100, costCents: 50, quantity: 1 },
      { sellCents: 200, costCents: 50, quantity: 1 },
      { sellCents: 300, costCents: 50, quantity: 1 },
    ]);
    const res = await checkout(customer.id, attendant, {
      discounts: { order: { kind: 'amount', value: 0.1 } },
      expectedTotal: 5.9,
    });
    expect(res.statusCode).toBe(200);
    const { orderId } = checkoutResponseSchema.parse(res.json());
    expect(await orderOf(orderId)).toEqual({ items_total_cents: 600, discount_cents: 10, total_cents: 590 });
    expect((await itemsOf(orderId)).map((item) => [item.product_id, item.discount_cents])).toEqual([
      [products[0], 1],
      [products[1], 3],
      [products[2], 6],
    ]);
  });

  it('above the role maximum: refused naming it, nothing placed; pre-checkout says why and keeps the full total', async () => {
    await attendantMaximum(7);
    const { customer, products } = await cartWith([{ sellCents: 10000, costCents: 6000, quantity: 1 }]);
    const discounts = { order: { kind: 'percent', value: 8 } };
    const before = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const res = await checkout(customer.id, attendant, { discounts });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([
      'O desconto passa do máximo da sua regra (7 %). Peça a um funcionário com permissão de desconto maior.',
    ]);
    const after = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const cart = await t.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(cart.map((row) => row.product_id)).toEqual(products);

    const pre = preCheckoutResponseSchema.parse(
      (
        await call(
          'GET',
          `/orders/pre/checkout/${customer.id}?typeOfDelivery=2&discounts=${encodeURIComponent(JSON.stringify(discounts))}`,
          attendant,
        )
      ).json(),
    );
    expect(pre.total).toBe(100);
    expect(pre.discounts?.discount).toBe(8);
    expect(pre.discounts?.refusal).toContain('(7 %)');

    // A role without a maximum (0, the default) gives no discount at all, not even R$ 0,01.
    await attendantMaximum(0);
    const none = await checkout(customer.id, attendant, { discounts: { order: { kind: 'amount', value: 0.01 } } });
    expect(none.statusCode).toBe(403);
    expect(none.json().errors[0]).toContain('máximo 0 %');
  });

  it('full:access has no maximum: the administrator gives 50 % (R$ 100,00 → R$ 50,00)', async () => {
    await attendantMaximum(0);
    const { customer } = await cartWith([{ sellCents: 10000, costCents: 6000, quantity: 1 }]);
    const res = await checkout(customer.id, admin, {
      discounts: { order: { kind: 'percent', value: 50 } },
      expectedTotal: 50,
    });
    expect(res.statusCode).toBe(200);
    const { orderId } = checkoutResponseSchema.parse(res.json());
    expect(await orderOf(orderId)).toEqual({ items_total_cents: 10000, discount_cents: 5000, total_cents: 5000 });
  });

  it('refuses a discount above its line and one for a product not in the cart (400), placing nothing', async () => {
    await attendantMaximum(100);
    const { customer, products } = await cartWith([{ sellCents: 1000, costCents: 500, quantity: 1, name: 'Película' }]);
    const above = await checkout(customer.id, attendant, {
      discounts: { lines: [{ productId: products[0], kind: 'amount', value: 10.01 }] },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual(['O desconto do produto Película passa do valor da linha (R$ 10,00).']);
    const stranger = await checkout(customer.id, attendant, {
      discounts: { lines: [{ productId: 2_000_000, kind: 'percent', value: 1 }] },
    });
    expect(stranger.statusCode).toBe(400);
    const bad = await checkout(customer.id, attendant, { discounts: { order: { kind: 'percent', value: 7.555 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContain('O desconto em % vai de 0 a 100, com até duas casas decimais.');
    const cart = await t.db
      .selectFrom('cart_items')
      .select('product_id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(cart).toHaveLength(1);
  });

  it('leaves freight and warranty as quoted: R$ 100,00 + warranty 10 % (R$ 10,00) + freight R$ 8,00 − 5 % = R$ 113,00', async () => {
    await attendantMaximum(5);
    const customer = await createCustomer(t.db, { warrantyPercentage: 10, shippingCents: 800 });
    const product = await createProduct(t.db, { name: 'Carregador', costCents: 5000, sellCents: 10000, stock: 5 });
    await call('POST', `/orders/cart/add/${customer.id}`, attendant, { productId: product.id, quantity: 1 });
    const discounts = { order: { kind: 'percent', value: 5 } };
    const pre = preCheckoutResponseSchema.parse(
      (
        await call(
          'GET',
          `/orders/pre/checkout/${customer.id}?typeOfDelivery=1&withWarranty=true&discounts=${encodeURIComponent(JSON.stringify(discounts))}`,
          attendant,
        )
      ).json(),
    );
    expect([pre.warrantyAmount, pre.deliveryCharge, pre.discounts?.discount, pre.total]).toEqual([10, 8, 5, 113]);
    const res = await call('POST', `/orders/checkout/${customer.id}`, attendant, {
      typeOfDelivery: 1,
      withWarranty: true,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
      discounts,
      expectedTotal: 113,
    });
    expect(res.statusCode).toBe(200);
    const order = await t.db
      .selectFrom('orders')
      .select(['items_total_cents', 'shipping_cost_cents', 'warranty_cents', 'discount_cents', 'total_cents'])
      .where('id', '=', res.json().orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      items_total_cents: 10000,
      shipping_cost_cents: 800,
      warranty_cents: 1000,
      discount_cents: 500,
      total_cents: 11300,
    });
  });

  it('without discounts the section-7 checkout is unchanged: discount 0 on the order and its items', async () => {
    const { customer } = await cartWith([{ sellCents: 2500, costCents: 1000, quantity: 2 }]);
    const res = await checkout(customer.id, attendant, { expectedTotal: 50 });
    expect(res.statusCode).toBe(200);
    const { orderId } = checkoutResponseSchema.parse(res.json());
    expect(await orderOf(orderId)).toEqual({ items_total_cents: 5000, discount_cents: 0, total_cents: 5000 });
  });
});

describe('POST /orders/{id}/discount: the discount of an order not yet separated', () => {
  const change = (orderId: number, token: string, discounts: object) =>
    call('POST', `/orders/${orderId}/discount`, token, { discounts });

  it('sets 7 % on a cash order waiting for the stocker: R$ 389,70 → R$ 362,42, audited before and after; removes it', async () => {
    await attendantMaximum(7);
    const { customer, products } = await cartWith([{ sellCents: 12990, costCents: 8000, quantity: 3 }]);
    const placed = checkoutResponseSchema.parse((await checkout(customer.id, attendant, {})).json());
    expect(placed.total).toBe(389.7);

    const res = await change(placed.orderId, attendant, {
      lines: [{ productId: products[0], kind: 'percent', value: 7 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ orderId: placed.orderId, discount: 27.28, total: 362.42 });
    expect(await orderOf(placed.orderId)).toEqual({
      items_total_cents: 38970,
      discount_cents: 2728,
      total_cents: 36242,
    });
    expect(await itemsOf(placed.orderId)).toEqual([
      { product_id: products[0], total_cents: 38970, discount_cents: 2728 },
    ]);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes', 'employee_id'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', placed.code)
      .where('action', '=', 'changeDiscount')
      .execute();
    expect(audit.map((row) => row.changes)).toEqual([
      { discount: { from: 0, to: 27.28 }, total: { from: 389.7, to: 362.42 } },
    ]);
    // The order's history says it too (the details' timeline).
    const notes = await t.db
      .selectFrom('order_status_history')
      .select('note')
      .where('order_id', '=', placed.orderId)
      .where('note', 'is not', null)
      .execute();
    expect(notes.map((row) => row.note)).toContain('Desconto alterado de R$ 0,00 para R$ 27,28; novo total R$ 362,42.');

    // Above the maximum: refused, nothing changed.
    const above = await change(placed.orderId, attendant, { order: { kind: 'percent', value: 8 } });
    expect(above.statusCode).toBe(403);
    expect(await orderOf(placed.orderId)).toEqual({
      items_total_cents: 38970,
      discount_cents: 2728,
      total_cents: 36242,
    });

    // {} removes every discount.
    const removed = await change(placed.orderId, attendant, {});
    expect(removed.json().data).toMatchObject({ discount: 0, total: 389.7 });
    expect(await itemsOf(placed.orderId)).toEqual([{ product_id: products[0], total_cents: 38970, discount_cents: 0 }]);
  });

  it('refuses once the order is being separated, and for an order paid by transfer (its proof is for its total)', async () => {
    await attendantMaximum(10);
    const { customer } = await cartWith([{ sellCents: 10000, costCents: 6000, quantity: 1 }]);
    const placed = checkoutResponseSchema.parse((await checkout(customer.id, attendant, {})).json());
    await sql`update orders set status = 2 where id = ${placed.orderId}`.execute(t.db);
    const late = await change(placed.orderId, attendant, { order: { kind: 'percent', value: 5 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([
      'O desconto só pode ser alterado antes da separação: em pedido em dinheiro ou cartão na entrega aguardando o estoquista, ou por Pix ainda não pago.',
    ]);
    expect(await orderOf(placed.orderId)).toEqual({ items_total_cents: 10000, discount_cents: 0, total_cents: 10000 });
    expect((await change(2_000_000_000, attendant, {})).statusCode).toBe(404);
  });

  it("the order's own Pix, not yet paid: the BR Code asked afterwards is for the new total", async () => {
    await attendantMaximum(10);
    const { customer } = await cartWith([{ sellCents: 10000, costCents: 6000, quantity: 1 }]);
    const res = await call('POST', `/orders/checkout/pix/${customer.id}`, attendant, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    const placed = checkoutResponseSchema.parse(res.json());
    const changed = await change(placed.orderId, attendant, { order: { kind: 'amount', value: 10 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.total).toBe(90);
    // The shop's Pix key, then the order's BR Code: its amount field (ID 54) is '90.00', 5 characters.
    const key = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/bank-settings',
      headers: bearer(admin),
      payload: { settings: key },
    });
    expect(saved.statusCode).toBe(201);
    const merchant = await t.app.inject({
      method: 'PATCH',
      url: '/api/companies/settings',
      headers: bearer(admin),
      payload: { companyId: 1, enablePixAuto: false, merchantName: 'Conecta Cell', merchantCity: 'São Paulo' },
    });
    expect(merchant.statusCode).toBe(200);
    const pix = await call('GET', `/orders/pix/${placed.orderId}`, attendant);
    expect(pix.statusCode).toBe(200);
    expect(pix.json().data.payload).toContain('540590.00');
    expect(pix.json().data.payload).not.toContain('5406100.00');
  });
});

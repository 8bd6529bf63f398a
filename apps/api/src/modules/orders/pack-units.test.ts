import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer } from '../selling/test-selling';
import { picture } from './test-orders';

/**
 * Packing a serialized line names its units (issue 17 §3). Valid IMEIs (Luhn check digit of the first 14),
 * worked out by hand:
 * - 490154203237518: kept 4+0+5+2+3+3+5 = 22, doubled 9+2+8+0+4+5+2 = 30, 52 → 8
 * - 352099081234565: kept 3+2+9+0+1+3+5 = 23, doubled 1+0+9+7+4+8+3 = 32, 55 → 5
 * - 356938035643809: kept 8+4+5+0+3+6+3 = 29, doubled 0,6,3,6,7,9,1 = 32, 61 → 9
 * - 220000000000004: kept 2, doubled 2 → 4, 6 → 4
 * - 330000000000001: kept 3, doubled 3 → 6, 9 → 1
 * - 111111111111119: kept 7, doubled 14, 21 → 9
 * - 350000000000006: kept 3, doubled 5 → 10 → 1, 4 → 6 (never registered here)
 * - 990000000000002: kept 9, doubled 9 → 18 → 9, 18 → 2
 * - 120000000000005: kept 1, doubled 2 → 4, 5 → 5
 */
const IMEI = {
  a: '490154203237518',
  b: '352099081234565',
  c: '356938035643809',
  d: '220000000000004',
  e: '330000000000001',
  f: '990000000000002',
  g: '120000000000005',
  other: '111111111111119',
  unknown: '350000000000006',
};

let t: TestApp;
let admin: string;
let attendant: string;
let stocker: string;
let photo: string;

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
  attendant = await signIn(t.app, DEMO.attendant);
  stocker = await signIn(t.app, DEMO.stocker);
  photo = await picture('jpeg');
  const brand = await call(admin, 'POST', '/products/brand', { name: 'Samsung Pack' });
  expect(brand.statusCode, brand.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

/** A serialized phone entered with these units (R$ 1.999,90; cost R$ 1.500,00). */
async function phone(name: string, imeis: string[]) {
  const res = await call(admin, 'POST', '/products', {
    name,
    brand: 'Samsung Pack',
    cost: 1500,
    sellPrice: 1999.9,
    discount: { silverPercentage: 0, goldPercentage: 0 },
    stock: imeis.length,
    tags: [],
    serialized: true,
    units: imeis.map((imei) => ({ imei })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string; stock: number };
}

/** A sale of `quantity` units, for pickup at the store, in cash; then the stocker starts preparing it. */
async function sold(productId: number, quantity: number) {
  const customer = await createCustomer(t.db);
  const added = await call(attendant, 'POST', `/orders/cart/add/${customer.id}`, { productId, quantity });
  expect(added.statusCode, added.body).toBe(200);
  const checkout = await call(attendant, 'POST', `/orders/checkout/${customer.id}`, {
    typeOfDelivery: 2,
    withWarranty: false,
    isFastDelivery: false,
    idempotencyKey: randomUUID(),
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const order = checkout.json() as { orderId: number; code: string };
  const prepared = await call(stocker, 'PATCH', '/workflow/order/prepare', { orderId: order.orderId });
  expect(prepared.statusCode, prepared.body).toBe(200);
  return order;
}

const pack = (orderId: number, units?: Array<{ productId: number; imei: string }>) =>
  call(stocker, 'PATCH', '/workflow/order/pack', { orderId, images: [photo], ...(units ? { units } : {}) });

async function unitsOf(productId: number) {
  return t.db
    .selectFrom('product_units')
    .select(['imei', 'status', 'order_id'])
    .where('product_id', '=', productId)
    .orderBy('imei')
    .execute();
}
const stockOf = async (productId: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
const statusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

/** The IMEIs a ledger row of this kind names, for the order's product. */
async function namedBy(orderId: number, productId: number, kind: 'SALE' | 'CANCELLATION') {
  const rows = await t.db
    .selectFrom('stock_movement_units as mu')
    .innerJoin('stock_movements as m', 'm.id', 'mu.movement_id')
    .innerJoin('product_units as u', 'u.id', 'mu.unit_id')
    .select('u.imei')
    .where('m.order_id', '=', orderId)
    .where('m.product_id', '=', productId)
    .where('m.kind', '=', kind)
    .orderBy('u.imei')
    .execute();
  return rows.map((row) => row.imei);
}

describe('packing a serialized line (issue 17 §3)', () => {
  it('holds the units by count at checkout, names them at packing, and gives them back when cancelled', async () => {
    const product = await phone('Galaxy S24 Pack', [IMEI.a, IMEI.b, IMEI.c]);
    const order = await sold(product.id, 2);
    // Checkout: 3 − 2 = 1 in the stock figure; the three units are still on the shelf, two held by count.
    expect(await stockOf(product.id)).toBe(1);
    expect((await unitsOf(product.id)).map((u) => u.status)).toEqual(['IN_STOCK', 'IN_STOCK', 'IN_STOCK']);

    const res = await pack(order.orderId, [
      { productId: product.id, imei: IMEI.c },
      { productId: product.id, imei: IMEI.a },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(order.orderId)).toBe(ORDER_STATUS.AGUARDANDO_CLIENTE);
    expect(await unitsOf(product.id)).toEqual([
      { imei: IMEI.b, status: 'IN_STOCK', order_id: null },
      { imei: IMEI.c, status: 'SOLD', order_id: order.orderId },
      { imei: IMEI.a, status: 'SOLD', order_id: order.orderId },
    ]);
    // Now stock = units in stock: 1 = 1; the checkout's SALE row names the two units.
    expect(await stockOf(product.id)).toBe(1);
    expect(await namedBy(order.orderId, product.id, 'SALE')).toEqual([IMEI.a, IMEI.c].sort());
    // The order's details name the phones (in the order they were entered: a before c).
    const detail = await call(attendant, 'GET', `/orders/by-id/${order.orderId}`);
    expect(detail.json().data.items).toEqual([
      { productId: product.id, name: 'Galaxy S24 Pack', quantity: 2, unitPrice: 1999.9, imeis: [IMEI.a, IMEI.c] },
    ]);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.code)
      .where('action', '=', 'readyForPickup')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(JSON.stringify(audit.changes)).units).toEqual([IMEI.c, IMEI.a]);

    // Cancelled after packing: the units are on the shelf again, named by the CANCELLATION row; 3 = 3.
    const cancel = await call(attendant, 'PATCH', '/workflow/order/cancel', {
      orderId: order.orderId,
      comment: 'Cliente desistiu no balcão.',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect((await unitsOf(product.id)).map((u) => [u.status, u.order_id])).toEqual([
      ['IN_STOCK', null],
      ['IN_STOCK', null],
      ['IN_STOCK', null],
    ]);
    expect(await namedBy(order.orderId, product.id, 'CANCELLATION')).toEqual([IMEI.a, IMEI.c].sort());
  });

  it('refuses a wrong count, an unknown IMEI, one of another product, one in another order, a repeat: nothing changes', async () => {
    const product = await phone('Galaxy A35 Pack', [IMEI.d, IMEI.e]);
    const otherProduct = await phone('Moto G Pack', [IMEI.other]);
    const first = await sold(product.id, 1);
    const second = await sold(product.id, 1);
    const unit = (imei: string, productId = product.id) => ({ productId, imei });
    const refused = async (units: Array<{ productId: number; imei: string }> | undefined, status: number) => {
      const res = await pack(second.orderId, units);
      expect(res.statusCode, res.body).toBe(status);
      return apiErrorSchema.parse(res.json()).errors[0];
    };

    expect(await refused(undefined, 400)).toBe(
      'Galaxy A35 Pack: o pedido leva 1 unidade; informe um IMEI por unidade (informados: 0).',
    );
    expect(await refused([unit(IMEI.d), unit(IMEI.e)], 400)).toBe(
      'Galaxy A35 Pack: o pedido leva 1 unidade; informe um IMEI por unidade (informados: 2).',
    );
    expect(await refused([unit(IMEI.unknown)], 400)).toBe(`IMEI não cadastrado: ${IMEI.unknown}.`);
    expect(await refused([unit(IMEI.other)], 400)).toBe(`O IMEI ${IMEI.other} é de outro produto (Moto G Pack).`);
    expect(await refused([unit(IMEI.d), unit(IMEI.other, otherProduct.id)], 400)).toBe(
      'Moto G Pack não está neste pedido ou não controla IMEI.',
    );
    // The first order takes IMEI d; the second may not.
    expect((await pack(first.orderId, [unit(IMEI.d)])).statusCode).toBe(200);
    expect(await refused([unit(IMEI.d)], 409)).toBe(`O IMEI ${IMEI.d} já está no pedido ${first.code}.`);
    // Nothing of the refused packings stayed: the second order is still being prepared, e still on the shelf.
    expect(await statusOf(second.orderId)).toBe(ORDER_STATUS.EM_PREPARACAO);
    expect(await unitsOf(product.id)).toEqual([
      { imei: IMEI.d, status: 'SOLD', order_id: first.orderId },
      { imei: IMEI.e, status: 'IN_STOCK', order_id: null },
    ]);
    expect((await pack(second.orderId, [unit(IMEI.e)])).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('two stockers packing the same unit for two orders at once: one wins, the other is refused with 409', async () => {
    // 440000000000008: kept 4, doubled 4 → 8, 12 → 8; 550000000000004: kept 5, doubled 5 → 10 → 1, 6 → 4.
    const product = await phone('iPhone 15 Pack', ['440000000000008', '550000000000004']);
    const orders = [await sold(product.id, 1), await sold(product.id, 1)];
    const answers = await Promise.all(
      orders.map((order) => pack(order.orderId, [{ productId: product.id, imei: '440000000000008' }])),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = orders[answers.findIndex((res) => res.statusCode === 200)] as { orderId: number; code: string };
    const loser = answers.find((res) => res.statusCode === 409);
    expect(apiErrorSchema.parse(loser?.json()).errors[0]).toBe(
      `O IMEI 440000000000008 já está no pedido ${winner.code}.`,
    );
    expect((await unitsOf(product.id)).find((u) => u.imei === '440000000000008')).toEqual({
      imei: '440000000000008',
      status: 'SOLD',
      order_id: winner.orderId,
    });
  });

  it("a phone that came in after the sale reads 'Vendido' when it was packed, after its entry", async () => {
    // 540000000000007: 5 + (4 → 8) = 13 → 7; 570000000000000: 5 + (7 → 14 → 5) = 10 → 0.
    const product = await phone('Moto G Depois', ['540000000000007']);
    const order = await sold(product.id, 1);
    const sources = await call(stocker, 'GET', '/products/sources');
    const entry = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
      products: [
        {
          productId: product.id,
          cost: 1500,
          stock: 1,
          source: sources.json().data[0].key,
          units: [{ imei: '570000000000000' }],
        },
      ],
    });
    expect(entry.statusCode, entry.body).toBe(200);
    // The phone that came in after the checkout is the one packed.
    expect((await pack(order.orderId, [{ productId: product.id, imei: '570000000000000' }])).statusCode).toBe(200);
    const unit = (await call(stocker, 'GET', '/units/570000000000000')).json().data;
    const history = unit.history as Array<{ event: string; at: string }>;
    expect(history.map((entry) => entry.event)).toEqual(['Entrada no estoque', 'Vendido']);
    const placed = (
      await t.db.selectFrom('orders').select('created_at').where('id', '=', order.orderId).executeTakeFirstOrThrow()
    ).created_at as Date;
    expect(new Date(history[1]?.at as string).getTime()).toBeGreaterThan(new Date(history[0]?.at as string).getTime());
    expect(new Date(history[0]?.at as string).getTime()).toBeGreaterThan(placed.getTime());
  });

  it("answers 'Consultar IMEI' by either IMEI: the customer, the order, the warranty from the pickup, the history", async () => {
    // 660000000000001: kept 6, doubled 6 → 12 → 3, 9 → 1; 880000000000005: kept 8, doubled 8 → 16 → 7, 15 → 5;
    // 770000000000008: kept 7, doubled 7 → 14 → 5, 12 → 8.
    const res = await call(admin, 'POST', '/products', {
      name: 'Redmi Note Garantia',
      brand: 'Samsung Pack',
      cost: 800,
      sellPrice: 1299.9,
      discount: { silverPercentage: 0, goldPercentage: 0 },
      stock: 2,
      tags: [],
      serialized: true,
      warrantyMonths: 3,
      units: [{ imei: '660000000000001', imei2: '880000000000005' }, { imei: '770000000000008' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().data as { id: number; code: string; warrantyMonths: number };
    expect(product.warrantyMonths).toBe(3);
    const order = await sold(product.id, 1);
    expect((await pack(order.orderId, [{ productId: product.id, imei: '880000000000005' }])).statusCode).toBe(200);

    // Not yet with the customer: no warranty running.
    const before = await call(stocker, 'GET', '/units/660000000000001');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({
      imei: '660000000000001',
      imei2: '880000000000005',
      product: { id: product.id, code: product.code, name: 'Redmi Note Garantia' },
      status: 'SOLD',
      order: { id: order.orderId, code: order.code },
      deliveredAt: null,
      warrantyEndsAt: null,
      warrantyDaysLeft: null,
    });

    // Picked up at the counter: finalized. Its finalization is set to 30/11/2025 15:00 UTC, so 3 months end on
    // 28/02/2026 (February has no 30th): over, 0 days left.
    const finalize = await call(attendant, 'POST', '/workflow/order/finalize', { orderId: order.orderId });
    expect(finalize.statusCode, finalize.body).toBe(200);
    await t.db
      .updateTable('orders')
      .set({ finished_at: new Date('2025-11-30T15:00:00.000Z') })
      .where('id', '=', order.orderId)
      .execute();
    const over = (await call(attendant, 'GET', '/units/880000000000005')).json().data;
    expect(over).toMatchObject({
      imei: '660000000000001',
      deliveredAt: '2025-11-30T15:00:00.000Z',
      warrantyEndsAt: '2026-02-28T15:00:00.000Z',
      warrantyDaysLeft: 0,
    });
    expect(over.customer.name).toMatch(/^Cliente Venda /);
    expect(over.history.map((h: { event: string }) => h.event)).toEqual([
      'Entregue ao cliente',
      'Estoque inicial (cadastro do produto)',
      'Vendido',
    ]);
    expect(over.history[2]).toMatchObject({ orderCode: order.code, employee: 'Beatriz Atendente' });

    // With the order's extended warranty: 3 + 12 = 15 months from 31/01/2026 15:00 UTC → 30/04/2027 (April
    // has no 31st). Days left: counted here from the clock, before and after the call.
    await t.db
      .updateTable('orders')
      .set({ with_warranty: true, finished_at: new Date('2026-01-31T15:00:00.000Z') })
      .where('id', '=', order.orderId)
      .execute();
    const from = Date.now();
    const covered = (await call(admin, 'GET', '/units/660000000000001')).json().data;
    const to = Date.now();
    expect(covered.warrantyEndsAt).toBe('2027-04-30T15:00:00.000Z');
    const end = Date.UTC(2027, 3, 30, 15);
    expect(covered.warrantyDaysLeft).toBeGreaterThanOrEqual(Math.ceil((end - to) / 86_400_000));
    expect(covered.warrantyDaysLeft).toBeLessThanOrEqual(Math.ceil((end - from) / 86_400_000));

    // Unknown, malformed, and not for a courier.
    const unknown = await call(admin, 'GET', `/units/${IMEI.unknown}`);
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).errors[0]).toBe('Nenhum aparelho cadastrado com este IMEI.');
    expect((await call(admin, 'GET', '/units/12345')).statusCode).toBe(400);
    const courier = await signIn(t.app, DEMO.courier);
    expect((await call(courier, 'GET', '/units/660000000000001')).statusCode).toBe(403);
  });
});

describe("the phones named in the customer's and the product's histories (issue 17 §3)", () => {
  it('lists the IMEIs each customer got, on the purchase history and on the product sales history', async () => {
    const product = await phone('Galaxy A55 Histórico', [IMEI.f, IMEI.g]);
    const customer = await createCustomer(t.db);
    const added = await call(attendant, 'POST', `/orders/cart/add/${customer.id}`, {
      productId: product.id,
      quantity: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await call(attendant, 'POST', `/orders/checkout/${customer.id}`, {
      typeOfDelivery: 2,
      withWarranty: false,
      isFastDelivery: false,
      idempotencyKey: randomUUID(),
    });
    const { orderId, code } = checkout.json() as { orderId: number; code: string };
    const year = new Date().getUTCFullYear();
    const period = `start/${year - 1}-01-01T00:00:00/end/${year + 1}-12-31T23:59:59`;
    const purchases = async () =>
      (await call(admin, 'GET', `/reports/customer/histories/${customer.id}/${period}`)).json().data.orders;
    const sales = async () =>
      (await call(admin, 'GET', `/reports/product/sold/histories/${product.id}/${period}`)).json();

    // Held by count, not packed yet: no IMEI to show.
    expect((await purchases())[0].items[0].imeis).toBeUndefined();
    expect((await call(stocker, 'PATCH', '/workflow/order/prepare', { orderId })).statusCode).toBe(200);
    const packed = await pack(orderId, [
      { productId: product.id, imei: IMEI.g },
      { productId: product.id, imei: IMEI.f },
    ]);
    expect(packed.statusCode, packed.body).toBe(200);

    const [order] = await purchases();
    expect(order.code).toBe(code);
    expect(order.items).toEqual([
      expect.objectContaining({ name: 'Galaxy A55 Histórico', quantity: 2, imeis: [IMEI.f, IMEI.g] }),
    ]);
    const history = await sales();
    expect(history.data).toEqual([
      expect.objectContaining({ orderCode: code, quantity: 2, totalSold: 3999.8, imeis: [IMEI.f, IMEI.g] }),
    ]);
  });
});

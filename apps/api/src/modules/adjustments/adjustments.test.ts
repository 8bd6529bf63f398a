import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer } from '../selling/test-selling';

/**
 * Exchanges and returns registered (issue 17 §5). Valid IMEIs (Luhn check digit of the first 14), worked
 * out by hand:
 * 41…0 + check: body 4, 1, then zeros; from the right the body's 13th digit (1) is doubled, the 14th (4) kept.
 * - 410000000000004: 4 + 2 = 6 → 4
 * - 420000000000002: 4 + 4 = 8 → 2
 * - 430000000000000: 4 + 6 = 10 → 0
 * - 440000000000008: 4 + 8 = 12 → 8
 * - 450000000000005: 4 + (10 → 1) = 5 → 5
 * - 460000000000003: 4 + (12 → 3) = 7 → 3
 * - 470000000000001: 4 + (14 → 5) = 9 → 1
 * - 480000000000009: 4 + (16 → 7) = 11 → 9
 * - 490000000000007: 4 + (18 → 9) = 13 → 7
 * - 510000000000003: 5 + 2 = 7 → 3
 */
const IMEI = {
  a: '410000000000004',
  b: '420000000000002',
  c: '430000000000000',
  d: '440000000000008',
  e: '450000000000005',
  f: '490000000000007',
  g: '510000000000003',
};

let t: TestApp;
let admin: string;
let attendant: string;
let stocker: string;
let attendantId: number;
let courierId: number;
let photo: string;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
  attendant = await signIn(t.app, DEMO.attendant);
  stocker = await signIn(t.app, DEMO.stocker);
  photo = await picture('jpeg');
  const staff = await t.db.selectFrom('employees').select(['id', 'email']).execute();
  attendantId = staff.find((s) => s.email === DEMO.attendant)?.id as number;
  courierId = staff.find((s) => s.email === DEMO.courier)?.id as number;
  const brand = await call(admin, 'POST', '/products/brand', { name: 'Marca Trocas' });
  expect(brand.statusCode, brand.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

let n = 0;
/** A product through the API: a phone with its units, or an accessory with a stock. */
async function product(sellPrice: number, spec: { imeis?: string[]; stock?: number }) {
  const res = await call(admin, 'POST', '/products', {
    name: `Troca ${++n}`,
    brand: 'Marca Trocas',
    cost: 5,
    sellPrice,
    discount: { silverPercentage: 0, goldPercentage: 0 },
    stock: spec.imeis ? spec.imeis.length : (spec.stock ?? 0),
    tags: [],
    ...(spec.imeis ? { serialized: true, units: spec.imeis.map((imei) => ({ imei })) } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string; name: string };
}

/**
 * A sale for pickup at the store, in cash, by the attendant: prepared, packed (phones named by IMEI) and,
 * unless `finalize` is false, finalized at the counter (FINALIZADOS).
 */
async function sale(lines: Array<{ productId: number; quantity: number; imeis?: string[] }>, finalize = true) {
  const customer = await createCustomer(t.db);
  for (const line of lines) {
    const added = await call(attendant, 'POST', `/orders/cart/add/${customer.id}`, {
      productId: line.productId,
      quantity: line.quantity,
    });
    expect(added.statusCode, added.body).toBe(200);
  }
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
  const units = lines.flatMap((line) => (line.imeis ?? []).map((imei) => ({ productId: line.productId, imei })));
  const packed = await call(stocker, 'PATCH', '/workflow/order/pack', {
    orderId: order.orderId,
    images: [photo],
    ...(units.length ? { units } : {}),
  });
  expect(packed.statusCode, packed.body).toBe(200);
  if (finalize) {
    const done = await call(attendant, 'POST', '/workflow/order/finalize', { orderId: order.orderId });
    expect(done.statusCode, done.body).toBe(200);
  }
  return order;
}

const register = (body: object, token = attendant) => call(token, 'POST', '/orders/adjustments', body);

const stockOf = async (productId: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
const unitOf = async (imei: string) =>
  t.db.selectFrom('product_units').select(['status', 'order_id']).where('imei', '=', imei).executeTakeFirstOrThrow();

/** Everything a refused registration must leave as it was. */
async function snapshot(productIds: number[]) {
  const count = async (table: 'stock_movements' | 'order_adjustments' | 'order_status_history' | 'audit_events') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    stocks: await Promise.all(productIds.map(stockOf)),
    units: await t.db.selectFrom('product_units').select(['imei', 'status', 'order_id']).orderBy('imei').execute(),
    ledger: await count('stock_movements'),
    adjustments: await count('order_adjustments'),
    history: await count('order_status_history'),
    audit: await count('audit_events'),
  };
}

/** Yesterday 00:00 to tomorrow 23:59:59 (the reports' period), so today's registrations fall inside. */
function period() {
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    const p = (x: number) => String(x).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  };
  return `start/${day(-1)}T00:00:00/end/${day(1)}T23:59:59`;
}

describe('registering an exchange or a return (issue 17 §5)', () => {
  it('a return of 1 of 3 units of an accessory at R$ 12,50 refunds R$ 12,50 and puts 1 back in stock', async () => {
    const cable = await product(12.5, { stock: 10 });
    const order = await sale([{ productId: cable.id, quantity: 3 }]);
    expect(await stockOf(cable.id)).toBe(7);

    const res = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: cable.id, quantity: 1 }],
      comments: 'Cabo com defeito',
      delivererId: courierId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      orderId: order.orderId,
      orderCode: order.code,
      kind: 'RETURN',
      lines: [
        {
          productId: cable.id,
          quantity: 1,
          imei: null,
          unitPrice: 12.5,
          replacementProductId: null,
          difference: -12.5,
        },
      ],
      difference: -12.5,
    });
    // 7 + 1 = 8, on a RETURN ledger row at the price paid.
    expect(await stockOf(cable.id)).toBe(8);
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_in', 'quantity_out', 'stock_before', 'stock_after', 'unit_price_cents'])
      .where('order_id', '=', order.orderId)
      .where('kind', '=', 'RETURN')
      .execute();
    expect(ledger).toEqual([
      { kind: 'RETURN', quantity_in: 1, quantity_out: 0, stock_before: 7, stock_after: 8, unit_price_cents: 1250 },
    ]);

    // Report 9 (the attendant who registered it) and 11 (the courier who collected it) list it at once.
    const row = {
      orderId: order.orderId,
      orderCode: order.code,
      returnProductName: cable.name,
      returnQuantity: 1,
      returnPrice: 12.5,
      comments: 'Cabo com defeito',
    };
    for (const id of [attendantId, courierId]) {
      const report = await call(admin, 'GET', `/reports/order/return/${period()}/employee/${id}`);
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().data.filter((r: { orderId: number }) => r.orderId === order.orderId)).toMatchObject([row]);
    }
    // The report's order dialog: 3 × 12,50 = 37,50 sold, 12,50 back, 25,00 left.
    const detail = await call(admin, 'GET', `/reports/order/return/${order.orderId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      adjustments: [{ productName: cable.name, quantity: 1, unitPrice: 12.5 }],
      totalReturn: 12.5,
      orderTotal: 37.5,
      total: 25,
    });
    // The order's history says what came back.
    const history = await call(admin, 'GET', `/reports/order/histories/${order.orderId}`);
    const notes = history.json().data.histories.map((h: { note: string | null }) => h.note);
    expect(notes).toContain(`Devolução registrada: 1× ${cable.name}. Valor a devolver ao cliente: R$ 12,50.`);

    // Two more may still come back, not three: 3 sold, 1 already back.
    const before = await snapshot([cable.id]);
    const tooMany = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: cable.id, quantity: 3 }],
    });
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(apiErrorSchema.parse(tooMany.json())).toMatchObject({
      code: 'ADJUSTMENT_QUANTITY_EXCEEDED',
      errors: [
        `${cable.name}: foram vendidas 3 unidades neste pedido e 1 já voltou (troca ou devolução); não é possível registrar mais 3.`,
      ],
    });
    expect(await snapshot([cable.id])).toEqual(before);
    const rest = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: cable.id, quantity: 2 }],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.difference).toBe(-25);
    expect(await stockOf(cable.id)).toBe(10);
  });

  it('a returned phone comes back in analysis (stock unchanged) until a stocker releases it or writes it off', async () => {
    const phone = await product(1999.9, { imeis: [IMEI.a, IMEI.b, IMEI.c] });
    const order = await sale([{ productId: phone.id, quantity: 2, imeis: [IMEI.a, IMEI.b] }]);
    expect(await stockOf(phone.id)).toBe(1);

    const res = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [
        { productId: phone.id, quantity: 1, imei: IMEI.a },
        { productId: phone.id, quantity: 1, imei: IMEI.b },
      ],
      comments: 'Desistiu',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 2 × R$ 1.999,90 = R$ 3.999,80 back to the customer.
    expect(res.json().data.difference).toBe(-3999.8);
    expect(await unitOf(IMEI.a)).toEqual({ status: 'RETURNED', order_id: order.orderId });
    expect(await unitOf(IMEI.b)).toEqual({ status: 'RETURNED', order_id: order.orderId });
    expect(await stockOf(phone.id)).toBe(1);

    const looked = await call(stocker, 'GET', `/units/${IMEI.a}`);
    expect(looked.json().data.status).toBe('RETURNED');
    // Delivered, then brought back: the phone is the shop's again, no warranty runs for it.
    expect(looked.json().data).toMatchObject({ warrantyEndsAt: null, warrantyDaysLeft: null });
    expect(looked.json().data.history.map((h: { event: string }) => h.event)).toContain(
      'Devolvido pelo cliente (em análise)',
    );

    // Released: in stock again, +1 on a ledger row naming it.
    const released = await call(stocker, 'POST', `/units/${IMEI.a}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ imei: IMEI.a, status: 'IN_STOCK', order: null });
    expect(released.json().data.history.map((h: { event: string }) => h.event)).toEqual(
      expect.arrayContaining(['Devolvido pelo cliente (em análise)', 'Liberado para o estoque (após análise)']),
    );
    expect(await stockOf(phone.id)).toBe(2);
    // Written off: no longer anyone's, the stock does not change (it was not on sale).
    const writtenOff = await call(stocker, 'POST', `/units/${IMEI.b}/write-off`);
    expect(writtenOff.statusCode, writtenOff.body).toBe(200);
    expect(writtenOff.json().data.status).toBe('WRITTEN_OFF');
    expect(writtenOff.json().data.history.at(-1).event).toBe('Baixado (após análise)');
    expect(await stockOf(phone.id)).toBe(2);
    // Stock = units in stock = ledger: 2 (c and a).
    const ledger = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.sum<string>(eb('quantity_in', '-', eb.ref('quantity_out'))).as('s'))
      .where('product_id', '=', phone.id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.s)).toBe(2);

    // Neither may be released again; the attendant (orders only) may not release at all.
    const again = await call(stocker, 'POST', `/units/${IMEI.a}/release`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'UNIT_NOT_RETURNED',
      errors: [
        `O IMEI ${IMEI.a} não está em análise (Em estoque): só um aparelho devolvido pode ser liberado ou baixado.`,
      ],
    });
    expect((await call(stocker, 'POST', `/units/${IMEI.b}/release`)).statusCode).toBe(409);
  });

  it('an exchange for a dearer phone takes the replacement out of stock and charges the difference', async () => {
    const cheap = await product(1999.9, { imeis: [IMEI.d] });
    const dear = await product(2499.9, { imeis: [IMEI.e] });
    const order = await sale([{ productId: cheap.id, quantity: 1, imeis: [IMEI.d] }]);
    const res = await register({
      orderId: order.orderId,
      kind: 'EXCHANGE',
      items: [
        { productId: cheap.id, quantity: 1, imei: IMEI.d, replacementProductId: dear.id, replacementImei: IMEI.e },
      ],
      comments: 'Quis o modelo maior',
    });
    expect(res.statusCode, res.body).toBe(201);
    // R$ 2.499,90 − R$ 1.999,90 = R$ 500,00 to receive from the customer.
    expect(res.json().data).toMatchObject({
      kind: 'EXCHANGE',
      lines: [
        {
          productId: cheap.id,
          imei: IMEI.d,
          unitPrice: 1999.9,
          replacementProductId: dear.id,
          replacementProductName: dear.name,
          replacementImei: IMEI.e,
          replacementUnitPrice: 2499.9,
          difference: 500,
        },
      ],
      difference: 500,
    });
    expect(await unitOf(IMEI.d)).toEqual({ status: 'RETURNED', order_id: order.orderId });
    expect(await unitOf(IMEI.e)).toEqual({ status: 'SOLD', order_id: order.orderId });
    expect(await stockOf(cheap.id)).toBe(0);
    expect(await stockOf(dear.id)).toBe(0);
    const stored = await t.db
      .selectFrom('order_adjustments')
      .select(['unit_price_cents', 'replacement_unit_price_cents', 'difference_cents'])
      .where('original_order_id', '=', order.orderId)
      .execute();
    expect(stored).toEqual([
      { unit_price_cents: 199990, replacement_unit_price_cents: 249990, difference_cents: 50000 },
    ]);
    const report = await call(admin, 'GET', `/reports/order/exchange/${period()}/employee/${attendantId}`);
    expect(report.json().data.filter((r: { orderId: number }) => r.orderId === order.orderId)).toMatchObject([
      { exchangeProductName: cheap.name, exchangeQuantity: 1, exchangePrice: 1999.9, comments: 'Quis o modelo maior' },
    ]);
  });

  it("the replacement phone's history is in the order things happened; its warranty runs from the exchange", async () => {
    // 520000000000001: 5 + (2 → 4) = 9 → 1; 530000000000009: 5 + (3 → 6) = 11 → 9. Warranty: 12 months (default).
    const phone = await product(1999.9, { imeis: ['520000000000001', '530000000000009'] });
    // Sold and finalized at the counter (the customer took 520…), then exchanged for 530… at the counter.
    const order = await sale([{ productId: phone.id, quantity: 1, imeis: ['520000000000001'] }]);
    const res = await register({
      orderId: order.orderId,
      kind: 'EXCHANGE',
      items: [{ productId: phone.id, quantity: 1, imei: '520000000000001', replacementImei: '530000000000009' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const finishedAt = (
      await t.db.selectFrom('orders').select('finished_at').where('id', '=', order.orderId).executeTakeFirstOrThrow()
    ).finished_at as Date;

    type Entry = { event: string; at: string; orderCode: string | null };
    const replacement = (await call(attendant, 'GET', '/units/530000000000009')).json().data;
    const events = (replacement.history as Entry[]).map((entry) => entry.event);
    // It was in the shop when the order was finalized: the customer received it at the exchange.
    expect(events).toEqual(['Estoque inicial (cadastro do produto)', 'Trocado', 'Entregue ao cliente']);
    const exchangedAt = (replacement.history as Entry[])[1]?.at as string;
    expect(new Date(exchangedAt).getTime()).toBeGreaterThan(finishedAt.getTime());
    expect(replacement.history[2]).toMatchObject({ at: exchangedAt, orderCode: order.code });
    // 12 months from the exchange: the same day and time a year later.
    const nextYear = `${Number(exchangedAt.slice(0, 4)) + 1}${exchangedAt.slice(4)}`;
    expect(replacement).toMatchObject({ status: 'SOLD', deliveredAt: exchangedAt, warrantyEndsAt: nextYear });

    // The phone that came back: received when the order was finalized, then returned; no warranty any more.
    const original = (await call(attendant, 'GET', '/units/520000000000001')).json().data;
    expect((original.history as Entry[]).map((entry) => entry.event)).toEqual([
      'Estoque inicial (cadastro do produto)',
      'Vendido',
      'Entregue ao cliente',
      'Devolvido pelo cliente (em análise)',
    ]);
    expect(original).toMatchObject({
      status: 'RETURNED',
      deliveredAt: finishedAt.toISOString(),
      warrantyEndsAt: null,
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const cable = await product(12.5, { stock: 5 });
    const other = await product(30, { stock: 0 });
    const order = await sale([{ productId: cable.id, quantity: 2 }]);
    const open = await sale([{ productId: cable.id, quantity: 1 }], false);
    const before = await snapshot([cable.id, other.id]);
    const cases: Array<{ body: object; status: number; code: string; error?: string; token?: string }> = [
      {
        body: { orderId: open.orderId, kind: 'RETURN', items: [{ productId: cable.id, quantity: 1 }] },
        status: 409,
        code: 'ORDER_NOT_ADJUSTABLE',
        error: `O pedido ${open.code} está em "Aguardando cliente": só um pedido entregue ou finalizado aceita troca ou devolução.`,
      },
      {
        body: { orderId: order.orderId, kind: 'RETURN', items: [{ productId: cable.id, quantity: 3 }] },
        status: 409,
        code: 'ADJUSTMENT_QUANTITY_EXCEEDED',
      },
      {
        body: { orderId: order.orderId, kind: 'RETURN', items: [{ productId: other.id, quantity: 1 }] },
        status: 400,
        code: 'NOT_IN_ORDER',
        error: `O produto #${other.id} não está neste pedido.`,
      },
      {
        body: {
          orderId: order.orderId,
          kind: 'EXCHANGE',
          items: [{ productId: cable.id, quantity: 1, replacementProductId: other.id }],
        },
        status: 409,
        code: 'STOCK_INSUFFICIENT',
      },
      {
        body: {
          orderId: order.orderId,
          kind: 'EXCHANGE',
          items: [{ productId: cable.id, quantity: 1, replacementProductId: 2_000_000_000 }],
        },
        status: 404,
        code: 'NOT_FOUND',
        error: 'Produto de reposição não encontrado.',
      },
      {
        body: {
          orderId: order.orderId,
          kind: 'RETURN',
          items: [{ productId: cable.id, quantity: 1 }],
          delivererId: attendantId,
        },
        status: 400,
        code: 'NOT_A_COURIER',
        error: 'O funcionário escolhido não é um motoboy ativo.',
      },
      {
        body: { orderId: order.orderId, kind: 'RETURN', items: [{ productId: cable.id, quantity: 1 }] },
        status: 403,
        code: 'FORBIDDEN',
        token: stocker,
      },
      {
        body: { orderId: 2_000_000_000, kind: 'RETURN', items: [{ productId: cable.id, quantity: 1 }] },
        status: 404,
        code: 'NOT_FOUND',
      },
    ];
    for (const c of cases) {
      const res = await register(c.body, c.token);
      expect(res.statusCode, res.body).toBe(c.status);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code, res.body).toBe(c.code);
      if (c.error) expect(body.errors).toEqual([c.error]);
    }
    expect(await snapshot([cable.id, other.id])).toEqual(before);
  });

  it('refuses a phone that was not sold in the order, and a replacement phone not in stock', async () => {
    const phone = await product(1000, { imeis: ['460000000000003', '470000000000001', '480000000000009'] });
    const order = await sale([{ productId: phone.id, quantity: 1, imeis: ['460000000000003'] }]);
    const other = await sale([{ productId: phone.id, quantity: 1, imeis: ['470000000000001'] }]);
    const before = await snapshot([phone.id]);
    const notSold = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: phone.id, quantity: 1, imei: '470000000000001' }],
    });
    expect(notSold.statusCode, notSold.body).toBe(400);
    expect(notSold.json()).toMatchObject({
      code: 'NOT_IN_ORDER',
      errors: [`O IMEI 470000000000001 não foi vendido no pedido ${order.code}.`],
    });
    const noImei = await register({
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: phone.id, quantity: 1 }],
    });
    expect(noImei.statusCode, noImei.body).toBe(400);
    const soldReplacement = await register({
      orderId: order.orderId,
      kind: 'EXCHANGE',
      items: [{ productId: phone.id, quantity: 1, imei: '460000000000003', replacementImei: '470000000000001' }],
    });
    expect(soldReplacement.statusCode, soldReplacement.body).toBe(409);
    expect(soldReplacement.json().code).toBe('STOCK_INSUFFICIENT');
    expect(other.orderId).not.toBe(order.orderId);
    expect(await snapshot([phone.id])).toEqual(before);
    // The same phone for the one in stock: no difference.
    const same = await register({
      orderId: order.orderId,
      kind: 'EXCHANGE',
      items: [{ productId: phone.id, quantity: 1, imei: '460000000000003', replacementImei: '480000000000009' }],
    });
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().data.difference).toBe(0);
    expect(await stockOf(phone.id)).toBe(0);
  });

  it('two attendants returning the last unit of a line at once: one wins, the other is refused', async () => {
    const cable = await product(12.5, { stock: 4 });
    const order = await sale([{ productId: cable.id, quantity: 1 }]);
    const body = { orderId: order.orderId, kind: 'RETURN', items: [{ productId: cable.id, quantity: 1 }] };
    const answers = await Promise.all([register(body), register(body, admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('ADJUSTMENT_QUANTITY_EXCEEDED');
    // 4 − 1 sold + 1 back = 4, once.
    expect(await stockOf(cable.id)).toBe(4);
  });
});

describe("'Aparelhos em análise': the phones that came back and wait for a verdict", () => {
  it('lists them longest waiting first, with order and customer; a release takes one off; products or orders may read', async () => {
    const phone = await product(1999.9, { imeis: [IMEI.f, IMEI.g] });
    const first = await sale([{ productId: phone.id, quantity: 1, imeis: [IMEI.g] }]);
    const second = await sale([{ productId: phone.id, quantity: 1, imeis: [IMEI.f] }]);
    for (const [order, imei] of [
      [first, IMEI.g],
      [second, IMEI.f],
    ] as const) {
      const res = await register({
        orderId: order.orderId,
        kind: 'RETURN',
        items: [{ productId: phone.id, quantity: 1, imei }],
        comments: 'Tela com defeito',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const mine = async (token = stocker) => {
      const res = await call(token, 'GET', '/units/in-analysis?items=100');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Array<{ imei: string; order: { code: string }; product: { name: string } }> };
      return body.data.filter((u) => u.imei === IMEI.f || u.imei === IMEI.g);
    };
    // G came back first: it has waited longest.
    const listed = await mine();
    expect(listed.map((u) => [u.imei, u.order.code, u.product.name])).toEqual([
      [IMEI.g, first.code, phone.name],
      [IMEI.f, second.code, phone.name],
    ]);
    expect(await mine(attendant)).toHaveLength(2);
    const released = await call(stocker, 'POST', `/units/${IMEI.g}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect((await mine()).map((u) => u.imei)).toEqual([IMEI.f]);
    // A courier (neither products nor orders) may not read them.
    const courier = await signIn(t.app, DEMO.courier);
    expect((await call(courier, 'GET', '/units/in-analysis')).statusCode).toBe(403);
  });
});

describe('a registration sent again under its key (a lost answer)', () => {
  it('answers the registration made and writes nothing twice', async () => {
    const cable = await product(12.5, { stock: 3 });
    const order = await sale([{ productId: cable.id, quantity: 3 }]);
    const body = {
      orderId: order.orderId,
      kind: 'RETURN',
      items: [{ productId: cable.id, quantity: 1 }],
      registration: randomUUID(),
    };
    const first = await register(body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await register(body);
    expect(again.statusCode, again.body).toBe(201);
    // The same answer: one unit back, R$ 12,50 refunded; stock 0 + 1 once, one adjustment row.
    expect(again.json().data).toEqual(first.json().data);
    expect(again.json().data.difference).toBe(-12.5);
    expect(await stockOf(cable.id)).toBe(1);
    const rows = await t.db
      .selectFrom('order_adjustments')
      .select('id')
      .where('original_order_id', '=', order.orderId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

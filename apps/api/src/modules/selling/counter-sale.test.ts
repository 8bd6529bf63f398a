import { randomUUID } from 'node:crypto';
import { ORDER_STATUS, orderPaymentsSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, expectApiError, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { createCustomer, createProduct } from './test-selling';

/**
 * 'Balcão' (issue 54 §1, decision 0074): POST /api/counter/sales sells and hands over in one call. The issue's
 * sale: three items to a walk-in with a discount, R$ 400,00 in cash (R$ 500,00 received, R$ 100,00 change) and the
 * rest on a credit card in 3×. Figures by hand:
 *   goods  250,00 + 2 × 120,00 + 89,90 = 579,90;  order discount R$ 9,90 → total 570,00
 *   cash 400,00 (received 500,00 → change 100,00) + card 170,00 (3×) = 570,00
 */

let t: TestApp;
let tokens: Record<DemoRole, string>;
const call = tokenCaller(() => t.app);

let registers = 0;
/** A register of the test's own, opened by `role` with R$ 50,00 of float. */
async function openDrawer(role: DemoRole = 'attendant') {
  const made = await call('POST', '/cash-registers', tokens.admin, { name: `Caixa balcão ${++registers}` });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json().data as { id: number };
  const opened = await call('POST', `/cash-registers/${id}/open`, tokens[role], { float: 50 });
  expect(opened.statusCode, opened.body).toBe(201);
  return id;
}

/** Closes the drawer counting `counted`: exactly what it should hold (no difference). */
async function closeDrawer(registerId: number, counted: number) {
  const closed = await call('POST', `/cash-registers/${registerId}/close`, tokens.attendant, { counted });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json().data.difference).toBe(0);
}

async function products() {
  const capa = await createProduct(t.db, { name: 'Capa Balcão', costCents: 10_000, sellCents: 25_000, stock: 5 });
  const cabo = await createProduct(t.db, { name: 'Cabo Balcão', costCents: 4_000, sellCents: 12_000, stock: 5 });
  const fone = await createProduct(t.db, { name: 'Fone Balcão', costCents: 3_000, sellCents: 8_990, stock: 5 });
  return { capa, cabo, fone };
}

const card = (instalments = 3) => ({
  kind: 'CREDIT',
  brand: 'Visa',
  instalments,
  nsu: '123456',
  authorizationCode: 'AB12C',
});

function issueSale(p: Awaited<ReturnType<typeof products>>, extra: Record<string, unknown> = {}) {
  return {
    items: [
      { productId: p.capa.id, quantity: 1 },
      { productId: p.cabo.id, quantity: 2 },
      { productId: p.fone.id, quantity: 1 },
    ],
    discounts: { order: { kind: 'amount', value: 9.9 } },
    payments: [
      { method: 'CASH', amount: 400, received: 500 },
      { method: 'CARD', amount: 170, card: card() },
    ],
    ...extra,
  };
}

const stockOf = async (id: number) =>
  (await t.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInAll(t.app);
  // The attendants may give up to 5 % off (the issue's discount is 9,90 of 579,90: 1,7 %).
  await sql`update roles set max_discount_hundredths = 500 where name = 'Atendimento'`.execute(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("POST /api/counter/sales: 'Concluir venda' at the counter", () => {
  it("sells the issue's sale to a walk-in: paid, finalized and in the seller's drawer at once", async () => {
    const p = await products();
    const registerId = await openDrawer();
    const res = await call('POST', '/counter/sales', tokens.attendant, issueSale(p, { expectedTotal: 570 }));
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json().data;
    expect(sale).toMatchObject({ total: 570, change: 100, statusKey: ORDER_STATUS.FINALIZADOS, replayed: false });
    expect(sale.registerName).toMatch(/^Caixa balcão \d+$/);

    const order = await t.db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.status', 'o.total_cents', 'o.discount_cents', 'o.delivery_type', 'o.sold_at_counter', 'c.name'])
      .where('o.id', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      status: 13,
      total_cents: 57_000,
      discount_cents: 990,
      delivery_type: 2,
      sold_at_counter: true,
      name: 'Consumidor final',
    });
    expect([await stockOf(p.capa.id), await stockOf(p.cabo.id), await stockOf(p.fone.id)]).toEqual([4, 3, 4]);

    // The order is paid in full: no balance shown nor any payment it could still take.
    const payments = orderPaymentsSchema.parse(
      (await call('GET', `/orders/${sale.orderId}/payments`, tokens.attendant)).json(),
    ).data;
    expect([payments.paid, payments.due, payments.paidInFull]).toEqual([570, 0, true]);
    expect(payments.parts.map((part) => [part.method, part.amount, part.status])).toEqual([
      ['CASH', 400, 'CONFIRMED'],
      ['CARD', 170, 'CONFIRMED'],
    ]);

    // The drawer took the R$ 400,00 (not the 500,00 handed over: the 100,00 went back as change).
    const entries = await t.db
      .selectFrom('cash_entries as e')
      .innerJoin('cash_sessions as s', 's.id', 'e.session_id')
      .select(['e.kind', 'e.amount_cents', 'e.order_id'])
      .where('s.register_id', '=', registerId)
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents), e.order_id])).toEqual([['SALE', 40_000, sale.orderId]]);
    const history = await t.db
      .selectFrom('order_status_history')
      .select('status')
      .where('order_id', '=', sale.orderId)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.status)).toEqual([
      ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
      ORDER_STATUS.AGUARDANDO_CLIENTE,
      ORDER_STATUS.FINALIZADOS,
    ]);
    await closeDrawer(registerId, 450);
  });

  it('the same sale sent again answers the same order; the key for another sale is refused', async () => {
    const p = await products();
    const registerId = await openDrawer();
    const key = randomUUID();
    const first = await call('POST', '/counter/sales', tokens.attendant, issueSale(p), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/counter/sales', tokens.attendant, issueSale(p), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ orderId: first.json().data.orderId, change: 100, replayed: true });
    expect(await stockOf(p.cabo.id)).toBe(3);
    const other = await call('POST', '/counter/sales', tokens.attendant, issueSale(p, { discounts: undefined }), key);
    expectApiError(other, 409, 'CONFLICT');
    // A body's key that is not a UUID is refused as every checkout's (never a 500 from the database's uuid column).
    const badKey = expectApiError(
      await call('POST', '/counter/sales', tokens.attendant, issueSale(p, { idempotencyKey: 'venda-balcao-1' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(badKey.errors[0]).toBe('Identificador da venda inválido; recarregue a página e tente novamente.');
    await closeDrawer(registerId, 450);
  });

  it('cash without an open drawer is refused and nothing is sold; a card-only sale needs none', async () => {
    const p = await products();
    // The shop uses drawers (a register exists), but the administrator has none open.
    const made = await call('POST', '/cash-registers', tokens.admin, { name: `Caixa balcão ${++registers}` });
    expect(made.statusCode, made.body).toBe(201);
    const refused = expectApiError(
      await call('POST', '/counter/sales', tokens.admin, issueSale(p)),
      409,
      'CASH_DRAWER_CLOSED',
    );
    expect(refused.errors[0]).toBe(
      'Abra o seu caixa para receber em dinheiro: o dinheiro da venda entra no caixa de quem vende.',
    );
    expect(await stockOf(p.capa.id)).toBe(5);
    const byCard = await call('POST', '/counter/sales', tokens.admin, {
      items: [{ productId: p.fone.id, quantity: 2 }],
      payments: [{ method: 'CARD', amount: 179.8, card: card(1) }],
    });
    expect(byCard.statusCode, byCard.body).toBe(200);
    expect(byCard.json().data).toMatchObject({ total: 179.8, change: 0, registerName: null, statusKey: 13 });
    expect(await stockOf(p.fone.id)).toBe(3);
  });

  it('payments that do not add up, or cash received short of its part, are refused with the figures', async () => {
    const p = await products();
    const registerId = await openDrawer();
    const short = expectApiError(
      await call(
        'POST',
        '/counter/sales',
        tokens.attendant,
        issueSale(p, { payments: [{ method: 'CASH', amount: 500 }] }),
      ),
      400,
      'PAYMENTS_DIFFER',
    );
    expect(short.errors[0]).toBe(
      'Os pagamentos somam R$ 500,00, mas o total da venda é R$ 570,00: ajuste os valores antes de concluir.',
    );
    const received = expectApiError(
      await call(
        'POST',
        '/counter/sales',
        tokens.attendant,
        issueSale(p, { payments: [{ method: 'CASH', amount: 570, received: 550 }] }),
      ),
      400,
      'PAYMENTS_DIFFER',
    );
    expect(received.errors[0]).toBe('O valor recebido (R$ 550,00) não cobre a parte em dinheiro (R$ 570,00).');
    expect([await stockOf(p.capa.id), await stockOf(p.cabo.id)]).toEqual([5, 5]);
    const stale = expectApiError(
      await call('POST', '/counter/sales', tokens.attendant, issueSale(p, { expectedTotal: 579.9 })),
      409,
      'STALE_DATA',
    );
    expect(stale.errors[0]).toContain('R$ 570,00');
    await closeDrawer(registerId, 50);
  });

  it("a registered customer buys at his level; a note's CPF only for a walk-in; without selling rights 403", async () => {
    const p = await products();
    const customer = await createCustomer(t.db, { level: 0 });
    const noteCpf = expectApiError(
      await call('POST', '/counter/sales', tokens.admin, {
        customerId: customer.id,
        noteDocument: '52998224725',
        items: [{ productId: p.capa.id, quantity: 1 }],
        payments: [{ method: 'CARD', amount: 250, card: card(1) }],
      }),
      400,
      'BAD_REQUEST',
    );
    expect(noteCpf.errors[0]).toContain('consumidor final');
    const sold = await call('POST', '/counter/sales', tokens.admin, {
      customerId: customer.id,
      items: [{ productId: p.capa.id, quantity: 1 }],
      payments: [{ method: 'CARD', amount: 250, card: { ...card(1), kind: 'DEBIT' } }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expectApiError(
      await call('POST', '/counter/sales', tokens.stocker, {
        items: [{ productId: p.capa.id, quantity: 1 }],
        payments: [{ method: 'CARD', amount: 250, card: card(1) }],
      }),
      403,
      'FORBIDDEN',
    );
    expect(await stockOf(p.capa.id)).toBe(4);
  });
});

describe('a phone sold at the counter: its unit named by the scanned IMEI', () => {
  const IMEI = { a: '490154203237518', b: '352099081234565' };

  it('takes the scanned unit; without its IMEI the sale is refused whole', async () => {
    const brand = await call('POST', '/products/brand', tokens.admin, { name: 'Marca Balcão' });
    expect(brand.statusCode, brand.body).toBe(201);
    const made = await call('POST', '/products', tokens.admin, {
      name: 'Galaxy Balcão',
      brand: 'Marca Balcão',
      cost: 1500,
      sellPrice: 1999.9,
      discount: { silverPercentage: 0, goldPercentage: 0 },
      stock: 2,
      tags: [],
      serialized: true,
      units: [{ imei: IMEI.a }, { imei: IMEI.b }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const phone = made.json().data as { id: number };
    const body = (imeis?: string[]) => ({
      items: [{ productId: phone.id, quantity: 1, ...(imeis ? { imeis } : {}) }],
      payments: [{ method: 'CARD', amount: 1999.9, card: card(10) }],
    });
    const missing = await call('POST', '/counter/sales', tokens.admin, body());
    expect(missing.statusCode).toBe(400);
    expect(await stockOf(phone.id)).toBe(2);
    const sold = await call('POST', '/counter/sales', tokens.admin, body([IMEI.b]));
    expect(sold.statusCode, sold.body).toBe(200);
    const units = await t.db
      .selectFrom('product_units')
      .select(['imei', 'status', 'order_id'])
      .where('product_id', '=', phone.id)
      .orderBy('imei')
      .execute();
    expect(units).toEqual([
      { imei: IMEI.b, status: 'SOLD', order_id: sold.json().data.orderId },
      { imei: IMEI.a, status: 'IN_STOCK', order_id: null },
    ]);
  });
});

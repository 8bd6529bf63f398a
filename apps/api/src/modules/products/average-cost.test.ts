import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, sellThroughApi } from '../selling/test-selling';

/**
 * The weighted average cost ('custo médio', issue 39, decision 0046): a stock entry's `cost` is what one unit
 * arriving cost, and the product's cost becomes (stock × cost + quantity × entry cost) ÷ (stock + quantity),
 * rounded half up to the cent. Every figure below is worked out by hand.
 *
 * IMEIs (Luhn over the first 14), by hand: 490154203237518: kept 22 + doubled 30 = 52 → 8;
 * 352099081234565: 23 + 32 = 55 → 5.
 */
const IMEI_A = '490154203237518';
const IMEI_B = '352099081234565';

describe('stock entries average the cost (custo médio)', () => {
  let t: TestApp;
  let stocker: string;
  let attendant: string;

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** A product with `stock` units at `cost`; no level percentages unless given. */
  async function create(name: string, cost: number, stock: number, more: Record<string, unknown> = {}) {
    const res = await call(stocker, 'POST', '/products', {
      name,
      cost,
      stock,
      brand: 'Apple Custo',
      reference: null,
      sellPrice: 3999,
      tags: [],
      stockAlert: 0,
      images: [],
      discount: { goldPercentage: 0, silverPercentage: 0, bronzePercentage: 0 },
      ...more,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string };
  }

  const entry = (products: Record<string, unknown>[]) =>
    call(stocker, 'PATCH', '/products/menu/purchase/batch', {
      products: products.map((line) => ({ source: 'SUPPLIER_PURCHASE', ...line })),
    });

  const ledger = (productId: number) =>
    t.db
      .selectFrom('stock_movements')
      .select([
        'kind',
        'stock_before',
        'quantity_in',
        'stock_after',
        'cost_before_cents',
        'cost_after_cents',
        'entry_unit_cost_cents',
      ])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    [stocker, attendant] = await Promise.all([signIn(t.app, DEMO.stocker), signIn(t.app, DEMO.attendant)]);
    expect((await call(stocker, 'POST', '/products/brand', { name: 'Apple Custo' })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("the issue's iPhones: 10 at R$ 2.700,10 + 3 at R$ 2.750,00 make R$ 2.711,62, and the level prices follow", async () => {
    const iphone = await create('iPhone 13 128GB', 2700.1, 10, {
      discount: { goldPercentage: 10, silverPercentage: 12, bronzePercentage: 13.4 },
    });
    const res = await entry([{ productId: iphone.id, cost: 2750, stock: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    // 27.001,00 + 8.250,00 = 35.251,00; ÷ 13 = 2.711,6153… → R$ 2.711,62 (not the entry's R$ 2.750,00).
    // Ouro + 10 %: 2.982,782 → R$ 2.982,78; Prata + 12 %: 3.037,0144 → R$ 3.037,01.
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: iphone.id, stock: 13, cost: 2711.62, goldPrice: 2982.78, silverPrice: 3037.01 }),
    ]);
    expect((await ledger(iphone.id)).at(-1)).toEqual({
      kind: 'PURCHASE',
      stock_before: 10,
      quantity_in: 3,
      stock_after: 13,
      cost_before_cents: 270_010,
      cost_after_cents: 271_162,
      entry_unit_cost_cents: 275_000,
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity_id', '=', iphone.code)
      .where('action', '=', 'stock-entry')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({
      stock: { from: 10, to: 13 },
      cost: { from: 2700.1, to: 2711.62 },
      quantity: 3,
      entryUnitCost: 2750,
    });

    // A Bronze customer (+ 13,4 %) pays 2.711,62 × 1,134 = 3.074,97708 → R$ 3.074,98 (it was R$ 3.061,91 at
    // R$ 2.700,10, and would have been R$ 3.118,50 had the entry replaced the cost); the sale records the
    // average as its cost.
    const bronze = await createCustomer(t.db, { level: 3 });
    const sale = await sellThroughApi(t.app, attendant, bronze.id, [{ productId: iphone.id, quantity: 1 }]);
    const item = await t.db
      .selectFrom('order_items')
      .select(['unit_price_cents', 'unit_cost_cents'])
      .where('order_id', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ unit_price_cents: 307_498, unit_cost_cents: 271_162 });
    // A sale moves the stock, never the cost.
    expect((await ledger(iphone.id)).at(-1)).toMatchObject({
      kind: 'SALE',
      cost_before_cents: 271_162,
      cost_after_cents: 271_162,
      entry_unit_cost_cents: null,
    });
  });

  it('two entries of one product in one batch compound: each averages what the line before left', async () => {
    const phone = await create('iPhone 15 128GB', 3100, 5);
    const res = await entry([
      { productId: phone.id, cost: 3215.8, stock: 10 },
      { productId: phone.id, cost: 3000, stock: 5 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // First: 5 × 3.100,00 + 10 × 3.215,80 = 15.500,00 + 32.158,00 = 47.658,00; ÷ 15 = R$ 3.177,20 (issue 39).
    // Then: 15 × 3.177,20 + 5 × 3.000,00 = 47.658,00 + 15.000,00 = 62.658,00; ÷ 20 = R$ 3.132,90.
    expect(res.json().data).toEqual([expect.objectContaining({ stock: 20, cost: 3132.9 })]);
    expect((await ledger(phone.id)).slice(-2)).toEqual([
      {
        kind: 'PURCHASE',
        stock_before: 5,
        quantity_in: 10,
        stock_after: 15,
        cost_before_cents: 310_000,
        cost_after_cents: 317_720,
        entry_unit_cost_cents: 321_580,
      },
      {
        kind: 'PURCHASE',
        stock_before: 15,
        quantity_in: 5,
        stock_after: 20,
        cost_before_cents: 317_720,
        cost_after_cents: 313_290,
        entry_unit_cost_cents: 300_000,
      },
    ]);

    // A count never changes the cost: 20 → 18 at R$ 3.132,90.
    const count = await call(stocker, 'PATCH', `/products/inventory/${phone.code}`, { newStock: 18 });
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json().data).toMatchObject({ stock: 18, cost: 3132.9 });
  });

  it("a phone's units each keep what they cost at entry; the product's cost is their average", async () => {
    const phone = await create('Galaxy S24 Custo', 2700.1, 1, { serialized: true, units: [{ imei: IMEI_A }] });
    const res = await entry([{ productId: phone.id, cost: 2750, stock: 1, units: [{ imei: IMEI_B }] }]);
    expect(res.statusCode, res.body).toBe(200);
    // (2.700,10 + 2.750,00) ÷ 2 = 5.450,10 ÷ 2 = 2.725,05.
    expect(res.json().data).toEqual([expect.objectContaining({ stock: 2, cost: 2725.05 })]);
    const units = await t.db
      .selectFrom('product_units')
      .select(['imei', 'cost_cents'])
      .where('product_id', '=', phone.id)
      .orderBy('imei')
      .execute();
    expect(units).toEqual([
      { imei: IMEI_B, cost_cents: 275_000 },
      { imei: IMEI_A, cost_cents: 270_010 },
    ]);
  });
});

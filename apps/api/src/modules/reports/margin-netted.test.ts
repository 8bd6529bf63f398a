import { type MarginRow, marginReportSchema, revenueReportSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct, sellThroughApi } from '../selling/test-selling';

/**
 * Reports 19 'Margem' grouped and 21 'Faturamento por período', exchanges and returns netted (issue 39 §5),
 * over a small business made by hand (every figure below worked out by hand; times in São Paulo, UTC−3):
 * - Capa (brand 'Marca Capas'): sells R$ 100,00, costs R$ 40,00. Cabo ('Marca Cabos'): R$ 30,00, R$ 10,00.
 * - O1, customer C1, the attendant, Tue 10/03/2026: 2 capas = 200,00 (cost 80,00).
 * - O2, customer C2, the attendant, Thu 12/03/2026: 1 capa + 3 cabos = 190,00 (cost 40,00 + 30,00).
 * - O3, customer C1, no attendant (the shop app), Thu 02/04/2026: 1 cabo = 30,00 (cost 10,00).
 * - R1, Fri 20/03/2026: 1 capa of O1 returned: 100,00 refunded, back at its sale's cost 40,00.
 * - Then 20 capas come in at R$ 46,00: 18 in stock at 40,00 → (720,00 + 920,00) ÷ 38 = 43,157… → R$ 43,16.
 * - E1, Sun 05/04/2026: 1 cabo of O2 exchanged for 1 capa at R$ 100,00 (the customer pays 70,00): the cabo is
 *   back (30,00, cost 10,00), the capa goes out at its average then, R$ 43,16.
 * What the customers paid in the end: 200 + 190 + 30 − 100 + 70 = R$ 390,00, the period's net.
 */
/**
 * The period's totals (both reports): 6 units; gross 420,00; returns 30,00 (130,00 back − 100,00 given); net
 * 390,00 (what was paid); cost 80 + 40 + 30 + 10 − 40 − 10 + 43,16 = 153,16; margin 236,84; 236,84 ÷ 390,00 =
 * 60,728… % → 60,73 %.
 */
const PERIOD = {
  gross: 420,
  discount: 0,
  returns: 30,
  net: 390,
  cost: 153.16,
  margin: 236.84,
  marginPercentage: 60.73,
};

describe('margin and revenue with exchanges and returns netted (issue 39 §5)', () => {
  let t: TestApp;
  let attendant: string;
  let stocker: string;
  let manager: string;
  let photo: string;
  const period = 'start/2026-03-01T00:00:00/end/2026-04-30T23:59:59';

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** A sale picked up at the store, prepared, packed and finalized (exchanges need a finished order). */
  async function finishedSale(customerId: number, lines: { productId: number; quantity: number }[]) {
    const { orderId } = await sellThroughApi(t.app, attendant, customerId, lines);
    for (const [token, method, url, body] of [
      [stocker, 'PATCH', '/workflow/order/prepare', { orderId }],
      [stocker, 'PATCH', '/workflow/order/pack', { orderId, images: [photo] }],
      [attendant, 'POST', '/workflow/order/finalize', { orderId }],
    ] as const) {
      const res = await call(token, method, url, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    return orderId;
  }

  const placedAt = (orderId: number, at: string) =>
    t.db
      .updateTable('orders')
      .set({ created_at: new Date(at) })
      .where('id', '=', orderId)
      .execute();

  /** Registers an exchange or return and dates it (its ledger rows too) at `at`. */
  async function adjust(body: object, orderId: number, at: string) {
    const res = await call(attendant, 'POST', '/orders/adjustments', body);
    expect(res.statusCode, res.body).toBe(201);
    await t.db
      .updateTable('order_adjustments')
      .set({ created_at: new Date(at) })
      .where('original_order_id', '=', orderId)
      .execute();
    await t.db
      .updateTable('stock_movements')
      .set({ created_at: new Date(at) })
      .where('order_id', '=', orderId)
      .where('kind', 'in', ['EXCHANGE', 'RETURN'])
      .execute();
  }

  let capa: { id: number; code: string };
  let cabo: { id: number; code: string };

  beforeAll(async () => {
    t = await createTestApp();
    [attendant, stocker, manager] = await Promise.all([
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.manager),
    ]);
    photo = await picture('jpeg');
    capa = await createProduct(t.db, {
      name: 'Capa Líquida',
      brand: 'Marca Capas',
      costCents: 4000,
      sellCents: 10000,
      stock: 20,
    });
    cabo = await createProduct(t.db, {
      name: 'Cabo Líquido',
      brand: 'Marca Cabos',
      costCents: 1000,
      sellCents: 3000,
      stock: 20,
    });
    const c1 = await createCustomer(t.db, { name: 'Cliente Um' });
    const c2 = await createCustomer(t.db, { name: 'Cliente Dois' });
    const o1 = await finishedSale(c1.id, [{ productId: capa.id, quantity: 2 }]);
    const o2 = await finishedSale(c2.id, [
      { productId: capa.id, quantity: 1 },
      { productId: cabo.id, quantity: 3 },
    ]);
    const o3 = await finishedSale(c1.id, [{ productId: cabo.id, quantity: 1 }]);
    await placedAt(o1, '2026-03-10T15:00:00Z');
    await placedAt(o2, '2026-03-12T15:00:00Z');
    await placedAt(o3, '2026-04-02T15:00:00Z');
    await t.db.updateTable('orders').set({ attendant_id: null }).where('id', '=', o3).execute();
    await adjust(
      { orderId: o1, kind: 'RETURN', items: [{ productId: capa.id, quantity: 1 }] },
      o1,
      '2026-03-20T15:00:00Z',
    );
    const entry = await call(stocker, 'PATCH', '/products/menu/purchase/batch', {
      products: [{ productId: capa.id, cost: 46, stock: 20, source: 'SUPPLIER_PURCHASE' }],
    });
    expect(entry.json().data[0]).toMatchObject({ stock: 38, cost: 43.16 });
    await adjust(
      {
        orderId: o2,
        kind: 'EXCHANGE',
        items: [{ productId: cabo.id, quantity: 1, replacementProductId: capa.id }],
      },
      o2,
      '2026-04-05T15:00:00Z',
    );
  }, 120_000);
  afterAll(() => t.close());

  const margin = async (groupBy?: string, paging = '') => {
    const res = await call(manager, 'GET', `/reports/margin/${period}?${groupBy ? `groupBy=${groupBy}` : ''}${paging}`);
    expect(res.statusCode, res.body).toBe(200);
    return marginReportSchema.parse(res.json().data);
  };
  /** The figures of a row without its names. */
  const figures = (row: MarginRow) => {
    const { key: _key, productId: _id, code: _code, ...rest } = row;
    return rest;
  };

  it('by product: what came back leaves the revenue and the cost; the replacement enters at its average cost', async () => {
    const report = await margin();
    // Capa: 2 + 1 − 1 (R1) + 1 (E1) = 3 units; gross 300,00; returns 100,00 − 100,00 = 0; net 300,00;
    // cost 80,00 + 40,00 − 40,00 + 43,16 = 123,16; margin 176,84; 176,84 ÷ 300,00 = 58,946… % → 58,95 %.
    // Cabo: 3 + 1 − 1 = 3; gross 120,00; returns 30,00; net 90,00; cost 30,00 + 10,00 − 10,00 = 30,00;
    // margin 60,00; 66,666… % → 66,67 %.
    expect(report.products).toEqual([
      {
        key: String(capa.id),
        productId: capa.id,
        name: 'Capa Líquida',
        code: capa.code,
        quantity: 3,
        gross: 300,
        discount: 0,
        returns: 0,
        net: 300,
        cost: 123.16,
        margin: 176.84,
        marginPercentage: 58.95,
      },
      {
        key: String(cabo.id),
        productId: cabo.id,
        name: 'Cabo Líquido',
        code: cabo.code,
        quantity: 3,
        gross: 120,
        discount: 0,
        returns: 30,
        net: 90,
        cost: 30,
        margin: 60,
        marginPercentage: 66.67,
      },
    ]);
    expect(report.total).toBe(2);
    expect(report.summary).toEqual({
      quantity: 6,
      ...PERIOD,
      cardFees: 0,
      marginAfterCardFees: 236.84,
      marginAfterCardFeesPercentage: 60.73,
    });
    // Paged on the server: the second page of one row is the cabo.
    expect((await margin(undefined, '&page=1&items=1')).products.map((row) => row.productId)).toEqual([cabo.id]);
  });

  it('by brand, customer, attendant and month', async () => {
    expect((await margin('brand')).products.map(figures).map((r) => [r.name, r.margin])).toEqual([
      ['Marca Capas', 176.84],
      ['Marca Cabos', 60],
    ]);
    // C2: O2 (capa 100,00 / 40,00; 3 cabos 90,00 / 30,00) and E1 (cabo back: returns 30,00, cost −10,00; capa
    // given: returns −100,00, cost 43,16): 4 units, gross 190,00, returns −70,00, net 260,00, cost 103,16,
    // margin 156,84; 60,323… % → 60,32 %.
    // C1: O1 (200,00 / 80,00), O3 (30,00 / 10,00) and R1 (returns 100,00, cost −40,00): 2 units, gross 230,00,
    // net 130,00, cost 50,00, margin 80,00; 61,538… % → 61,54 %.
    expect((await margin('customer')).products.map(figures)).toEqual([
      {
        name: 'Cliente Dois',
        quantity: 4,
        gross: 190,
        discount: 0,
        returns: -70,
        net: 260,
        cost: 103.16,
        margin: 156.84,
        marginPercentage: 60.32,
      },
      {
        name: 'Cliente Um',
        quantity: 2,
        gross: 230,
        discount: 0,
        returns: 100,
        net: 130,
        cost: 50,
        margin: 80,
        marginPercentage: 61.54,
      },
    ]);
    // The attendant: all but O3: 5 units, gross 390,00, returns 30,00, net 360,00, cost 143,16, margin 216,84,
    // 60,233… % → 60,23 %. O3 had none: 30,00 − 10,00 = 20,00, 66,67 %.
    expect((await margin('attendant')).products.map(figures)).toEqual([
      {
        name: 'Beatriz Atendente',
        quantity: 5,
        gross: 390,
        discount: 0,
        returns: 30,
        net: 360,
        cost: 143.16,
        margin: 216.84,
        marginPercentage: 60.23,
      },
      {
        name: 'Sem atendente (aplicativo)',
        quantity: 1,
        gross: 30,
        discount: 0,
        returns: 0,
        net: 30,
        cost: 10,
        margin: 20,
        marginPercentage: 66.67,
      },
    ]);
    // March: O1, O2, R1: 5 units, gross 390,00, returns 100,00, net 290,00, cost 110,00, margin 180,00,
    // 62,068… % → 62,07 %. April: O3, E1: 1 unit, gross 30,00, returns −70,00, net 100,00, cost 43,16,
    // margin 56,84, 56,84 %.
    const months = await margin('month');
    expect(months.products.map((r) => [r.key, r.name, r.net, r.cost, r.margin, r.marginPercentage])).toEqual([
      ['2026-03', '03/2026', 290, 110, 180, 62.07],
      ['2026-04', '04/2026', 100, 43.16, 56.84, 56.84],
    ]);
    expect(months.total).toBe(2);

    const bad = await call(manager, 'GET', `/reports/margin/${period}?groupBy=loja`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Agrupamento inválido: use product, brand, customer, attendant ou month.']);
  });

  it("'Faturamento por período' by day, week and month, with the period's totals", async () => {
    const revenue = async (bucket?: string) => {
      const res = await call(manager, 'GET', `/reports/revenue/${period}${bucket ? `?bucket=${bucket}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return revenueReportSchema.parse(res.json().data);
    };
    const rows = (report: Awaited<ReturnType<typeof revenue>>) =>
      report.periods.map((p) => [p.period, p.orders, p.gross, p.returns, p.net, p.cost, p.margin, p.marginPercentage]);
    // Days with something: 10/03 O1 (200,00 / 80,00: 60 %); 12/03 O2 (190,00 / 70,00: 120 ÷ 190 = 63,157… →
    // 63,16 %); 20/03 R1 (−100,00 / −40,00: no revenue, 0 %); 02/04 O3 (30,00 / 10,00: 66,67 %); 05/04 E1
    // (returns −70,00 → net 70,00; cost −10,00 + 43,16 = 33,16; margin 36,84: 52,628… → 52,63 %).
    const days = await revenue();
    expect(rows(days)).toEqual([
      ['2026-03-10', 1, 200, 0, 200, 80, 120, 60],
      ['2026-03-12', 1, 190, 0, 190, 70, 120, 63.16],
      ['2026-03-20', 0, 0, 100, -100, -40, -60, 0],
      ['2026-04-02', 1, 30, 0, 30, 10, 20, 66.67],
      ['2026-04-05', 0, 0, -70, 70, 33.16, 36.84, 52.63],
    ]);
    expect(days.total).toBe(5);
    expect(days.summary).toEqual({ orders: 3, ...PERIOD });
    // Weeks from Monday: 09/03 (O1, O2: 390,00 / 150,00: 240 ÷ 390 = 61,538… → 61,54 %), 16/03 (R1),
    // 30/03 (O3 and E1: gross 30,00, returns −70,00, net 100,00, cost 43,16, margin 56,84).
    expect(days.periods.map((p) => p.label)).toEqual([
      '10/03/2026',
      '12/03/2026',
      '20/03/2026',
      '02/04/2026',
      '05/04/2026',
    ]);
    const weeks = await revenue('week');
    expect(weeks.periods.map((p) => p.label)).toEqual([
      'Semana de 09/03/2026',
      'Semana de 16/03/2026',
      'Semana de 30/03/2026',
    ]);
    expect(rows(weeks)).toEqual([
      ['2026-03-09', 2, 390, 0, 390, 150, 240, 61.54],
      ['2026-03-16', 0, 0, 100, -100, -40, -60, 0],
      ['2026-03-30', 1, 30, -70, 100, 43.16, 56.84, 56.84],
    ]);
    const months = await revenue('month');
    expect(months.periods.map((p) => p.label)).toEqual(['03/2026', '04/2026']);
    expect(rows(months)).toEqual([
      ['2026-03-01', 2, 390, 100, 290, 110, 180, 62.07],
      ['2026-04-01', 1, 30, -70, 100, 43.16, 56.84, 56.84],
    ]);
    // The reports permission is needed: the attendant has none.
    expect((await call(attendant, 'GET', `/reports/revenue/${period}`)).statusCode).toBe(403);
  });

  it('leaves out a cancelled sale', async () => {
    const customer = await createCustomer(t.db);
    const { orderId } = await sellThroughApi(t.app, attendant, customer.id, [{ productId: cabo.id, quantity: 1 }]);
    await sql`update orders set status = 7, created_at = '2026-03-11T15:00:00Z' where id = ${orderId}`.execute(t.db);
    expect((await margin()).summary.net).toBe(390);
  });
});

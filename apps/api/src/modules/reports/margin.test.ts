import { marginReportSchema } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createCustomer, createProduct, sellThroughApi } from '../selling/test-selling';

/** Report 19 'Margem' (issue 38 §3): the margin after the discounts given at sale time, figures by hand. */
describe("report 19 'Margem'", () => {
  let t: TestApp;
  let attendant: string;
  let manager: string;
  const url = '/api/reports/margin/start/2020-01-01T00:00:00/end/2099-12-31T23:59:59';

  beforeAll(async () => {
    t = await createTestApp();
    attendant = await signIn(t.app, DEMO.attendant);
    manager = await signIn(t.app, DEMO.manager);
    await sql`update roles set max_discount_hundredths = 1000 where name = 'Atendimento'`.execute(t.db);
  }, 120_000);
  afterAll(() => t.close());

  async function sell(lines: { productId: number; quantity: number }[], discounts?: object) {
    const customer = await createCustomer(t.db);
    return (await sellThroughApi(t.app, attendant, customer.id, lines, { discounts })).orderId;
  }

  it('nets each line’s discount and its share of the order’s out of the revenue, largest margin first', async () => {
    // Capa: sells R$ 129,90, costs R$ 80,00. Cabo: sells R$ 50,00, costs R$ 20,00.
    const capa = await createProduct(t.db, { name: 'Capa margem', costCents: 8000, sellCents: 12990, stock: 10 });
    const cabo = await createProduct(t.db, { name: 'Cabo margem', costCents: 2000, sellCents: 5000, stock: 10 });
    // Sale 1: 3 capas with 7 % off the line: 389,70 − 27,28 = 362,42.
    await sell([{ productId: capa.id, quantity: 3 }], { lines: [{ productId: capa.id, kind: 'percent', value: 7 }] });
    // Sale 2: 1 capa (129,90) + 2 cabos (100,00) with R$ 10,00 off the order, pro rata:
    // capa 10 × 12990/22990 = 5,650… → 5,65; cabo 10 × 10000/22990 = 4,349… → 4,34; 1 cent left → capa 5,66.
    await sell(
      [
        { productId: capa.id, quantity: 1 },
        { productId: cabo.id, quantity: 2 },
      ],
      { order: { kind: 'amount', value: 10 } },
    );
    // A cancelled sale counts for nothing.
    const cancelled = await sell([{ productId: cabo.id, quantity: 1 }]);
    await t.db.updateTable('orders').set({ status: 7 }).where('id', '=', cancelled).execute();

    const res = await t.app.inject({ method: 'GET', url, headers: bearer(manager) });
    expect(res.statusCode).toBe(200);
    const report = marginReportSchema.parse(res.json().data);
    // Capa: 4 units, gross 519,60, discount 27,28 + 5,66 = 32,94, net 486,66, cost 320,00, margin 166,66,
    // 166,66 / 486,66 = 34,246… % → 34,25 %.
    // Cabo: 2 units, gross 100,00, discount 4,34, net 95,66, cost 40,00, margin 55,66; 55,66 / 95,66 = 58,185… % → 58,19 %.
    expect(report.products).toEqual([
      {
        key: String(capa.id),
        productId: capa.id,
        name: 'Capa margem',
        code: capa.code,
        quantity: 4,
        gross: 519.6,
        discount: 32.94,
        returns: 0,
        net: 486.66,
        cost: 320,
        margin: 166.66,
        marginPercentage: 34.25,
      },
      {
        key: String(cabo.id),
        productId: cabo.id,
        name: 'Cabo margem',
        code: cabo.code,
        quantity: 2,
        gross: 100,
        discount: 4.34,
        returns: 0,
        net: 95.66,
        cost: 40,
        margin: 55.66,
        marginPercentage: 58.19,
      },
    ]);
    // Totals: gross 619,60, discount 37,28, net 582,32, cost 360,00, margin 222,32; 222,32 / 582,32 = 38,18 %.
    expect(report.summary).toEqual({
      quantity: 6,
      gross: 619.6,
      discount: 37.28,
      // No exchange or return in the period.
      returns: 0,
      net: 582.32,
      cost: 360,
      margin: 222.32,
      marginPercentage: 38.18,
      // No sale of these was paid by card: no acquirer's fee, the margin after the fees is the margin.
      cardFees: 0,
      marginAfterCardFees: 222.32,
      marginAfterCardFeesPercentage: 38.18,
    });
    expect(report.total).toBe(2);

    const page2 = marginReportSchema.parse(
      (await t.app.inject({ method: 'GET', url: `${url}?page=1&items=1`, headers: bearer(manager) })).json().data,
    );
    expect(page2.products.map((row) => row.productId)).toEqual([cabo.id]);

    // The reports permission is needed: the attendant has none.
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(attendant) })).statusCode).toBe(403);
  });
});

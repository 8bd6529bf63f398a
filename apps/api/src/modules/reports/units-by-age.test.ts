import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * Report 18, 'Aparelhos em estoque por tempo' (issue 17 §7): each phone in stock with its whole days on the
 * shelf (São Paulo calendar days) and its cost, oldest first; totals per age band. Figures worked out by hand.
 */
const DAY = 24 * 60 * 60 * 1000;
const PATH = '/api/reports/units/in-stock/age';

describe('report 18: phones in stock by time', () => {
  let t: TestApp;
  let manager: string;
  let stocker: string;
  const at = new Date();
  const daysAgo = (days: number) => new Date(at.getTime() - days * DAY);

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signIn(t.app, DEMO.manager);
    stocker = await signIn(t.app, DEMO.stocker);
    const brand = (
      await t.db.insertInto('brands').values({ name: 'Motorola' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const product = async (code: string, name: string) =>
      (
        await t.db
          .insertInto('products')
          .values({
            code,
            name,
            brand_id: brand,
            cost_cents: 100_000,
            sell_price_cents: 150_000,
            gold_percentage: 10,
            silver_percentage: 20,
            bronze_percentage: 30,
            stock: 0,
            stock_alert: 1,
            tags: [],
            search_text: name.toLowerCase(),
            serialized: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const edge = await product('P900001', 'Moto Edge 50');
    const g84 = await product('P900002', 'Moto G84');
    const unit = (productId: number, imei: string, cost: number, days: number, status = 'IN_STOCK') => ({
      product_id: productId,
      imei,
      cost_cents: cost,
      entered_at: daysAgo(days),
      status: status as 'IN_STOCK',
    });
    await t.db
      .insertInto('product_units')
      .values([
        unit(edge, '111111111111111', 100_000, 5),
        unit(edge, '111111111111112', 120_050, 30),
        unit(g84, '111111111111113', 90_000, 31),
        unit(g84, '111111111111114', 200_000, 200),
        // Not in stock: not in the report.
        unit(g84, '111111111111115', 50_000, 100, 'SOLD'),
        unit(edge, '111111111111116', 70_000, 400, 'WRITTEN_OFF'),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists each phone in stock, oldest first, with its days on the shelf and cost; totals per band', async () => {
    const res = await t.app.inject({ method: 'GET', url: PATH, headers: bearer(manager) });
    expect(res.statusCode).toBe(200);
    const { units, summary, total } = res.json().data;
    expect(
      units.map((u: { imei: string; name: string; code: string; days: number; cost: number }) => [
        u.imei,
        u.name,
        u.code,
        u.days,
        u.cost,
      ]),
    ).toEqual([
      ['111111111111114', 'Moto G84', 'P900002', 200, 2000],
      ['111111111111113', 'Moto G84', 'P900002', 31, 900],
      ['111111111111112', 'Moto Edge 50', 'P900001', 30, 1200.5],
      ['111111111111111', 'Moto Edge 50', 'P900001', 5, 1000],
    ]);
    expect(units[0].enteredAt).toBe(daysAgo(200).toISOString());
    expect(total).toBe(4);
    // 1.000,00 + 1.200,50 + 900,00 + 2.000,00
    expect(summary.units).toBe(4);
    expect(summary.totalCost).toBe(5100.5);
    expect(summary.bands).toEqual([
      { label: 'Até 30 dias', units: 2, cost: 2200.5 },
      { label: '31 a 60 dias', units: 1, cost: 900 },
      { label: '61 a 90 dias', units: 0, cost: 0 },
      { label: '91 a 180 dias', units: 0, cost: 0 },
      { label: 'Mais de 180 dias', units: 1, cost: 2000 },
    ]);
  });

  it('pages on the server, the totals still of every phone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}?page=1&items=3`, headers: bearer(manager) });
    const { units, summary, total } = res.json().data;
    expect(units.map((u: { imei: string }) => u.imei)).toEqual(['111111111111111']);
    expect(total).toBe(4);
    expect(summary.totalCost).toBe(5100.5);
  });

  it('is a report: refused without the reports permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: PATH, headers: bearer(stocker) });
    expect(res.statusCode).toBe(403);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOrThrow } from '../../lib/period';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { createMarginPrepared, type Prepared, pageOfGroups, type Sum } from './margin-prepared';
import { createMarginReportsRepository } from './margin-reports.repository';
import { marginPlan, refreshMarginSummary } from './margin-summary';
import { createReportsService } from './reports.service';
import { insertSale, insertSmallBusiness } from './test-business';

/** A group's sums from its margin's parts (cents). */
const group = (key: string, gross: number, cost: number, lines = 1): Sum => ({
  id: Number(key),
  key,
  quantity: lines,
  gross,
  discount: 0,
  returns: 0,
  cost,
  lines,
  margin: gross - cost,
});

describe("report 19's kept groups: the page of what was summed plus what was written since (decision 0105)", () => {
  it('merges the changed groups into the kept order: a group moved, one new, one gone, one back; paged and counted', () => {
    // Kept: 1 (margin 500), 2 and 3 (300 each: key order), 4 (100), 5 (no line left: not listed).
    const kept = [group('1', 900, 400), group('2', 500, 200), group('3', 700, 400), group('4', 300, 200)];
    const five = group('5', 0, 0, 0);
    const prepared: Prepared = {
      version: 'v',
      byKey: new Map([...kept, five].map((g) => [g.key, g])),
      sorted: kept,
    };
    const changes = [
      // 2 sold one line more at a loss of 250: margin 300 − 250 = 50.
      group('2', 100, 350),
      // 6 new: margin 200. 5 back with a line: margin 10.
      group('6', 250, 50),
      group('5', 30, 20),
      // 4's only line cancelled: −300 + 200 and −1 line, nothing left.
      group('4', -300, -200, -1),
    ];
    const order = (w: { limit?: number; offset?: number }) => {
      const { page, total } = pageOfGroups(prepared, changes, w);
      return { keys: page.map((g) => `${g.key}:${g.margin}`), total };
    };
    // 1 500, 3 300, 6 200, 2 50, 5 10: five groups.
    expect(order({})).toEqual({ keys: ['1:500', '3:300', '6:200', '2:50', '5:10'], total: 5 });
    expect(order({ limit: 2 })).toEqual({ keys: ['1:500', '3:300'], total: 5 });
    expect(order({ limit: 2, offset: 2 })).toEqual({ keys: ['6:200', '2:50'], total: 5 });
    expect(order({ limit: 2, offset: 4 })).toEqual({ keys: ['5:10'], total: 5 });
    expect(order({ limit: 2, offset: 6 })).toEqual({ keys: [], total: 5 });
    // Nothing written since: the kept order as it is.
    expect(pageOfGroups(prepared, [], { limit: 3 }).page.map((g) => g.key)).toEqual(['1', '2', '3']);
  });

  describe('over the database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 120_000);
    afterAll(() => t.close());

    /** A Pix sale of `quantity` × `price` (cost a third of it, rounded down) of `product`, by `customer`, at `at`. */
    async function sale(
      code: string,
      at: Date,
      line: { product: number; customer: number; attendant: number | null; quantity: number; price: number },
    ) {
      const { product, customer, attendant, quantity, price } = line;
      const lines = [{ product, quantity, price, cost: Math.floor(price / 3) }];
      return (await insertSale(t.db, { code, customer, attendant, status: 9, payment: 'PIX', at, lines })).id;
    }

    it('answers a write at once from what it kept, keeps its sums until the summary has a new version', async () => {
      const { products, customers } = await insertSmallBusiness(t.db, {
        tag: 'KV',
        products: 2,
        customers: 1,
        stock: 100,
      });
      const [capa, cabo] = products as [number, number];
      const customer = customers[0] as number;
      const line = { customer, attendant: null };
      // March 2025 (São Paulo): capa 2 × 60,00 (cost 20,00 each) on the 10th; cabo 3 × 30,00 (cost 10,00) on the 12th.
      await sale('KV-1', new Date('2025-03-10T15:00:00Z'), { ...line, product: capa, quantity: 2, price: 6000 });
      await sale('KV-2', new Date('2025-03-12T15:00:00Z'), { ...line, product: cabo, quantity: 3, price: 3000 });
      await refreshMarginSummary(t.db);
      const reports = createReportsService(t.db);
      const byProduct = async () =>
        (await reports.margin('2025-03-01T00:00:00', '2025-03-31T23:59:59', { groupBy: 'product' })).products.map(
          (p) => `${p.code} ${p.quantity} ${p.net} ${p.cost} ${p.margin}`,
        );
      // capa: 120,00 − 40,00 = 80,00; cabo: 90,00 − 30,00 = 60,00.
      expect(await byProduct()).toEqual(['KV0 2 120 40 80', 'KV1 3 90 30 60']);
      // A cabo sale on the 12th, a day already summed: 5 × 30,00 more (cost 50,00): cabo 240,00 − 80,00 = 160,00.
      await sale('KV-3', new Date('2025-03-12T18:00:00Z'), { ...line, product: cabo, quantity: 5, price: 3000 });
      expect(await byProduct()).toEqual(['KV1 8 240 80 160', 'KV0 2 120 40 80']);
      await refreshMarginSummary(t.db);
      expect(await byProduct()).toEqual(['KV1 8 240 80 160', 'KV0 2 120 40 80']);
      // The kept sums are the summary's of one version: a change to the summary that gave it no new version (no code
      // of the app does that) is not seen; a new version is.
      await sql`update report_margin set gross_cents = gross_cents + 10000 where dimension = 'P' and key = ${cabo}`.execute(
        t.db,
      );
      expect(await byProduct()).toEqual(['KV1 8 240 80 160', 'KV0 2 120 40 80']);
      await sql`update report_margin_state set version = gen_random_uuid()`.execute(t.db);
      expect(await byProduct()).toEqual(['KV1 8 340 80 260', 'KV0 2 120 40 80']);
    });

    it('after a random run of sales, cancellations and corrections, summed at random moments, every page by product, customer and attendant is the SQL path’s', async () => {
      const { db } = t;
      const { random, pick } = seededRandom(20261129);
      const { products, customers } = await insertSmallBusiness(db, {
        tag: 'KR',
        products: 7,
        customers: 5,
        stock: 900,
      });
      const staff = (await db.selectFrom('employees').select('id').execute()).map((e) => e.id);
      const orders: number[] = [];
      // Instants over three months of 2024 (São Paulo), across day and month edges.
      const when = () =>
        new Date(
          Date.UTC(2024, 4, 28) + Math.floor(random() * 70 * 24) * 3_600_000 + Math.floor(random() * 3600) * 1000,
        );
      const prepared = createMarginPrepared();
      const repo = createMarginReportsRepository();
      const periods: [string, string][] = [
        ['2024-05-28T00:00:00', '2024-08-05T23:59:59'],
        ['2024-06-10T13:30:00', '2024-07-20T08:15:00'],
      ];
      const windows = [{ limit: 3 }, { limit: 3, offset: 3 }, { limit: 3, offset: 40 }, {}];
      let answered = 0;
      const compare = async () => {
        for (const [start, end] of periods) {
          const { from, until } = periodOrThrow(start, end);
          for (const groupBy of ['product', 'customer', 'attendant'] as const) {
            for (const w of windows) {
              const plan = await marginPlan(db, from, until, 'rest');
              const kept = await prepared.page(db, groupBy, plan, w);
              const rows = await repo.margin(db, plan, groupBy, w);
              const total = rows[0]?.total ?? (w.offset ? await repo.marginGroupCount(db, plan, groupBy) : 0);
              expect(kept).not.toBeNull();
              expect(kept).toEqual({ rows: rows.map(({ total: _total, ...row }) => row), total });
              answered++;
            }
          }
        }
      };
      for (let step = 0; step < 120; step++) {
        const roll = random();
        if (roll < 0.5) {
          const id = await sale(`KR-${step}`, when(), {
            product: pick(products),
            customer: pick(customers),
            attendant: random() < 0.3 ? null : pick(staff),
            quantity: 1 + Math.floor(random() * 3),
            price: 1000 + Math.floor(random() * 9000),
          });
          orders.push(id);
        } else if (roll < 0.65 && orders.length > 0) {
          await db
            .updateTable('orders')
            .set({ status: pick([7, 12, 9, 13]) })
            .where('id', '=', pick(orders))
            .execute();
        } else if (roll < 0.8 && orders.length > 0) {
          await db
            .updateTable('orders')
            .set(random() < 0.5 ? { created_at: when() } : { customer_id: pick(customers), attendant_id: pick(staff) })
            .where('id', '=', pick(orders))
            .execute();
        } else if (roll < 0.9) {
          await refreshMarginSummary(db);
        }
        if (step % 15 === 14) await compare();
      }
      await refreshMarginSummary(db);
      await compare();
      expect(answered).toBe(9 * 2 * 3 * 4);
    });
  });
});

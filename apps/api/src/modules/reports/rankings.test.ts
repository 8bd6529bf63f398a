import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { BACKFILL } from '../../db/migrations/0007-reports';
import { RANKINGS } from '../../db/migrations/0009-report-rankings';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { createReportsRepository } from './reports.repository';
import { rankingPieces, rankingTerms, splitPeriod } from './summary-period';
import { insertSale, insertSmallBusiness } from './test-business';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const LOCAL_MONTH = (column: string) => `date_trunc('month', (${column} at time zone 'America/Sao_Paulo'))::date`;
const SALE = 'o.status not in (7, 12)';

/**
 * What each ranking table must hold, from the raw rows: for a month m and a key, the figures of the rows
 * dated from m to December of m's year. Only the non-zero rows, as text, sorted.
 */
const EXPECTED: Record<string, string> = {
  report_rank_product_sales: `select i.product_id as key, ${LOCAL_MONTH('o.created_at')} as at, i.quantity::bigint as a, 0::bigint as b
    from orders o join order_items i on i.order_id = o.id where ${SALE}`,
  report_rank_customer_sales: `select o.customer_id, ${LOCAL_MONTH('o.created_at')}, 1::bigint, o.total_cents::bigint
    from orders o where ${SALE}`,
  report_rank_product_views: `select product_id, ${LOCAL_MONTH('created_at')}, 1::bigint, 0::bigint from product_views`,
  report_rank_customer_signins: `select customer_id, ${LOCAL_MONTH('created_at')}, 1::bigint, 0::bigint from customer_signins`,
};

async function recomputed(db: DB, table: string): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`select concat_ws(',', m.month, r.key, sum(r.a), sum(r.b)) as line
    from (${sql.raw(EXPECTED[table] as string)}) as r(key, at, a, b)
    join (select distinct date_trunc('month', g)::date as month
          from generate_series('2025-01-01'::timestamp, '2027-12-01'::timestamp, interval '1 month') g) m
      on r.at >= m.month and r.at < date_trunc('year', m.month::timestamp) + interval '1 year'
    group by m.month, r.key having sum(r.a) <> 0 or sum(r.b) <> 0`.execute(db);
  return rows.map((r) => r.line).sort();
}

async function kept(db: DB, table: string): Promise<string[]> {
  const ranking = RANKINGS.find((r) => r.table === table);
  if (!ranking) throw new Error(table);
  const [a, b] = ranking.figures;
  const { rows } = await sql<{ line: string }>`select concat_ws(',', month, ${sql.ref(ranking.keys[0] as string)},
      ${sql.ref(a as string)}, ${b ? sql.ref(b) : sql`0`}) as line
    from ${sql.table(table)} where ${sql.ref(a as string)} <> 0 ${b ? sql`or ${sql.ref(b)} <> 0` : sql``}`.execute(db);
  return rows.map((r) => r.line).sort();
}

describe('ranking summaries (migration 0009)', () => {
  it('splits whole months into rest-of-year lookups: one per year touched, minus the month after', () => {
    const months = (from: string, until: string) =>
      rankingTerms(splitPeriod(new Date(`${from}T03:00:00Z`), new Date(`${until}T03:00:00Z`))).map(
        (x) => `${x.sign > 0 ? '+' : '-'}${x.month}`,
      );
    // 12 months from 23/11/2025 to 22/11/2026: December, then 2026 up to October.
    expect(months('2025-11-23', '2026-11-23')).toEqual(['+2025-12-01', '+2026-01-01', '-2026-11-01']);
    // March to December of one year: nothing to subtract (the next month is a January).
    expect(months('2025-03-01', '2026-01-01')).toEqual(['+2025-03-01']);
    expect(months('2026-02-01', '2026-05-01')).toEqual(['+2026-02-01', '-2026-05-01']);
    expect(months('2024-05-01', '2026-03-01')).toEqual(['+2024-05-01', '+2025-01-01', '+2026-01-01', '-2026-03-01']);
    // No whole month: none.
    expect(months('2026-02-10', '2026-03-05')).toEqual([]);
  });

  it('reads a partial month at either end from the fewer days: its own, or the whole month minus the others', () => {
    const pieces = (from: string, until: string) => {
      const r = rankingPieces(splitPeriod(new Date(`${from}T03:00:00Z`), new Date(`${until}T03:00:00Z`)));
      return [
        ...r.months.map((x) => `${x.sign > 0 ? '+' : '-'}${x.month}`),
        ...r.days.map((x) => `${x.sign > 0 ? '+' : '-'}[${x.from},${x.until})`),
      ];
    };
    // The dashboard's 12 months up to 21/11/2026: 9 days of November 2025 (fewer than the 21 before them);
    // November 2026 as the whole month minus its 9 days still to come (fewer than the 21 in the period).
    expect(pieces('2025-11-22', '2026-11-22')).toEqual([
      '+2025-12-01',
      '+2026-01-01',
      '-2026-12-01',
      '+[2025-11-22,2025-12-01)',
      '-[2026-11-22,2026-12-01)',
    ]);
    // Starting on the 3rd: October minus its first two days; ending on the 5th: its four days.
    expect(pieces('2025-10-03', '2026-03-05')).toEqual([
      '+2025-10-01',
      '+2026-01-01',
      '-2026-03-01',
      '-[2025-10-01,2025-10-03)',
      '+[2026-03-01,2026-03-05)',
    ]);
    // A week: daily rows only.
    expect(pieces('2026-02-10', '2026-02-17')).toEqual(['+[2026-02-10,2026-02-17)']);
  });

  it('equal a recomputation from the raw rows after a random run of sales, cancellations, exchanges and returns, and rank periods exactly', async () => {
    const { db } = t;
    const { random, pick } = seededRandom(20261122);
    const { products, customers } = await insertSmallBusiness(db, {
      tag: 'RK',
      products: 5,
      customers: 4,
      stock: 1000,
    });
    // Instants over 15 months from October 2025, crossing day, month and year edges in São Paulo.
    const when = () =>
      new Date(Date.UTC(2025, 9, 1) + Math.floor(random() * 450 * 24) * 3_600_000 + Math.floor(random() * 3600) * 1000);
    const orders: number[] = [];
    /** A sale of `lines` at 2,00 a unit (cost 1,00); its customer, status and payment drawn. */
    const sell = async (code: string, at: Date, lines: { product: number; quantity: number }[]) =>
      (
        await insertSale(db, {
          code,
          customer: pick(customers),
          status: pick([1, 9, 10, 13]),
          payment: pick(['CASH', 'PIX', 'BANK_TRANSFER'] as const),
          at,
          lines: lines.map((line) => ({ ...line, price: 200, cost: 100 })),
        })
      ).id;
    for (let step = 0; step < 220; step++) {
      const roll = random();
      if (roll < 0.35) {
        const lines = [{ product: pick(products), quantity: 1 + Math.floor(random() * 3) }];
        if (random() < 0.4) lines.push({ product: pick(products), quantity: 1 });
        orders.push(await sell(`RK-${step}`, when(), lines));
      } else if (roll < 0.5 && orders.length > 0) {
        // Cancel, refuse, or move through statuses (only some moves change the sale).
        await db
          .updateTable('orders')
          .set({ status: pick([7, 12, 2, 5, 13]) })
          .where('id', '=', pick(orders))
          .execute();
      } else if (roll < 0.6 && orders.length > 0) {
        // An exchange carries the same goods out again on an order of its own; a return takes units off.
        const original = pick(orders);
        const kind = pick(['EXCHANGE', 'RETURN'] as const);
        const product = pick(products);
        const at = when();
        const carrier = kind === 'EXCHANGE' ? await sell(`RK-X${step}`, at, [{ product, quantity: 1 }]) : null;
        await db
          .insertInto('order_adjustments')
          .values({
            kind,
            original_order_id: original,
            adjustment_order_id: carrier,
            product_id: product,
            quantity: 1,
            unit_price_cents: 200,
            created_at: at,
          })
          .execute();
        if (kind === 'RETURN')
          await sql`update order_items set quantity = quantity - 1, total_cents = total_cents - unit_price_cents where id = (select min(id) from order_items
            where order_id = ${original} and quantity > 1)`.execute(db);
      } else if (roll < 0.75) {
        await db
          .insertInto('customer_signins')
          .values({ customer_id: pick(customers), created_at: when() })
          .execute();
      } else if (roll < 0.92) {
        await db
          .insertInto('product_views')
          .values({ product_id: pick(products), created_at: when() })
          .execute();
      } else {
        await sql`delete from product_views where id = (select min(id) from product_views)`.execute(db);
        await sql`delete from customer_signins where id = (select max(id) from customer_signins)`.execute(db);
      }
    }
    // One bulk update of many orders in a statement, and one moved to another month.
    await sql`update orders set status = 7 where id % 5 = 0`.execute(db);
    await sql`update orders set created_at = created_at - interval '40 days' where id = ${orders[3]}`.execute(db);

    for (const { table } of RANKINGS) {
      const lines = await kept(db, table);
      expect(lines.length, table).toBeGreaterThan(8);
      expect(lines, table).toEqual(await recomputed(db, table));
    }

    // The rankings of periods (whole months, whole days, partial days) equal the raw rows' sums.
    const repo = createReportsRepository();
    const periods: [string, string][] = [
      ['2025-10-01T03:00:00Z', '2026-10-01T03:00:00Z'],
      ['2025-11-14T03:00:00Z', '2026-11-14T03:00:00Z'],
      ['2025-12-31T13:30:00Z', '2026-07-02T20:00:00Z'],
      ['2026-01-01T03:00:00Z', '2026-02-01T03:00:00Z'],
      ['2026-02-03T03:00:00Z', '2026-02-20T03:00:00Z'],
      // Early start and late end: both partial months read as the whole month minus its other days.
      ['2025-11-03T03:00:00Z', '2026-10-28T15:00:00Z'],
      ['2025-10-02T10:00:00Z', '2026-12-30T03:00:00Z'],
    ];
    for (const [from, until] of periods) {
      const p = splitPeriod(new Date(from), new Date(until));
      const raw = await sql<{ line: string }>`select concat_ws(',', i.product_id, sum(i.quantity)) as line
        from orders o join order_items i on i.order_id = o.id
        where ${sql.raw(SALE)} and o.created_at >= ${new Date(from)} and o.created_at < ${new Date(until)}
        group by i.product_id having sum(i.quantity) > 0`.execute(db);
      const sold = await repo.productsSold(db, p, 'desc', {});
      expect(sold.map((r) => `${r.product_id},${r.n}`).sort(), `${from} ${until}`).toEqual(
        raw.rows.map((r) => r.line).sort(),
      );
      const rawBuyers = await sql<{
        line: string;
      }>`select concat_ws(',', customer_id, count(*), sum(total_cents)) as line
        from orders o where ${sql.raw(SALE)} and o.created_at >= ${new Date(from)} and o.created_at < ${new Date(until)}
        group by customer_id`.execute(db);
      const buyers = await repo.customerPurchases(db, p, 'desc', {});
      expect(buyers.map((r) => `${r.customer_id},${r.n},${r.total_cents}`).sort()).toEqual(
        rawBuyers.rows.map((r) => r.line).sort(),
      );
      const rawViews = await sql<{
        line: string;
      }>`select concat_ws(',', product_id, count(*)) as line from product_views
        where created_at >= ${new Date(from)} and created_at < ${new Date(until)} group by product_id`.execute(db);
      const viewed = await repo.productsViewed(db, p, {});
      expect(viewed.map((r) => `${r.product_id},${r.n}`).sort()).toEqual(rawViews.rows.map((r) => r.line).sort());
      const rawSignins = await sql<{ line: string }>`select concat_ws(',', customer_id, count(*)) as line
        from customer_signins where created_at >= ${new Date(from)} and created_at < ${new Date(until)}
        group by customer_id`.execute(db);
      const signed = await repo.customersSignedIn(db, p, {});
      expect(signed.map((r) => `${r.customer_id},${r.n}`).sort()).toEqual(rawSignins.rows.map((r) => r.line).sort());
    }

    // Emptied and rebuilt from the raw rows (0007's backfill fills the monthly rows, whose triggers fill
    // these), they are the same.
    const before = await Promise.all(RANKINGS.map((r) => kept(db, r.table)));
    for (const table of [
      'report_product_sales',
      'report_customer_sales',
      'report_product_views',
      'report_customer_signins',
    ])
      await sql`truncate ${sql.table(table)}`.execute(db);
    for (const r of RANKINGS) expect(await kept(db, r.table)).toEqual([]);
    for (const statement of BACKFILL) await sql.raw(statement).execute(db);
    expect(await Promise.all(RANKINGS.map((r) => kept(db, r.table)))).toEqual(before);
  }, 240_000);
});

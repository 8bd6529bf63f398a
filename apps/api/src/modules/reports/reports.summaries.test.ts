import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seededRandom } from '../../test/seeded-random';
import { insertSale, insertSmallBusiness } from './test-business';

/**
 * The report summaries, kept by the database, against a recomputation from the raw rows, on a fresh database
 * (createTestApp). Runs the same on PGlite and on PostgreSQL (DATABASE_URL).
 */
describe('report summaries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const SUMMARY_TABLES = [
    'report_product_sales',
    'report_customer_sales',
    'report_product_views',
    'report_search_terms',
    'report_customer_signins',
  ] as const;

  /** Every non-zero summary row, as text, sorted. */
  async function snapshot(db: DB): Promise<string[]> {
    const lines: string[] = [];
    for (const table of SUMMARY_TABLES) {
      const { rows } = await sql<{ line: string }>`select ${table} || ':' || (s.*)::text as line
        from ${sql.table(table)} s`.execute(db);
      for (const { line } of rows) if (!/,0\)$|,0,0\)$/.test(line)) lines.push(line);
    }
    return lines.sort();
  }

  it('equal a recomputation from the raw rows after a random run of sales, cancellations, refusals, exchanges, returns and analytics', async () => {
    const { db } = t;
    const { BACKFILL } = await import('../../db/migrations/0007-reports');
    const { random, pick } = seededRandom(20260401);
    const { products, customers } = await insertSmallBusiness(db, { tag: 'R', products: 6, customers: 4, stock: 100 });
    const orders: number[] = [];
    // Instants over three months, crossing day and month edges in São Paulo (03:00 UTC).
    const when = () =>
      new Date(Date.UTC(2026, 2, 28) + Math.floor(random() * 70 * 24) * 3_600_000 + Math.floor(random() * 3600) * 1000);
    for (let step = 0; step < 160; step++) {
      const roll = random();
      if (roll < 0.3) {
        const quantity = 1 + Math.floor(random() * 3);
        const order = await insertSale(db, {
          code: `R-${step}`,
          customer: pick(customers),
          status: pick([1, 9, 10, 13]),
          payment: pick(['CASH', 'PIX', 'BANK_TRANSFER'] as const),
          at: when(),
          lines: [{ product: pick(products), quantity, price: 200, cost: 100 }],
        });
        orders.push(order.id);
      } else if (roll < 0.45 && orders.length > 0) {
        // Cancel, refuse, or move through statuses (only some moves change the sale).
        await db
          .updateTable('orders')
          .set({ status: pick([7, 12, 2, 5, 13]) })
          .where('id', '=', pick(orders))
          .execute();
      } else if (roll < 0.55 && orders.length > 0) {
        await db
          .insertInto('order_adjustments')
          .values({
            kind: pick(['EXCHANGE', 'RETURN'] as const),
            original_order_id: pick(orders),
            product_id: pick(products),
            quantity: 1,
            unit_price_cents: 200,
            created_at: when(),
          })
          .execute();
      } else if (roll < 0.7) {
        await db
          .insertInto('customer_signins')
          .values({ customer_id: pick(customers), created_at: when() })
          .execute();
      } else if (roll < 0.85) {
        await db
          .insertInto('product_views')
          .values({ product_id: pick(products), created_at: when() })
          .execute();
      } else if (roll < 0.95) {
        const term = pick(['capa', 'cabo', 'xyz']);
        await db
          .insertInto('search_terms')
          .values({ term, normalized_term: term, result_count: term === 'xyz' ? 0 : 3, created_at: when() })
          .execute();
      } else {
        // Deletions of analytics rows (a customer or product removed takes theirs along).
        await sql`delete from product_views where id = (select min(id) from product_views)`.execute(db);
        await sql`delete from customer_signins where id = (select max(id) from customer_signins)`.execute(db);
      }
    }
    // One bulk update of many orders in a statement, as a data fix would do.
    await sql`update orders set status = 7 where id % 5 = 0`.execute(db);
    const kept = await snapshot(db);
    expect(kept.length).toBeGreaterThan(50);
    for (const table of SUMMARY_TABLES) await sql`truncate ${sql.table(table)}`.execute(db);
    for (const statement of BACKFILL) await sql.raw(statement).execute(db);
    expect(await snapshot(db)).toEqual(kept);
  });
});

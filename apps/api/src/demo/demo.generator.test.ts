import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resetData } from '../db/seed/reset';
import { seedDemo } from './index';
import { NOW, seeded } from './test-demo';

/** The demo generator: the same business on every run (each seed of its own, by ./test-demo). */
describe('the demo generator', () => {
  // Two seeds in one test: 12 s alone, five times that with the rest of CI on two cores (it timed out at 60 s).
  it('gives the same business on every run (fixed seed), also after `--reset` empties the database', {
    timeout: 240_000,
  }, async () => {
    const { t } = await seeded(0.1);
    try {
      const fingerprint = async () => {
        const orders = await t.db
          .selectFrom('orders')
          .select(['code', 'total_cents', 'status'])
          .orderBy('id')
          .execute();
        const customers = await t.db
          .selectFrom('customers')
          .select(['name', 'email', 'document', 'status'])
          .orderBy('id')
          .execute();
        const products = await t.db.selectFrom('products').select(['code', 'name', 'stock']).orderBy('id').execute();
        const receivables = await t.db
          .selectFrom('receivables')
          .select(['due_date', 'amount_cents', 'principal_paid_cents'])
          .orderBy('id')
          .execute();
        const receivableDays = await sql<{ n: number }>`select count(*)::int as n from receivable_days`.execute(t.db);
        return { orders, customers, products, receivables, receivableDays: receivableDays.rows[0]?.n };
      };
      const first = await fingerprint();
      // What `npm run db:seed -- --reset` does before seeding again (it once failed on the receivables' day counts).
      await resetData(t.db);
      expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
      await seedDemo(t.db, { storage: t.storage, scale: 0.1, now: NOW });
      const second = await fingerprint();
      // 300 sales of the year (3,000 × 0.1), the bills of its repairs and the seminovos sold again.
      expect(first.orders.length).toBeGreaterThan(300);
      // 30 of the year (300 × 0.1), 4 registered by hand, a 'Consumidor final' for each of the 3 attendants.
      expect(first.customers.length).toBe(37);
      expect(first.receivables.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
    } finally {
      await t.close();
    }
  });
});

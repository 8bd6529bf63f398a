import type { Migration } from 'kysely/migration';
import { dropCounters, runStatements, statusCounters } from './run-statements';

/**
 * How many products are active and how many archived, kept by the database (issue 36), as migrations 0008 and
 * 0038 do for orders and customers: the products page without a search (`GET /products?offset=&limit=`)
 * reads its total from one small row instead of counting some 40,000 index entries on every request (5.6 ms
 * of the page's 6.5 at scale 100).
 *
 * The statement-level triggers of `statusCounters` keep `product_counts` (status = archived) in the same
 * transaction as the products they count: an insert adds, a delete subtracts, an update moves the products
 * archived or brought back; a TRUNCATE empties it.
 */
const COUNTERS = statusCounters('products', 'product_counts', 'products', 'archived');

/** Recounts from the products (the backfill, and what the tests compare with). */
export const RECOUNT_PRODUCTS = COUNTERS.recount;

// The same shape as migrations 0008 and 0038 (a counters' table, its triggers, the backfill; `duplicates` pairs them): left as
// it is on purpose. An applied migration never changes (history, docs/architecture.md "Adding a domain"), and
// what the counters share is already written once, `statusCounters` of run-statements.ts; the rest is each
// table's own name and columns.
export const productCounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table product_counts (
        status boolean primary key,
        products bigint not null default 0
      )`,
      ...COUNTERS.triggers,
      ...COUNTERS.recount,
    ]);
  },
  async down(db) {
    await runStatements(db, dropCounters('products', 'product_counts'));
  },
};

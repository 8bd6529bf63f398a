import type { Migration } from 'kysely/migration';
import { dropCounters, runStatements, statusCounters } from './run-statements';

/**
 * How many customers each status holds, kept by the database (issue 22 §2), as migration 0008 does for
 * orders: the customers page (`GET /customers?page=&items=` without a search or filter) reads its total
 * from one small row instead of counting some 24,000 index entries on every request.
 *
 * Statement-level triggers with transition tables keep `customer_status_counts` in the same transaction as
 * the customers they count: an insert adds, a delete subtracts, an update moves the customers whose status
 * changed; a TRUNCATE empties it. Rows are upserted in status order (no deadlock between opposite moves).
 */

const COUNTERS = statusCounters('customers', 'customer_status_counts', 'customers');

/** Recounts every status from the customers (the backfill, and what the tests compare with). */
export const RECOUNT_CUSTOMERS = COUNTERS.recount;

// The same shape as migrations 0008 and 0052 (a counters' table, its triggers, the backfill; `duplicates` pairs them): left as
// it is on purpose. An applied migration never changes (history, docs/architecture.md "Adding a domain"), and
// what the counters share is already written once, `statusCounters` of run-statements.ts; the rest is each
// table's own name and columns.
export const customerStatusCounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table customer_status_counts (
        status text primary key,
        customers bigint not null default 0
      )`,
      ...COUNTERS.triggers,
      ...COUNTERS.recount,
    ]);
  },
  async down(db) {
    await runStatements(db, dropCounters('customers', 'customer_status_counts'));
  },
};

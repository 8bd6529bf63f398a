import type { Migration } from 'kysely/migration';
import { dropOrderCounters, runStatements, statusCounters } from './run-statements';

/**
 * How many orders each status holds, kept by the database (issue 9): `GET /orders/status` and
 * `GET /orders/count` read one small table instead of counting 300,000 orders.
 *
 * `order_status_counts` has one row per status that ever held an order. Statement-level triggers with
 * transition tables keep it in the same transaction as the orders they count: an insert adds, a delete
 * subtracts, an update moves the orders whose status changed (one grouped upsert per statement, so the
 * demo seed's bulk inserts cost one statement too). A TRUNCATE of orders empties it (the seed's --reset).
 * Adding is commutative, so concurrent checkouts only queue on their status's row until they commit.
 * Rows are upserted in status order, so two moves in opposite directions (X→Y, Y→X) lock the same two
 * rows in the same order and cannot deadlock; every path that also moves stock locks its products first
 * (moveStock before the order's update, products before the checkout's insert), never the other way.
 *
 * A status page (`GET /orders/status/{status}?page=&items=`) reads the `orders_status_updated (status,
 * updated_at desc, id desc)` index of migration 0002 from one end or the other: no index is added here.
 */

const COUNTERS = statusCounters('orders', 'order_status_counts', 'orders');

/** Recounts every status from the orders (the backfill, and what the tests compare with). */
export const RECOUNT = COUNTERS.recount;

// The same shape as migrations 0038 and 0052 (a counters' table, its triggers, the backfill; `duplicates` pairs them): left as
// it is on purpose. An applied migration never changes (history, docs/architecture.md "Adding a domain"), and
// what the counters share is already written once, `statusCounters` of run-statements.ts; the rest is each
// table's own name and columns.
export const orderStatusCounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_status_counts (
        status smallint primary key,
        orders bigint not null default 0
      )`,
      ...COUNTERS.triggers,
      ...COUNTERS.recount,
    ]);
  },
  async down(db) {
    await runStatements(db, dropOrderCounters('order_status_counts'));
  },
};

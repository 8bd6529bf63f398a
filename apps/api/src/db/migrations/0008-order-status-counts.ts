import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

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

/** Adds the orders of `source` (a select of `status` and a signed `n`) to their statuses' counters. */
const addTo = (source: string) => `insert into order_status_counts (status, orders)
    select s.status, sum(s.n) from (${source}) as s group by s.status order by s.status
    on conflict (status) do update set orders = order_status_counts.orders + excluded.orders`;

const rows = (table: string, sign: number) => `select status, ${sign}::bigint as n from ${table}`;
/** Only the orders whose status changed, before (−1) and after (+1). */
const MOVED = ['o', 'n']
  .map(
    (side) => `select ${side}.status, ${side === 'o' ? -1 : 1}::bigint as n
   from old_orders o join new_orders n on n.id = o.id where o.status <> n.status`,
  )
  .join(' union all ');

function triggerFunction(name: string, body: string[]): string {
  return `create function ${name}() returns trigger language plpgsql as $fn$
  begin
    ${body.map((statement) => `${statement};`).join('\n    ')}
    return null;
  end
  $fn$`;
}

/** Recounts every status from the orders (the backfill, and what the tests compare with). */
export const RECOUNT = [addTo(rows('orders', 1))];

export const orderStatusCounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_status_counts (
        status smallint primary key,
        orders bigint not null default 0
      )`,
      triggerFunction('order_status_counts_insert', [addTo(rows('new_orders', 1))]),
      `create trigger order_status_counts_insert after insert on orders referencing new table as new_orders
        for each statement execute function order_status_counts_insert()`,
      triggerFunction('order_status_counts_update', [addTo(MOVED)]),
      `create trigger order_status_counts_update after update on orders
        referencing old table as old_orders new table as new_orders
        for each statement execute function order_status_counts_update()`,
      triggerFunction('order_status_counts_delete', [addTo(rows('old_orders', -1))]),
      `create trigger order_status_counts_delete after delete on orders referencing old table as old_orders
        for each statement execute function order_status_counts_delete()`,
      triggerFunction('order_status_counts_truncate', ['truncate order_status_counts']),
      `create trigger order_status_counts_truncate after truncate on orders
        for each statement execute function order_status_counts_truncate()`,
      ...RECOUNT,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
        `drop trigger order_status_counts_${event} on orders`,
        `drop function order_status_counts_${event}()`,
      ]),
      'drop table order_status_counts',
    ]);
  },
};

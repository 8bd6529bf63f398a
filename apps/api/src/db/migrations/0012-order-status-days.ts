import type { Migration } from 'kysely/migration';
import { dropOrderCounters, orderCounterTriggers, runStatements } from './run-statements';

/**
 * How many orders of each status changed last on each day (UTC), kept by the database like the counters
 * of migration 0008 (issue 9, "any page of any status answers fast"). A deep page of a large status
 * (page 13,500 of FINALIZADOS at scale 100) would otherwise skip 135,000 index entries: with these
 * counters the repository finds the day the page starts in by adding up a few hundred small rows, and
 * the index scan starts at that day, skipping at most one day's orders.
 *
 * Statement-level triggers with transition tables, in the same transaction as the orders. Only the
 * orders whose (status, day) changed move; rows are upserted in (status, day) order, so concurrent
 * statements lock them in the same order (see 0008 for the lock order against products).
 */

/** The day (UTC) of an order's last change: the bucket the index predicate of the repository matches. */
const day = (alias: string) => `(${alias}.updated_at at time zone 'UTC')::date`;

const addTo = (source: string) => `insert into order_status_days (status, day, orders)
    select s.status, s.day, sum(s.n) from (${source}) as s group by s.status, s.day order by s.status, s.day
    on conflict (status, day) do update set orders = order_status_days.orders + excluded.orders`;

const rows = (table: string, sign: number) =>
  `select r.status, ${day('r')} as day, ${sign}::bigint as n from ${table} r`;

const MOVED = ['o', 'n']
  .map(
    (side) => `select ${side}.status, ${day(side)} as day, ${side === 'o' ? -1 : 1}::bigint as n
   from old_orders o join new_orders n on n.id = o.id
   where o.status <> n.status or ${day('o')} <> ${day('n')}`,
  )
  .join(' union all ');

/** Recounts every (status, day) from the orders (the backfill, and what the tests compare with). */
export const RECOUNT_DAYS = [addTo(rows('orders', 1))];

export const orderStatusDays: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_status_days (
        status smallint not null,
        day date not null,
        orders bigint not null default 0,
        primary key (status, day)
      )`,
      ...orderCounterTriggers('order_status_days', {
        onInsert: addTo(rows('new_orders', 1)),
        onUpdate: addTo(MOVED),
        onDelete: addTo(rows('old_orders', -1)),
      }),
      ...RECOUNT_DAYS,
    ]);
  },
  async down(db) {
    await runStatements(db, dropOrderCounters('order_status_days'));
  },
};

import type { Migration } from 'kysely/migration';
import { counterTriggers, dropCounters, runStatements } from './run-statements';

/**
 * How many customers each status holds, kept by the database (issue 22 §2), as migration 0008 does for
 * orders: the customers page (`GET /customers?page=&items=` without a search or filter) reads its total
 * from one small row instead of counting some 24,000 index entries on every request.
 *
 * Statement-level triggers with transition tables keep `customer_status_counts` in the same transaction as
 * the customers they count: an insert adds, a delete subtracts, an update moves the customers whose status
 * changed; a TRUNCATE empties it. Rows are upserted in status order (no deadlock between opposite moves).
 */

const addTo = (source: string) => `insert into customer_status_counts (status, customers)
    select s.status, sum(s.n) from (${source}) as s group by s.status order by s.status
    on conflict (status) do update set customers = customer_status_counts.customers + excluded.customers`;

const rows = (table: string, sign: number) => `select status, ${sign}::bigint as n from ${table}`;
/** Only the customers whose status changed, before (−1) and after (+1). */
const MOVED = ['o', 'n']
  .map(
    (side) => `select ${side}.status, ${side === 'o' ? -1 : 1}::bigint as n
   from old_customers o join new_customers n on n.id = o.id where o.status <> n.status`,
  )
  .join(' union all ');

/** Recounts every status from the customers (the backfill, and what the tests compare with). */
export const RECOUNT_CUSTOMERS = [addTo(rows('customers', 1))];

export const customerStatusCounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table customer_status_counts (
        status text primary key,
        customers bigint not null default 0
      )`,
      ...counterTriggers('customers', 'customer_status_counts', {
        onInsert: addTo(rows('new_customers', 1)),
        onUpdate: addTo(MOVED),
        onDelete: addTo(rows('old_customers', -1)),
      }),
      ...RECOUNT_CUSTOMERS,
    ]);
  },
  async down(db) {
    await runStatements(db, dropCounters('customers', 'customer_status_counts'));
  },
};

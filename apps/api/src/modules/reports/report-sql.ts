import { UNSOLD_ORDER_STATUSES } from '@backoffice/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What every family of the reports' SQL shares: the database, a period, the sales, the window of a page. */

export type Db = Kysely<Database>;
export type Period = { from: Date; until: Date };

/** A set of statuses as SQL literals, e.g. `(7, 12)`: the query text stays the same as when it was written. */
export const statusList = (statuses: readonly number[]) =>
  sql`(${sql.join(statuses.map((status) => sql.lit(status)))})`;

/** A sale: an order neither cancelled (7) nor refused (12). */
export const SALE = (alias: string) => sql`${sql.ref(`${alias}.status`)} not in ${statusList(UNSOLD_ORDER_STATUSES)}`;

/** Optional limit/offset; `count(*) over ()` gives the total of a paged ranking. */
export interface Window {
  limit?: number;
  offset?: number;
}
export const windowOf = (w: Window) =>
  sql`${w.limit === undefined ? sql`` : sql`limit ${w.limit}`} ${w.offset ? sql`offset ${w.offset}` : sql``}`;
export const direction = (order: 'desc' | 'asc') => (order === 'desc' ? sql`desc` : sql`asc`);

/**
 * The rows of ranking `cte` that a page can hold: with a limit, the first offset + limit by `key` and the
 * ties at the end (the tie-break by name needs them), so only those are joined with names; without, all.
 */
export const candidates = (cte: string, key: string, order: 'desc' | 'asc', w: Window) =>
  sql`select * from ${sql.table(cte)} ${
    w.limit === undefined
      ? sql``
      : sql`order by ${sql.ref(key)} ${direction(order)} fetch first (${(w.offset ?? 0) + w.limit}) rows with ties`
  }`;

export async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/**
 * A ranking without parallel workers (`set local`, so in a transaction of its own): its ~100,000 summary
 * rows aggregate faster in one process than split, gathered and merged again — on the 2-core machine at
 * scale 100, 82 against 116 ms for the 12-month top ten (EXPLAIN ANALYZE, same moment).
 */
export async function serialRows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  const run = async (trx: Db) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return (await query.execute(trx)).rows;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

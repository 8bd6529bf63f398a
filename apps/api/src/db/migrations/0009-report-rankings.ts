import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * Ranking summaries (issue 11.5): a ranking over a year (products sold, customers' purchases, products
 * viewed, customers signed in) read from monthly rows adds up ~12 rows per product or customer (~450,000
 * rows at scale 100). These tables hold, for each month and key, the figures **from that month to the end
 * of its calendar year** ("rest of the year"), so any run of whole months is at most one lookup per
 * calendar year it touches, plus one subtraction:
 *
 *   months [a, b) within one year      = rest(a) − rest(b)
 *   months [a, b) across years Y1 … Yn = rest(a) + rest(Jan Y2) + … + rest(Jan Yn) − rest(b)
 *
 * (no subtraction when b is a January). A 12-month period is three point lookups of the month index
 * (`rankingTerms` in modules/reports/summary-period.ts).
 *
 * A key's row for month m exists from January up to the last month of the year in which it has a
 * figure: a missing later month means zero, and a change in month m adds to every month from January to
 * m. Adding is commutative, so concurrent writers need no lock beyond their own rows.
 *
 * They are kept from the monthly rows (grain 'M') of migration 0007's summaries, by statement-level
 * triggers on those tables, in the same transaction (0007's own triggers write them when orders, items,
 * views or sign-ins change): a monthly row that changes by δ adds δ to the same key's rows from January
 * to its month. A TRUNCATE of a summary empties its ranking.
 */

interface Ranking {
  /** 0007's summary table (grain, bucket, keys, figures). */
  summary: string;
  table: string;
  keys: string[];
  keyTypes: string[];
  figures: string[];
}

export const RANKINGS: Ranking[] = [
  {
    summary: 'report_product_sales',
    table: 'report_rank_product_sales',
    keys: ['product_id'],
    keyTypes: ['integer'],
    figures: ['quantity'],
  },
  {
    summary: 'report_customer_sales',
    table: 'report_rank_customer_sales',
    keys: ['customer_id'],
    keyTypes: ['integer'],
    figures: ['orders', 'total_cents'],
  },
  {
    summary: 'report_product_views',
    table: 'report_rank_product_views',
    keys: ['product_id'],
    keyTypes: ['integer'],
    figures: ['views'],
  },
  {
    summary: 'report_customer_signins',
    table: 'report_rank_customer_signins',
    keys: ['customer_id'],
    keyTypes: ['integer'],
    figures: ['signins'],
  },
];

/** The monthly rows of `table` (0007's shape), signed. */
const monthly = (r: Ranking, table: string, sign: number) =>
  `select bucket, ${r.keys.join(', ')}, ${r.figures.map((f) => `${sign} * ${f} as ${f}`).join(', ')}
   from ${table} where grain = 'M'`;

/**
 * Adds monthly contributions (`source`: bucket, keys, figures) to the rest-of-year rows of every month
 * from January of their year to their month.
 */
function addTo(r: Ranking, source: string): string {
  const keys = r.keys.map((k) => `s.${k}`).join(', ');
  return `insert into ${r.table} (month, ${r.keys.join(', ')}, ${r.figures.join(', ')})
    select g.month::date, ${keys}, ${r.figures.map((f) => `sum(s.${f})`).join(', ')}
    from (${source}) as s
    cross join lateral generate_series(date_trunc('year', s.bucket::timestamp), s.bucket::timestamp, interval '1 month') as g(month)
    group by 1, ${r.keys.map((_, i) => i + 2).join(', ')}
    having ${r.figures.map((f) => `sum(s.${f}) <> 0`).join(' or ')}
    on conflict (month, ${r.keys.join(', ')}) do update set
    ${r.figures.map((f) => `${f} = ${r.table}.${f} + excluded.${f}`).join(', ')}`;
}

function triggers(r: Ranking): string[] {
  const fn = (event: string) => `${r.table}_${event}`;
  return [
    triggerFunction(fn('insert'), [addTo(r, monthly(r, 'new_rows', 1))]),
    `create trigger ${fn('insert')} after insert on ${r.summary} referencing new table as new_rows
      for each statement execute function ${fn('insert')}()`,
    // An `insert … on conflict do update` of 0007 fires this one for the rows it updated.
    triggerFunction(fn('update'), [addTo(r, `${monthly(r, 'new_rows', 1)} union all ${monthly(r, 'old_rows', -1)}`)]),
    `create trigger ${fn('update')} after update on ${r.summary}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${fn('update')}()`,
    triggerFunction(fn('delete'), [addTo(r, monthly(r, 'old_rows', -1))]),
    `create trigger ${fn('delete')} after delete on ${r.summary} referencing old table as old_rows
      for each statement execute function ${fn('delete')}()`,
    triggerFunction(fn('truncate'), [`truncate ${r.table}`]),
    `create trigger ${fn('truncate')} after truncate on ${r.summary}
      for each statement execute function ${fn('truncate')}()`,
  ];
}

/** Recomputes every ranking from 0007's monthly rows (the backfill). */
export const RANKING_BACKFILL = RANKINGS.map((r) => addTo(r, monthly(r, r.summary, 1)));

export const reportRankings: Migration = {
  async up(db) {
    await runStatements(db, [
      ...RANKINGS.map(
        (r) => `create table ${r.table} (
          month date not null,
          ${r.keys.map((k, i) => `${k} ${r.keyTypes[i]} not null`).join(',\n          ')},
          ${r.figures.map((f) => `${f} bigint not null default 0`).join(',\n          ')},
          -- A period reads whole months: covering, so a lookup is an index-only scan.
          primary key (month, ${r.keys.join(', ')}) include (${r.figures.join(', ')})
        )`,
      ),
      ...RANKINGS.flatMap(triggers),
      ...RANKING_BACKFILL,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...RANKINGS.flatMap((r) =>
        ['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
          `drop trigger ${r.table}_${event} on ${r.summary}`,
          `drop function ${r.table}_${event}()`,
        ]),
      ),
      ...RANKINGS.map((r) => `drop table ${r.table}`),
    ]);
  },
};

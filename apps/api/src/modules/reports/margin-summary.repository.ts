import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { cardFeeLines, marginLines } from './margin-lines';
import { SUMMARY_ZONE } from './summary-period';

/** A range of instants [from, until). */
export interface Instants {
  from: Date;
  until: Date;
}

/** The dimensions of `report_margin` (migration 0122): the whole, a product, a customer, an attendant. */
export type MarginDimension = 'T' | 'P' | 'C' | 'A';

/** The column of `marginLines` each dimension sums by (none for the whole). */
const KEY_COLUMN: Record<MarginDimension, 'product_id' | 'customer_id' | 'attendant_id' | null> = {
  T: null,
  P: 'product_id',
  C: 'customer_id',
  A: 'attendant_id',
};

/**
 * A signed summarised piece of a period: whole days ('D') or months ('M') [from, until), or the rest-of-year row of
 * month `from` ('R': that month to December); São Paulo dates. Sign −1 takes it away (a day summed before a write).
 */
export interface SummaryPiece {
  grain: 'D' | 'M' | 'R';
  from: string;
  until: string;
  sign: 1 | -1;
}

const FIGURES = ['quantity', 'gross_cents', 'discount_cents', 'returns_cents', 'cost_cents', 'orders', 'lines'];
const ALL_FIGURES = [...FIGURES, 'card_fee_cents'];

const summaryDay = (at: RawBuilder<unknown>) => sql`(${at} at time zone ${SUMMARY_ZONE}::text)::date`;

/**
 * The rows a margin report sums, as `l`'s columns (product_id, customer_id, attendant_id, day, quantity, gross,
 * discount, returns, cost, orders, lines, card_fee): the summary's rows of `dimension` for `pieces`, and `marginLines`
 * of `raw` summed by the dimension's key and the day of `zone` (with the card fees of those sales when `fees`).
 */
export function marginRows(
  dimension: MarginDimension,
  pieces: SummaryPiece[],
  raw: Instants[],
  zone: string,
  fees: boolean,
): RawBuilder<unknown> {
  const column = KEY_COLUMN[dimension];
  const keyOf = (name: 'product_id' | 'customer_id' | 'attendant_id', value: RawBuilder<unknown>) =>
    column === name ? value : sql`null::integer`;
  const summary = pieces.map((piece) => {
    const sign = sql.lit(piece.sign);
    const range =
      piece.grain === 'R'
        ? sql`s.bucket = ${piece.from}::date`
        : sql`s.bucket >= ${piece.from}::date and s.bucket < ${piece.until}::date`;
    return sql`select ${keyOf('product_id', sql`nullif(s.key, 0)`)} as product_id,
        ${keyOf('customer_id', sql`nullif(s.key, 0)`)} as customer_id,
        ${keyOf('attendant_id', sql`nullif(s.key, 0)`)} as attendant_id, s.bucket as day,
        ${sign} * s.quantity as quantity, ${sign} * s.gross_cents as gross, ${sign} * s.discount_cents as discount,
        ${sign} * s.returns_cents as returns, ${sign} * s.cost_cents as cost, ${sign} * s.orders as orders,
        ${sign} * s.lines as lines, ${sign} * s.card_fee_cents as card_fee
      from report_margin s
      where s.dimension = ${dimension} and s.grain = ${piece.grain} and ${range}`;
  });
  const parts = [...summary];
  if (raw.length > 0) {
    const lines = sql.join(
      raw.map((r) => marginLines(r.from, r.until)),
      sql` union all `,
    );
    const key = column ? sql.ref(`m.${column}`) : sql`null::integer`;
    const localDay = sql`(m.at at time zone ${zone}::text)::date`;
    parts.push(sql`select ${keyOf('product_id', key)} as product_id, ${keyOf('customer_id', key)} as customer_id,
        ${keyOf('attendant_id', key)} as attendant_id, ${localDay} as day, sum(m.quantity)::bigint as quantity,
        sum(m.gross)::bigint as gross, sum(m.discount)::bigint as discount, sum(m.returns)::bigint as returns,
        sum(m.cost)::bigint as cost, count(distinct m.order_id) as orders, count(*) as lines, 0::bigint as card_fee
      from (${lines}) m group by 1, 2, 3, 4`);
    if (fees) {
      const feeLines = sql.join(
        raw.map((r) => cardFeeLines(r.from, r.until)),
        sql` union all `,
      );
      parts.push(sql`select null::integer, null::integer, null::integer, (f.at at time zone ${zone}::text)::date,
          0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, sum(f.fee)::bigint
        from (${feeLines}) f group by 4`);
    }
  }
  // Never empty (a period has a piece or a raw range, but an empty period neither): no rows, the same columns.
  if (parts.length === 0)
    parts.push(sql`select null::integer as product_id, null::integer as customer_id, null::integer as attendant_id,
      null::date as day, 0::bigint as quantity, 0::bigint as gross, 0::bigint as discount, 0::bigint as returns,
      0::bigint as cost, 0::bigint as orders, 0::bigint as lines, 0::bigint as card_fee where false`);
  return sql.join(parts, sql` union all `);
}

export const marginSummaryRepository = {
  /**
   * The São Paulo days in [first, end) a write has touched since they were last summed, oldest first, and the
   * summary's version (migration 0123), read in one statement: the days are the ones missing from that version.
   */
  async dirtyDays(db: Executor, first: string, end: string): Promise<{ version: string; days: string[] }> {
    const { rows } = await sql<{ version: string; days: string[] }>`
      select (select version::text from report_margin_state) as version,
        array(select distinct to_char(day, 'YYYY-MM-DD') from report_margin_dirty
          where day >= ${first}::date and day < ${end}::date order by 1) as days`.execute(db);
    const row = rows[0] as { version: string; days: string[] };
    return { version: row.version, days: row.days };
  },

  /** The oldest `limit` days to sum again, each with the marks seen (only those are cleared after). */
  async nextDirty(db: Executor, limit: number): Promise<{ day: string; ids: string[] }[]> {
    const { rows } = await sql<{ day: string; ids: string[] }>`
      select to_char(day, 'YYYY-MM-DD') as day, array_agg(id::text) as ids from report_margin_dirty
      group by day order by day limit ${limit}`.execute(db);
    return rows;
  },

  /** Whether this transaction holds the summary's lock (one refresher at a time; the others skip their round). */
  async lock(db: Executor): Promise<boolean> {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(590122) as locked`.execute(db);
    return rows[0]?.locked === true;
  },

  /**
   * Sums again the days of `range` (São Paulo, every day of it dirty): their 'D' rows of the four dimensions from
   * `marginLines`, and the card fees of their sales on 'T'.
   */
  async sumDays(db: Executor, first: string, end: string, range: Instants): Promise<void> {
    await sql`delete from report_margin where dimension in ('T', 'P', 'C', 'A') and grain = 'D'
      and bucket >= ${first}::date and bucket < ${end}::date`.execute(db);
    await sql`insert into report_margin (dimension, grain, bucket, key, quantity, gross_cents, discount_cents,
        returns_cents, cost_cents, orders, lines)
      select d.dimension, 'D', l.day, d.key, sum(l.quantity), sum(l.gross), sum(l.discount), sum(l.returns),
        sum(l.cost), count(distinct l.order_id), count(*)
      from (select m.*, ${summaryDay(sql.ref('m.at'))} as day from (${marginLines(range.from, range.until)}) m) l
      cross join lateral (values ('T'::char(1), 0), ('P', coalesce(l.product_id, 0)), ('C', coalesce(l.customer_id, 0)),
        ('A', coalesce(l.attendant_id, 0))) d(dimension, key)
      group by 1, 3, 4`.execute(db);
    await sql`insert into report_margin (dimension, grain, bucket, key, card_fee_cents)
      select 'T', 'D', ${summaryDay(sql.ref('f.at'))}, 0, sum(f.fee)
      from (${cardFeeLines(range.from, range.until)}) f group by 3
      on conflict (dimension, grain, bucket, key) do update set card_fee_cents = excluded.card_fee_cents`.execute(db);
  },

  /**
   * Sums again the 'M' rows of `month` (its first day) from its 'D' rows [month, next), and adds what they changed to
   * the rest-of-year rows ('R') of every month of its year up to it (a month's 'R' row: that month to December).
   */
  async sumMonth(db: Executor, month: string, next: string): Promise<void> {
    const columns = sql.raw(ALL_FIGURES.join(', '));
    const sums = sql.raw(ALL_FIGURES.map((f) => `sum(s.${f}) as ${f}`).join(', '));
    const delta = sql.raw(ALL_FIGURES.map((f) => `coalesce(n.${f}, 0) - coalesce(o.${f}, 0) as ${f}`).join(', '));
    const changed = sql.raw(ALL_FIGURES.map((f) => `d.${f} <> 0`).join(' or '));
    const added = sql.raw(ALL_FIGURES.map((f) => `${f} = report_margin.${f} + excluded.${f}`).join(', '));
    const days = sql`s.dimension in ('T', 'P', 'C', 'A') and s.grain = 'D' and s.bucket >= ${month}::date
      and s.bucket < ${next}::date`;
    const monthRows = sql`s.dimension in ('T', 'P', 'C', 'A') and s.grain = 'M' and s.bucket = ${month}::date`;
    await sql`with new as (select s.dimension, s.key, ${sums} from report_margin s where ${days} group by 1, 2),
      old as (select s.dimension, s.key, ${columns} from report_margin s where ${monthRows}),
      d as (select coalesce(n.dimension, o.dimension) as dimension, coalesce(n.key, o.key) as key, ${delta}
        from new n full join old o on o.dimension = n.dimension and o.key = n.key)
      insert into report_margin (dimension, grain, bucket, key, ${columns})
      select d.dimension, 'R', m::date, d.key, ${sql.raw(ALL_FIGURES.map((f) => `d.${f}`).join(', '))}
      from d cross join generate_series(date_trunc('year', ${month}::timestamp), ${month}::timestamp, interval '1 month') m
      where ${changed}
      on conflict (dimension, grain, bucket, key) do update set ${added}`.execute(db);
    await sql`delete from report_margin s where ${monthRows}`.execute(db);
    await sql`insert into report_margin (dimension, grain, bucket, key, ${columns})
      select s.dimension, 'M', ${month}::date, s.key, ${sums} from report_margin s where ${days} group by 1, 4`.execute(
      db,
    );
  },

  /** A new version of the summary: in the transaction that changed it. */
  async newVersion(db: Executor): Promise<void> {
    await sql`update report_margin_state set version = gen_random_uuid()`.execute(db);
  },

  /** Clears the marks summed. */
  async clear(db: Executor, ids: string[]): Promise<void> {
    await sql`delete from report_margin_dirty where id = any(${ids}::bigint[])`.execute(db);
  },
};

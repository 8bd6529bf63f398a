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

/** A summarised piece of a period: whole days ('D') or whole months ('M') [from, until), São Paulo dates. */
export interface SummaryPiece {
  grain: 'D' | 'M';
  from: string;
  until: string;
}

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
  const summary = pieces.map(
    (piece) => sql`select ${keyOf('product_id', sql`nullif(s.key, 0)`)} as product_id,
        ${keyOf('customer_id', sql`nullif(s.key, 0)`)} as customer_id,
        ${keyOf('attendant_id', sql`nullif(s.key, 0)`)} as attendant_id, s.bucket as day,
        s.quantity, s.gross_cents as gross, s.discount_cents as discount, s.returns_cents as returns,
        s.cost_cents as cost, s.orders, s.lines, s.card_fee_cents as card_fee
      from report_margin s
      where s.dimension = ${dimension} and s.grain = ${piece.grain}
        and s.bucket >= ${piece.from}::date and s.bucket < ${piece.until}::date`,
  );
  const parts = [...summary];
  if (raw.length > 0) {
    const lines = sql.join(
      raw.map((r) => marginLines(r.from, r.until)),
      sql` union all `,
    );
    const key = column ? sql.ref(`m.${column}`) : sql`null::integer`;
    const localDay = sql`(m.at at time zone ${zone}::text)::date`;
    parts.push(sql`select ${keyOf('product_id', key)} as product_id, ${keyOf('customer_id', key)} as customer_id,
        ${keyOf('attendant_id', key)} as attendant_id, ${localDay} as day, sum(m.quantity) as quantity,
        sum(m.gross) as gross, sum(m.discount) as discount, sum(m.returns) as returns, sum(m.cost) as cost,
        count(distinct m.order_id) as orders, count(*) as lines, 0::bigint as card_fee
      from (${lines}) m group by 1, 2, 3, 4`);
    if (fees) {
      const feeLines = sql.join(
        raw.map((r) => cardFeeLines(r.from, r.until)),
        sql` union all `,
      );
      parts.push(sql`select null::integer, null::integer, null::integer, (f.at at time zone ${zone}::text)::date,
          0, 0, 0, 0, 0, 0, 0, sum(f.fee) from (${feeLines}) f group by 4`);
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
  /** The São Paulo days in [first, end) a write has touched since they were last summed, oldest first. */
  async dirtyDays(db: Executor, first: string, end: string): Promise<string[]> {
    const { rows } = await sql<{ day: string }>`select distinct to_char(day, 'YYYY-MM-DD') as day
      from report_margin_dirty where day >= ${first}::date and day < ${end}::date order by 1`.execute(db);
    return rows.map((r) => r.day);
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

  /** Sums again the 'M' row of `month` (its first day) from its 'D' rows [month, next). */
  async sumMonth(db: Executor, month: string, next: string): Promise<void> {
    await sql`delete from report_margin where dimension in ('T', 'P', 'C', 'A') and grain = 'M'
      and bucket = ${month}::date`.execute(db);
    await sql`insert into report_margin (dimension, grain, bucket, key, quantity, gross_cents, discount_cents,
        returns_cents, cost_cents, orders, lines, card_fee_cents)
      select s.dimension, 'M', ${month}::date, s.key, sum(s.quantity), sum(s.gross_cents), sum(s.discount_cents),
        sum(s.returns_cents), sum(s.cost_cents), sum(s.orders), sum(s.lines), sum(s.card_fee_cents)
      from report_margin s
      where s.dimension in ('T', 'P', 'C', 'A') and s.grain = 'D' and s.bucket >= ${month}::date
        and s.bucket < ${next}::date
      group by 1, 4`.execute(db);
  },

  /** Clears the marks summed. */
  async clear(db: Executor, ids: string[]): Promise<void> {
    await sql`delete from report_margin_dirty where id = any(${ids}::bigint[])`.execute(db);
  },
};

import { sql } from 'kysely';
import type { Executor } from '../../../db/executor';

/** A series of a model in an environment: what numbers are counted in. */
export interface Series {
  model: 55 | 65;
  series: number;
  environment: number;
}

/** The SQL of the numbers (issue 56 §1, decision 0082): the next number, the voided ranges, the notes in a range. */
export const numbersRepository = {
  /** Sets the model's next number to `next` (the issuer's row, locked by the caller's transaction). */
  async setNext(db: Executor, model: 55 | 65, next: number): Promise<void> {
    await db
      .updateTable('fiscal_issuer')
      .set(model === 55 ? { nfe_next_number: next } : { nfce_next_number: next })
      .execute();
  },

  /** The model's series and next number. */
  async next(db: Executor, model: 55 | 65): Promise<{ series: number; next: number }> {
    const row = await db
      .selectFrom('fiscal_issuer')
      .select(['nfe_series', 'nfe_next_number', 'nfce_series', 'nfce_next_number'])
      .executeTakeFirstOrThrow();
    return model === 55
      ? { series: Number(row.nfe_series), next: Number(row.nfe_next_number) }
      : { series: Number(row.nfce_series), next: Number(row.nfce_next_number) };
  },

  /** The voidings of the series that overlap `from`–`to`, lowest first. */
  async voidedIn(db: Executor, series: Series, from: number, to: number) {
    return db
      .selectFrom('fiscal_voidings')
      .select(['number_from', 'number_to', 'protocol'])
      .where('model', '=', series.model)
      .where('series', '=', series.series)
      .where('environment', '=', series.environment)
      .where('number_from', '<=', to)
      .where('number_to', '>=', from)
      .orderBy('number_from')
      .execute();
  },

  /** The notes of the series numbered `from`–`to` (at most 200), lowest first. */
  async notesIn(db: Executor, series: Series, from: number, to: number) {
    return db
      .selectFrom('fiscal_notes')
      .select(['id', 'number', 'status'])
      .where('model', '=', series.model)
      .where('series', '=', series.series)
      .where('environment', '=', series.environment)
      .where('number', '>=', from)
      .where('number', '<=', to)
      .orderBy('number')
      .limit(200)
      .execute();
  },

  /** The rejected (or unanswered) notes of `from`–`to` whose number was voided: VOIDED. */
  async markVoided(db: Executor, series: Series, from: number, to: number): Promise<number[]> {
    const rows = await db
      .updateTable('fiscal_notes')
      .set({ status: 'VOIDED', updated_at: new Date() })
      .where('model', '=', series.model)
      .where('series', '=', series.series)
      .where('environment', '=', series.environment)
      .where('number', '>=', from)
      .where('number', '<=', to)
      .where('status', 'in', ['REJECTED', 'UNKNOWN'])
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  },

  /** The issuer's row locked until the transaction ends (the numbers are taken under it). */
  async lockIssuer(db: Executor): Promise<void> {
    await sql`select 1 from fiscal_issuer for update`.execute(db);
  },
};

/** A run of numbers never used between two used ones (or voided ranges), and when the number after it was issued. */
export interface GapRow {
  from: number;
  to: number;
  at: Date;
}

/**
 * The bell's branch of 'Lacunas de numeração' (issue 56 §1): how many numbers of the issuer's environment, of the
 * months before `monthStart`, are neither authorised, denied, cancelled nor voided (runs never used, dated by the
 * note after them; rejected notes), one counted row per business month (in `zone`) of the gaps (newest: that month,
 * YYYYMM, the item's id; month: 'YYYY-MM'; at: the 1st of the month after it, from when it is due); no row when
 * none. The same gaps as note-gaps.ts, in one statement.
 */
export function numberingGapsQuery(monthStart: Date, zone: string) {
  return sql<{ newest: number; month: string; count: number; at: Date }>`
    with env as (select environment from fiscal_issuer limit 1),
    used as (
      select model, series, number as lo, number as hi, issued_at as at from fiscal_notes
      where environment = (select environment from env)
      union all
      select model, series, number_from, number_to, created_at from fiscal_voidings
      where environment = (select environment from env)),
    ordered as (
      select model, series, lo, at,
        max(hi) over (partition by model, series order by lo, hi rows between unbounded preceding and 1 preceding) as before
      from used),
    -- The issuer's current series count only below its next number (a range voided ahead leaves no gap behind it).
    capped as (
      select o.lo, o.at, o.before, coalesce((select case
          when o.model = 55 and o.series = i.nfe_series then i.nfe_next_number - 1
          when o.model = 65 and o.series = i.nfce_series then i.nfce_next_number - 1 end
        from fiscal_issuer i limit 1), 999999999) as cap
      from ordered o),
    waiting as (
      select least(lo - 1, cap) - before as n, at from capped where lo > before + 1 and before + 1 <= cap
      union all
      select 1, issued_at from fiscal_notes where status = 'REJECTED' and environment = (select environment from env)),
    -- One row per business month of the gaps (when the numbering jumped, or the note was rejected), due from the
    -- 1st of the month after it.
    months as (select n, to_char(at at time zone ${zone}::text, 'YYYY-MM') as month from waiting where at < ${monthStart})
    select replace(month, '-', '')::int as newest, month, sum(n)::int as count,
      ((to_date(month, 'YYYY-MM') + interval '1 month')::timestamp at time zone ${zone}::text) as at
    from months group by month`;
}

/** The SQL of 'Lacunas de numeração' (note-gaps.ts). */
export const gapsRepository = {
  /** The model–series pairs of the environment that have a note or a voiding, and the issuer's current ones. */
  async series(db: Executor, environment: number) {
    const rows = await sql<{ model: number; series: number }>`
      select model, series from fiscal_notes where environment = ${environment}
      union select model, series from fiscal_voidings where environment = ${environment}
      union select 55, nfe_series from fiscal_issuer
      union select 65, nfce_series from fiscal_issuer
      order by model, series`.execute(db);
    return rows.rows.map((row) => ({ model: Number(row.model) as 55 | 65, series: Number(row.series) }));
  },

  /**
   * The runs never used inside the series' numbering up to `cap` (the issuer's next number − 1 for its current series:
   * a range voided ahead of it leaves no gap behind it): between a used number (or a voided range) and the next one
   * used, the time of that next one (when the numbering jumped); and the highest number used.
   */
  async gaps(db: Executor, series: Series, cap: number): Promise<{ gaps: GapRow[]; highest: number | null }> {
    const used = sql`
      select number as lo, number as hi, issued_at as at from fiscal_notes
      where model = ${series.model} and series = ${series.series} and environment = ${series.environment}
      union all
      select number_from, number_to, created_at from fiscal_voidings
      where model = ${series.model} and series = ${series.series} and environment = ${series.environment}`;
    const gaps = await sql<GapRow>`
      with used as (${used}),
      ordered as (
        select lo, hi, at, max(hi) over (order by lo, hi rows between unbounded preceding and 1 preceding) as before
        from used)
      select before + 1 as "from", least(lo - 1, ${cap}) as "to", at from ordered
      where lo > before + 1 and before + 1 <= ${cap} order by lo`.execute(db);
    const top = await sql<{ highest: number | null }>`select max(hi) as highest from (${used}) u`.execute(db);
    const highest = top.rows[0]?.highest;
    return {
      gaps: gaps.rows.map((row) => ({ from: Number(row.from), to: Number(row.to), at: new Date(row.at) })),
      highest: highest === null || highest === undefined ? null : Number(highest),
    };
  },

  /** The series' rejected notes (their numbers not authorised), with their order. */
  async rejected(db: Executor, series: Series) {
    return db
      .selectFrom('fiscal_notes as n')
      .leftJoin('orders as o', 'o.id', 'n.order_id')
      .select(['n.id', 'n.number', 'n.issued_at', 'o.code as order_code'])
      .where('n.model', '=', series.model)
      .where('n.series', '=', series.series)
      .where('n.environment', '=', series.environment)
      .where('n.status', '=', 'REJECTED')
      .orderBy('n.number')
      .execute();
  },
};

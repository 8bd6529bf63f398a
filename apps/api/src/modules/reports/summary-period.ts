import { type RawBuilder, sql } from 'kysely';

const DAY = 86_400_000;
/** São Paulo is UTC−03:00 all year (the contract's period rule): its midnight is 03:00 UTC. */
const OFFSET = 3 * 3_600_000;

const localDate = (instant: number) => new Date(instant - OFFSET).toISOString().slice(0, 10);
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
function firstOfNextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * A period `from <= at < until` cut into what the summary tables hold and what they cannot:
 * raw rows for the partial days at each end ([from, rawUntil) and [rawFrom, until)), whole São Paulo
 * days [firstDay, firstMonth) and [lastMonth, endDay) from the daily rows, whole months
 * [firstMonth, lastMonth) from the monthly rows. Empty pieces are empty ranges.
 */
export interface SplitPeriod {
  from: Date;
  rawUntil: Date;
  rawFrom: Date;
  until: Date;
  firstDay: string;
  firstMonth: string;
  lastMonth: string;
  endDay: string;
}

export function splitPeriod(from: Date, until: Date): SplitPeriod {
  const start = from.getTime();
  const end = until.getTime();
  const dayAfter = Math.ceil((start - OFFSET) / DAY) * DAY + OFFSET;
  const dayBefore = Math.floor((end - OFFSET) / DAY) * DAY + OFFSET;
  if (dayAfter >= dayBefore) {
    // No whole day: every row is read raw.
    return {
      from,
      rawUntil: until,
      rawFrom: until,
      until,
      firstDay: '1900-01-01',
      firstMonth: '1900-01-01',
      lastMonth: '1900-01-01',
      endDay: '1900-01-01',
    };
  }
  const firstDay = localDate(dayAfter);
  const endDay = localDate(dayBefore);
  let firstMonth = firstDay.endsWith('-01') ? firstDay : firstOfNextMonth(firstDay);
  let lastMonth = firstOfMonth(endDay);
  if (firstMonth >= lastMonth) {
    // No whole month: the days run from firstDay to endDay.
    firstMonth = endDay;
    lastMonth = endDay;
  }
  return {
    from,
    rawUntil: new Date(dayAfter),
    rawFrom: new Date(dayBefore),
    until,
    firstDay,
    firstMonth,
    lastMonth,
    endDay,
  };
}

/**
 * The summary rows of the whole months and days of a period, as three selects joined by `union all` (one
 * range of the (grain, bucket) covering index each, so each is an index-only scan; an OR of the three
 * would be a bitmap scan of the table). `select(range)` writes one select given its where-condition on
 * alias `s`.
 */
export function summaryParts(p: SplitPeriod, select: (range: RawBuilder<boolean>) => RawBuilder<unknown>) {
  const range = (grain: 'D' | 'M', from: string, until: string) =>
    sql<boolean>`s.grain = ${grain} and s.bucket >= ${from}::date and s.bucket < ${until}::date`;
  return sql.join(
    [
      select(range('M', p.firstMonth, p.lastMonth)),
      select(range('D', p.firstDay, p.firstMonth)),
      select(range('D', p.lastMonth, p.endDay)),
    ],
    sql` union all `,
  );
}

/** The raw rows (instant column `column`) of the partial days at the ends of a period. */
export function rawRows(p: SplitPeriod, column: string): RawBuilder<boolean> {
  const at = sql.ref(column);
  return sql<boolean>`((${at} >= ${p.from} and ${at} < ${p.rawUntil}) or (${at} >= ${p.rawFrom} and ${at} < ${p.until}))`;
}

/**
 * The whole months [firstMonth, lastMonth) of a period as signed lookups of the rest-of-year tables of
 * migration 0009 (a month's row holds the figures from that month to December): + the first month,
 * + January of every later year the months reach, − the month after the last one unless it is a January.
 * Empty when the period has no whole month.
 */
export function rankingTerms(p: SplitPeriod): { month: string; sign: 1 | -1 }[] {
  if (p.firstMonth >= p.lastMonth) return [];
  const terms: { month: string; sign: 1 | -1 }[] = [{ month: p.firstMonth, sign: 1 }];
  const firstYear = Number(p.firstMonth.slice(0, 4));
  const lastYear = Number(p.lastMonth.slice(0, 4));
  const endsInJanuary = p.lastMonth.slice(5, 7) === '01';
  for (let year = firstYear + 1; year <= (endsInJanuary ? lastYear - 1 : lastYear); year++)
    terms.push({ month: `${year}-01-01`, sign: 1 });
  if (!endsInJanuary) terms.push({ month: p.lastMonth, sign: -1 });
  return terms;
}

/**
 * Like `summaryParts`, but the whole months come from a rest-of-year table (`months(month, sign)` writes
 * one signed lookup of it, alias `s`), the whole days from the daily rows (`days(range)`).
 */
export function rankingParts(
  p: SplitPeriod,
  months: (month: string, sign: RawBuilder<unknown>) => RawBuilder<unknown>,
  days: (range: RawBuilder<boolean>) => RawBuilder<unknown>,
) {
  const range = (from: string, until: string) =>
    sql<boolean>`s.grain = 'D' and s.bucket >= ${from}::date and s.bucket < ${until}::date`;
  return sql.join(
    [
      ...rankingTerms(p).map(({ month, sign }) => months(month, sign === 1 ? sql`` : sql`-`)),
      days(range(p.firstDay, p.firstMonth)),
      days(range(p.lastMonth, p.endDay)),
    ],
    sql` union all `,
  );
}

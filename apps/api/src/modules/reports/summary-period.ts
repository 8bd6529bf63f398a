import {
  businessDay,
  DEFAULT_BUSINESS_TIME_ZONE,
  dayStart,
  monthOf as firstOfMonth,
  nextMonthOf as firstOfNextMonth,
  shiftDay,
} from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';

const DAY = 86_400_000;
/**
 * The zone the summary tables' days and months are of: migration 0007's triggers bucket every row by the
 * default business zone's calendar (a fact of the stored rows, whatever `BUSINESS_TIME_ZONE` says). A period
 * of another zone is still exact: its edges, cut off whole summary days, are read from the raw rows.
 */
export const SUMMARY_ZONE = DEFAULT_BUSINESS_TIME_ZONE;

/** The first summary day starting at or after `instant`, and the start of the summary day holding `instant`. */
function summaryDayAfter(instant: number): number {
  const day = businessDay(instant, SUMMARY_ZONE);
  const start = dayStart(day, SUMMARY_ZONE).getTime();
  return start === instant ? start : dayStart(shiftDay(day, 1), SUMMARY_ZONE).getTime();
}
const summaryDayBefore = (instant: number) => dayStart(businessDay(instant, SUMMARY_ZONE), SUMMARY_ZONE).getTime();
const localDate = (instant: number) => businessDay(instant, SUMMARY_ZONE);

/**
 * A period `from <= at < until` cut into what the summary tables hold and what they cannot:
 * raw rows for the partial days at each end ([from, rawUntil) and [rawFrom, until)), whole summary
 * days (SUMMARY_ZONE) [firstDay, firstMonth) and [lastMonth, endDay) from the daily rows, whole months
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
  const dayAfter = summaryDayAfter(start);
  const dayBefore = summaryDayBefore(end);
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

const DAYS = (from: string, until: string) => (Date.parse(until) - Date.parse(from)) / DAY;

/** Signed lookups of the rest-of-year tables for the whole months [firstMonth, lastMonth). */
function monthTerms(firstMonth: string, lastMonth: string): { month: string; sign: 1 | -1 }[] {
  if (firstMonth >= lastMonth) return [];
  const terms: { month: string; sign: 1 | -1 }[] = [{ month: firstMonth, sign: 1 }];
  const firstYear = Number(firstMonth.slice(0, 4));
  const lastYear = Number(lastMonth.slice(0, 4));
  const endsInJanuary = lastMonth.slice(5, 7) === '01';
  for (let year = firstYear + 1; year <= (endsInJanuary ? lastYear - 1 : lastYear); year++)
    terms.push({ month: `${year}-01-01`, sign: 1 });
  if (!endsInJanuary) terms.push({ month: lastMonth, sign: -1 });
  return terms;
}

export interface RankingPieces {
  /** Signed lookups of a rest-of-year table (migration 0009): a month's row holds that month to December. */
  months: { month: string; sign: 1 | -1 }[];
  /** Signed ranges [from, until) of daily rows. */
  days: { from: string; until: string; sign: 1 | -1 }[];
}

/**
 * A period's summarised part (everything but the raw rows of its partial days) for the rest-of-year
 * tables. Whole months [a, b) are `rest(a) + rest(January of each later year) − rest(b)` (no subtraction
 * when b is a January). A partial month at either end is read from whichever is smaller: its days in the
 * period, or the whole month minus its other days (a period ending today subtracts the month's days still
 * to come, which hold no rows yet):
 *   [firstDay, firstMonth) = month(firstDay) − [start of that month, firstDay)
 *   [lastMonth, endDay)    = month(lastMonth) − [endDay, next month)
 * Without a whole month (a week, say) it is the daily rows alone.
 */
export function rankingPieces(p: SplitPeriod): RankingPieces {
  if (p.firstMonth >= p.lastMonth) {
    return { months: [], days: [{ from: p.firstDay, until: p.endDay, sign: 1 }] };
  }
  let fromMonth = p.firstMonth;
  let untilMonth = p.lastMonth;
  const days: RankingPieces['days'] = [];
  if (p.firstDay < p.firstMonth) {
    const monthStart = firstOfMonth(p.firstDay);
    if (DAYS(monthStart, p.firstDay) < DAYS(p.firstDay, p.firstMonth)) {
      fromMonth = monthStart;
      days.push({ from: monthStart, until: p.firstDay, sign: -1 });
    } else days.push({ from: p.firstDay, until: p.firstMonth, sign: 1 });
  }
  if (p.lastMonth < p.endDay) {
    const next = firstOfNextMonth(p.lastMonth);
    if (DAYS(p.endDay, next) < DAYS(p.lastMonth, p.endDay)) {
      untilMonth = next;
      days.push({ from: p.endDay, until: next, sign: -1 });
    } else days.push({ from: p.lastMonth, until: p.endDay, sign: 1 });
  }
  return { months: monthTerms(fromMonth, untilMonth), days };
}

/** The whole months [firstMonth, lastMonth) of a period as signed rest-of-year lookups (see rankingPieces). */
export function rankingTerms(p: SplitPeriod): { month: string; sign: 1 | -1 }[] {
  return monthTerms(p.firstMonth, p.lastMonth);
}

/**
 * Like `summaryParts`, for the rankings: `months(month, sign)` writes one signed lookup of a rest-of-year
 * table (alias `s`), `days(range, sign)` one signed range of daily rows; joined by `union all`.
 */
export function rankingParts(
  p: SplitPeriod,
  months: (month: string, sign: RawBuilder<unknown>) => RawBuilder<unknown>,
  days: (range: RawBuilder<boolean>, sign: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  const pieces = rankingPieces(p);
  const minus = (sign: 1 | -1) => (sign === 1 ? sql`` : sql`-`);
  const parts = [
    ...pieces.months.map(({ month, sign }) => months(month, minus(sign))),
    ...pieces.days.map(({ from, until, sign }) =>
      days(sql<boolean>`s.grain = 'D' and s.bucket >= ${from}::date and s.bucket < ${until}::date`, minus(sign)),
    ),
  ];
  // Never empty: a period always has a days range or a month.
  return sql.join(parts.length ? parts : [days(sql<boolean>`false`, sql``)], sql` union all `);
}

import { businessDay, formatBusinessDateTime, fromBusinessTimestamp, shiftDay, toBusinessTimestamp } from './clock';
import { labelledValues } from './labelled-values';

/**
 * Periods of every "start/end" path ({start} and {end} as YYYY-MM-DDTHH:mm:ss). One rule for the whole
 * product, on both sides:
 * - the timestamps are local times of the business, in its zone (`clock.ts`, `BUSINESS_TIME_ZONE`);
 * - both ends are included to the whole second: `end` 2026-04-30T23:59:59 takes in an order at
 *   23:59:59.900, so a period is `from <= at < until` with `until` = end + 1 second;
 * - an impossible date (2026-02-30) is refused, never rolled over; an end before the start is refused.
 * The screens ask for whole days: `dayPeriod('2026-04-01', '2026-04-30')` gives 00:00:00 to 23:59:59.
 */
export const PERIOD_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const PERIOD_TEXTS = {
  invalid: 'Data inválida: use o formato AAAA-MM-DDTHH:mm:ss.',
  reversed: 'A data final deve ser igual ou posterior à data inicial.',
} as const;

/** The instant of a period timestamp, or null when it is malformed or impossible. */
export function parsePeriodTimestamp(value: string): Date | null {
  if (!PERIOD_TIMESTAMP.test(value)) return null;
  const date = fromBusinessTimestamp(value);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls 2026-02-30 over to March: compare back.
  return toPeriodTimestamp(date) === value ? date : null;
}

/** An instant written as the business's local YYYY-MM-DDTHH:mm:ss. */
export function toPeriodTimestamp(date: Date): string {
  return toBusinessTimestamp(date);
}

export type PeriodResult =
  | { ok: true; from: Date; until: Date }
  | { ok: false; reason: 'invalid' | 'reversed'; message: string };

/** `{from, until}` with `from <= at < until` (the end's whole second included), or why not. */
export function parsePeriod(start: string, end: string): PeriodResult {
  const from = parsePeriodTimestamp(start);
  const last = parsePeriodTimestamp(end);
  if (!from || !last) return { ok: false, reason: 'invalid', message: PERIOD_TEXTS.invalid };
  if (last < from) return { ok: false, reason: 'reversed', message: PERIOD_TEXTS.reversed };
  return { ok: true, from, until: new Date(last.getTime() + 1000) };
}

/** The {start} and {end} of whole days (YYYY-MM-DD, local): 00:00:00 of the first to 23:59:59 of the last. */
export function dayPeriod(firstDay: string, lastDay: string): { start: string; end: string } {
  if (!DAY.test(firstDay) || !DAY.test(lastDay)) throw new Error(`Not a day: ${firstDay} / ${lastDay}`);
  return { start: `${firstDay}T00:00:00`, end: `${lastDay}T23:59:59` };
}

/** An instant as the business reads it: DD/MM/YYYY HH:mm:ss in its zone (the screens' `formatDateTime`). */
export const businessDateTime = (date: Date): string => formatBusinessDateTime(date);

/** The quick periods of the reports and histories (issue 20 §5), in the order of their buttons. */
export const QUICK_PERIOD_LABELS = {
  today: 'Hoje',
  last7: 'Últimos 7 dias',
  thisMonth: 'Este mês',
  lastMonth: 'Mês passado',
};
export const QUICK_PERIODS = labelledValues(QUICK_PERIOD_LABELS);
export type QuickPeriod = (typeof QUICK_PERIODS)[number];
/** The one period every report and history starts filled in with. */
export const DEFAULT_QUICK_PERIOD: QuickPeriod = 'last7';

/** The last `days` business days (YYYY-MM-DD), today included, at the instant `now`. */
export function lastDays(now: Date, days: number): { first: string; last: string } {
  const today = businessDay(now);
  return { first: shiftDay(today, -(days - 1)), last: today };
}

/** The first and last business days (YYYY-MM-DD) of a quick period, at the instant `now`. */
export function quickPeriodDays(period: QuickPeriod, now: Date): { first: string; last: string } {
  const today = businessDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'today':
      return { first: today, last: today };
    case 'last7':
      return lastDays(now, 7);
    case 'thisMonth':
      return { first: monthStart, last: today };
    case 'lastMonth': {
      const last = shiftDay(monthStart, -1);
      return { first: `${last.slice(0, 7)}-01`, last };
    }
  }
}

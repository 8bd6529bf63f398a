import { parsePeriod } from '@backoffice/contract';
import { badRequest } from './errors';

/**
 * No record exists before 1900 or after 2999, and dates far out (year 0000; 9999-12-31 west of UTC is year
 * 10000 in UTC) cannot travel to the database: a queried period is clamped to those years.
 */
const EARLIEST = new Date('1900-01-01T00:00:00Z');
const LATEST = new Date('3000-01-01T00:00:00Z');
const clamp = (date: Date) => (date < EARLIEST ? EARLIEST : date > LATEST ? LATEST : date);

/**
 * The period of a start/end path by the contract's one rule (`parsePeriod`): query it as
 * `from <= at < until`. Throws a coded INVALID_PERIOD 400 for an impossible or reversed period.
 */
export function periodOrThrow(start: string, end: string): { from: Date; until: Date } {
  const period = parsePeriod(start, end);
  if (!period.ok) throw badRequest(period.message, 'INVALID_PERIOD');
  return { from: clamp(period.from), until: clamp(period.until) };
}

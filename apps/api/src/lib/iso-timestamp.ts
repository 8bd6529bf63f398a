/**
 * A stored moment as the API answers it (issue 60 §5, once for every module): ISO 8601 in UTC with milliseconds,
 * `2026-03-09T14:05:00.000Z`, from a `Date` or the text a driver gave for a `timestamptz`. Not a business day: for
 * `YYYY-MM-DD` in the shop's zone, `businessDay` of the contract's clock.
 */
export function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}

/** The same, or null for a moment not there (null, undefined). */
export function isoTimestampOrNull(value: Date | string | null | undefined): string | null {
  return value ? isoTimestamp(value) : null;
}

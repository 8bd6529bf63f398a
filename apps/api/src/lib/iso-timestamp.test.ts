import { describe, expect, it } from 'vitest';
import { isoTimestamp, isoTimestampOrNull } from './iso-timestamp';

describe('a stored moment as the API answers it', () => {
  it('is ISO 8601 in UTC with milliseconds, from a Date or a driver’s text', () => {
    // 11:05 in São Paulo (UTC−3) on 9 March 2026 is 14:05 UTC.
    expect(isoTimestamp(new Date(Date.UTC(2026, 2, 9, 14, 5)))).toBe('2026-03-09T14:05:00.000Z');
    expect(isoTimestamp('2026-03-09 11:05:00-03')).toBe('2026-03-09T14:05:00.000Z');
    expect(isoTimestamp('2026-03-09T23:30:00.250-03:00')).toBe('2026-03-10T02:30:00.250Z');
  });

  it('is null for a moment not there', () => {
    expect(isoTimestampOrNull(null)).toBeNull();
    expect(isoTimestampOrNull(undefined)).toBeNull();
    expect(isoTimestampOrNull(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01T00:00:00.000Z');
  });
});

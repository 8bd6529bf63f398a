import { describe, expect, it } from 'vitest';
import { businessDay } from './clock';
import { dayPeriod, parsePeriod, parsePeriodTimestamp } from './period';

describe('the period helper', () => {
  it('reads timestamps as São Paulo local time (UTC−3)', () => {
    expect(parsePeriodTimestamp('2026-04-01T00:00:00')?.toISOString()).toBe('2026-04-01T03:00:00.000Z');
    expect(parsePeriodTimestamp('2026-12-31T21:30:00')?.toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });

  it('refuses impossible and malformed timestamps instead of rolling them over', () => {
    for (const bad of ['2026-02-30T00:00:00', '2026-13-01T00:00:00', '2026-04-01', '2026-04-01T24:00:00', 'x']) {
      expect(parsePeriodTimestamp(bad), bad).toBeNull();
    }
  });

  it('includes the last second of the end and nothing after it', () => {
    const period = parsePeriod('2026-04-01T00:00:00', '2026-04-30T23:59:59');
    if (!period.ok) throw new Error(period.message);
    const inside = (iso: string) => new Date(iso) >= period.from && new Date(iso) < period.until;
    expect(inside('2026-04-01T03:00:00.000Z')).toBe(true); // 01/04 00:00:00 local
    expect(inside('2026-05-01T02:59:59.900Z')).toBe(true); // 30/04 23:59:59.9 local
    expect(inside('2026-05-01T03:00:00.000Z')).toBe(false); // 01/05 00:00:00 local
    expect(inside('2026-04-01T02:59:59.999Z')).toBe(false); // 31/03 23:59:59.999 local
  });

  it('refuses an end before the start, but accepts a one-second period', () => {
    expect(parsePeriod('2026-04-02T00:00:00', '2026-04-01T23:59:59')).toMatchObject({ ok: false, reason: 'reversed' });
    expect(parsePeriod('2026-04-02T10:00:00', '2026-04-02T10:00:00').ok).toBe(true);
  });

  it('gives whole days for the screens and the local day of an instant', () => {
    expect(dayPeriod('2026-04-01', '2026-04-30')).toEqual({ start: '2026-04-01T00:00:00', end: '2026-04-30T23:59:59' });
    expect(businessDay(new Date('2026-05-01T02:59:59Z'))).toBe('2026-04-30');
  });
});

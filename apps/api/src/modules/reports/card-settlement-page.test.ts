import { describe, expect, it } from 'vitest';
import { pageStart } from './sales-reports';

/** Report 20's page starts on the day its offset falls on (decision 0106): worked out by hand on three days. */
describe('pageStart', () => {
  const days = [
    { day: '2026-12-01', settlements: 2 },
    { day: '2026-12-02', settlements: 3 },
    { day: '2026-12-05', settlements: 1 },
  ];

  it('starts on the day holding the offset, the offset counted from that day', () => {
    expect(pageStart(days, { limit: 2, offset: 0 })).toEqual({ day: '2026-12-01', window: { limit: 2, offset: 0 } });
    expect(pageStart(days, { limit: 2, offset: 2 })).toEqual({ day: '2026-12-02', window: { limit: 2, offset: 0 } });
    expect(pageStart(days, { limit: 2, offset: 4 })).toEqual({ day: '2026-12-02', window: { limit: 2, offset: 2 } });
    expect(pageStart(days, { limit: 1, offset: 5 })).toEqual({ day: '2026-12-05', window: { limit: 1, offset: 0 } });
  });

  it('reads the whole period without a page, and nothing past the end or of an empty period', () => {
    expect(pageStart(days, {})).toEqual({ day: '2026-12-01', window: { offset: 0 } });
    expect(pageStart(days, { limit: 2, offset: 6 })).toBeUndefined();
    expect(pageStart([], { limit: 2, offset: 0 })).toBeUndefined();
  });

  it('starts on the first day with the whole offset when the payments are expanded from it', () => {
    expect(pageStart(days, { limit: 2, offset: 4 }, '2026-11-30')).toEqual({
      day: '2026-11-30',
      window: { limit: 2, offset: 4 },
    });
  });
});

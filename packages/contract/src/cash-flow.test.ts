import { describe, expect, it } from 'vitest';
import { cashFlowRows, weekStart } from './cash-flow';

/** Today is Thursday 26/11/2026; the range is Friday 28/08/2026 (90 days before) to Tuesday 23/02/2027 (89 after). */
const TODAY = '2026-11-26';
const DAYS = [
  { day: '2026-11-20', receivedCents: 1_000, paidCents: 0, toReceiveCents: 0, toPayCents: 0 },
  { day: '2026-11-24', receivedCents: 0, paidCents: 300, toReceiveCents: 0, toPayCents: 0 },
  { day: '2026-11-26', receivedCents: 0, paidCents: 0, toReceiveCents: 10_000, toPayCents: 0 },
  { day: '2026-11-27', receivedCents: 0, paidCents: 0, toReceiveCents: 0, toPayCents: 7_000 },
  { day: '2026-11-30', receivedCents: 0, paidCents: 0, toReceiveCents: 5_000, toPayCents: 0 },
];

describe('the cash flow (issue 40 §4)', () => {
  it('by day: 90 rows before today, 90 from it, the balance carried from R$ 20,00 today on', () => {
    const rows = cashFlowRows(TODAY, DAYS, 'day', 2_000);
    expect(rows).toHaveLength(180);
    expect(rows[0]?.start).toBe('2026-08-28');
    expect(rows.at(-1)?.end).toBe('2027-02-23');
    const at = (day: string) => rows.find((r) => r.start === day);
    expect(at('2026-11-20')).toMatchObject({ received: 10, net: 10, balance: null });
    expect(at('2026-11-24')).toMatchObject({ paid: 3, net: -3, balance: null });
    // 20,00 + 100,00 = 120,00; − 70,00 = 50,00; 50,00 on the weekend; + 50,00 = 100,00.
    expect(at('2026-11-26')).toMatchObject({ toReceive: 100, net: 100, balance: 120 });
    expect(at('2026-11-27')).toMatchObject({ toPay: 70, net: -70, balance: 50 });
    expect(at('2026-11-29')).toMatchObject({ net: 0, balance: 50 });
    expect(at('2026-11-30')).toMatchObject({ toReceive: 50, balance: 100 });
    expect(rows.at(-1)?.balance).toBe(100);
  });

  it('by week: Monday to Sunday, the week of today split at today, the first cut at the range', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    const rows = cashFlowRows(TODAY, DAYS, 'week', 2_000);
    expect(rows[0]).toMatchObject({ start: '2026-08-28', end: '2026-08-30' });
    const at = (start: string) => rows.find((r) => r.start === start);
    expect(at('2026-11-16')).toMatchObject({ end: '2026-11-22', received: 10, net: 10, balance: null });
    expect(at('2026-11-23')).toMatchObject({ end: '2026-11-25', paid: 3, net: -3, balance: null });
    // This week from today: 100,00 − 70,00 = 30,00 → 50,00; next week + 50,00 → 100,00.
    expect(at('2026-11-26')).toMatchObject({ end: '2026-11-29', toReceive: 100, toPay: 70, net: 30, balance: 50 });
    expect(at('2026-11-30')).toMatchObject({ end: '2026-12-06', toReceive: 50, balance: 100 });
    expect(rows.at(-1)).toMatchObject({ start: '2027-02-22', end: '2027-02-23' });
  });

  it('today: what came in and went out already beside what is still due, the balance from what the shop holds now', () => {
    // Today R$ 376,57 received and R$ 2.670,30 paid (issue 54 §3's day), R$ 100,00 still to receive.
    const today = { day: TODAY, receivedCents: 37_657, paidCents: 267_030, toReceiveCents: 10_000, toPayCents: 0 };
    const rows = cashFlowRows(TODAY, [today], 'day', 2_000);
    // Net 376,57 − 2.670,30 + 100,00 = −2.193,73; the balance 20,00 typed (today's money in it) + 100,00 = 120,00.
    expect(rows.find((r) => r.start === TODAY)).toEqual({
      start: TODAY,
      end: TODAY,
      received: 376.57,
      paid: 2670.3,
      toReceive: 100,
      toPay: 0,
      net: -2193.73,
      balance: 120,
    });
  });
});

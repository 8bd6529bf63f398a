import { describe, expect, it } from 'vitest';
import { cashClosing, cashTotals, expectedCashCents } from './cash-registers';
import { mayApproveCashDifference } from './finance-access';

describe('the cash drawer (issue 40 §3)', () => {
  it('expects float 200,00 + sales 1.350,00 + a courier 480,00 + top-up 50,00 − removal 1.000,00 = R$ 1.080,00', () => {
    const entries = [
      { kind: 'SALE', amountCents: 135_000 },
      { kind: 'SETTLEMENT', amountCents: 48_000 },
      { kind: 'TOP_UP', amountCents: 5_000 },
      { kind: 'REMOVAL', amountCents: 100_000 },
    ] as const;
    expect(expectedCashCents(20_000, entries)).toBe(108_000);
    expect(cashTotals(20_000, entries)).toEqual({
      float: 200,
      byKind: { SALE: 1350, SETTLEMENT: 480, INSTALMENT: 0, TOP_UP: 50, REMOVAL: 1000, REFUND: 0, TRADE_IN: 0 },
      in: 1880,
      out: 1000,
      expected: 1080,
    });
  });

  it('a refund takes cash out as a removal does; an instalment brings it in', () => {
    expect(
      expectedCashCents(0, [
        { kind: 'INSTALMENT', amountCents: 204_667 },
        { kind: 'REFUND', amountCents: 3_980 },
      ]),
    ).toBe(200_687);
  });

  it('counted 1.070,00 of 1.080,00: −10,00, a reason, and an approval above a tolerance of 0,00 but not of 10,00', () => {
    expect(cashClosing(108_000, 107_000, 0)).toEqual({
      expectedCents: 108_000,
      countedCents: 107_000,
      differenceCents: -1_000,
      needsReason: true,
      needsApproval: true,
    });
    expect(cashClosing(108_000, 107_000, 1_000)).toMatchObject({ needsReason: true, needsApproval: false });
    expect(cashClosing(108_000, 109_001, 1_000)).toMatchObject({ differenceCents: 1_001, needsApproval: true });
    expect(cashClosing(108_000, 108_000, 0)).toMatchObject({
      differenceCents: 0,
      needsReason: false,
      needsApproval: false,
    });
  });

  it("approves another's difference with 'Crédito e cobrança', never one's own; full access always", () => {
    expect(mayApproveCashDifference(['bo:manage:credit'], 7, 8)).toBe(true);
    expect(mayApproveCashDifference(['bo:manage:credit'], 7, 7)).toBe(false);
    expect(mayApproveCashDifference(['bo:manage:orders', 'bo:manage:internal_sales'], 7, 8)).toBe(false);
    expect(mayApproveCashDifference(['full:access'], 7, 7)).toBe(true);
  });
});

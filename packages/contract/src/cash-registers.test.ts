import { describe, expect, it } from 'vitest';
import { cashClosing, cashTotals, expectedCashCents } from './cash-registers';
import { cashApprovalRefusal, mayApproveCashDifference } from './finance-access';

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
      byKind: {
        SALE: 1350,
        SETTLEMENT: 480,
        INSTALMENT: 0,
        TOP_UP: 50,
        REMOVAL: 1000,
        REFUND: 0,
        TRADE_IN: 0,
        SUPPLIER_PAYMENT: 0,
      },
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

  it("approves another's difference with 'Crédito e cobrança', never one's own nor one he closed; full access always", () => {
    const closedByOperator = { operatorId: 8, closedById: 8 };
    expect(mayApproveCashDifference(['bo:manage:credit'], 7, closedByOperator)).toBe(true);
    expect(mayApproveCashDifference(['bo:manage:credit'], 7, { operatorId: 7, closedById: 7 })).toBe(false);
    expect(cashApprovalRefusal(['bo:manage:credit'], 7, { operatorId: 7, closedById: 7 })).toBe('own');
    // A manager who closed someone else's drawer (8's) does not approve its difference; another manager (9) does.
    expect(cashApprovalRefusal(['bo:manage:credit'], 7, { operatorId: 8, closedById: 7 })).toBe('closedBy');
    expect(mayApproveCashDifference(['bo:manage:credit'], 9, { operatorId: 8, closedById: 7 })).toBe(true);
    expect(cashApprovalRefusal(['bo:manage:orders', 'bo:manage:internal_sales'], 7, closedByOperator)).toBe(
      'permission',
    );
    expect(mayApproveCashDifference(['full:access'], 7, { operatorId: 7, closedById: 7 })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { daysBetween } from './clock';
import {
  amountDue,
  customerCreditBodySchema,
  formatCreditTerms,
  instalmentDue,
  instalmentDueDays,
  instalmentPaidState,
  parseCreditTerms,
  splitInstalments,
  splitPayment,
} from './receivables';

describe('an instalment paid late (issue 40 §2): fine 2 % once, interest 1 % a month pro rata die', () => {
  it("the issue's example: R$ 2.000,00 due 10/12 paid 20/12 asks 2.000,00 + 40,00 + 6,67 = R$ 2.046,67", () => {
    expect(amountDue(200_000, '2026-12-10', '2026-12-20')).toEqual({
      daysLate: 10,
      principalCents: 200_000,
      fineCents: 4_000,
      interestCents: 667,
      totalCents: 204_667,
    });
  });

  // R$ 1.000,00 due 01/01/2027, by hand: the fine is 20,00 from the first day late; the interest is
  // 1.000,00 × 1 % × days ÷ 30 = days ÷ 3 reais, rounded half up to the cent.
  it.each([
    [0, '2027-01-01', 0, 0],
    [1, '2027-01-02', 2_000, 33], // 0,333… → 0,33
    [2, '2027-01-03', 2_000, 67], // 0,666… → 0,67
    [15, '2027-01-16', 2_000, 500],
    [30, '2027-01-31', 2_000, 1_000],
    [31, '2027-02-01', 2_000, 1_033], // 10,333… → 10,33
    [45, '2027-02-15', 2_000, 1_500],
    [59, '2027-03-01', 2_000, 1_967], // 19,666… → 19,67
    [90, '2027-04-01', 2_000, 3_000],
    [100, '2027-04-11', 2_000, 3_333],
    [180, '2027-06-30', 2_000, 6_000],
    [365, '2028-01-01', 2_000, 12_167], // 121,666… → 121,67
    [400, '2028-02-05', 2_000, 13_333], // 133,333… → 133,33
  ])('%i days late (paid %s): fine %i and interest %i cents', (days, payDay, fine, interest) => {
    const due = amountDue(100_000, '2027-01-01', payDay);
    expect(due.daysLate).toBe(days);
    expect([due.fineCents, due.interestCents, due.totalCents]).toEqual([fine, interest, 100_000 + fine + interest]);
  });

  it('paid before or on its due day asks the instalment only', () => {
    expect(amountDue(100_000, '2027-01-10', '2027-01-03').totalCents).toBe(100_000);
    expect(amountDue(100_000, '2027-01-10', '2027-01-10').totalCents).toBe(100_000);
  });

  it('counts 29 February in a leap year: due 28/02 paid 01/03 is 2 days late in 2028, 1 in 2027', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    // R$ 300,00: fine 6,00; interest 300,00 × 1 % × 2 ÷ 30 = 0,20 and × 1 ÷ 30 = 0,10.
    expect(amountDue(30_000, '2028-02-28', '2028-03-01').totalCents).toBe(30_000 + 600 + 20);
    expect(amountDue(30_000, '2027-02-28', '2027-03-01').totalCents).toBe(30_000 + 600 + 10);
  });

  it("charges on what is still open, at the shop's own rates", () => {
    // 2.000,00 of which 1.500,00 paid: 500,00 open 10 days late at 2 % and 1 %: 10,00 + 1,67.
    expect(amountDue(50_000, '2026-12-10', '2026-12-20').totalCents).toBe(50_000 + 1_000 + 167);
    // 10 % fine and 3 % a month: 500,00 × 10 % = 50,00; 500,00 × 3 % × 10 ÷ 30 = 5,00.
    const rates = { fineHundredths: 1_000, monthlyInterestHundredths: 300 };
    expect(amountDue(50_000, '2026-12-10', '2026-12-20', rates).totalCents).toBe(50_000 + 5_000 + 500);
  });
});

describe("a sale's instalments", () => {
  it('R$ 100,00 in 3 are 33,33 + 33,33 + 33,34; in 1, the whole', () => {
    expect(splitInstalments(10_000, 3)).toEqual([3_333, 3_333, 3_334]);
    expect(splitInstalments(10_000, 1)).toEqual([10_000]);
    expect(splitInstalments(10_001, 2)).toEqual([5_000, 5_001]);
    expect(() => splitInstalments(10_000, 0)).toThrow(RangeError);
  });

  it('fall due at the terms from the delivery: 30/60/90 from 01/12/2026 are 31/12, 30/01 and 01/03', () => {
    expect(instalmentDueDays('2026-12-01', [30, 60, 90])).toEqual(['2026-12-31', '2027-01-30', '2027-03-01']);
  });
});

describe("a customer's credit plans ('Prazos')", () => {
  it('reads the days of each instalment, slash-separated and increasing', () => {
    expect(parseCreditTerms('28')).toEqual([28]);
    expect(parseCreditTerms('30/60/90')).toEqual([30, 60, 90]);
    expect(parseCreditTerms(' 30 / 60 dias')).toEqual([30, 60]);
    for (const bad of ['', '60/30', '30/30', '0', '366', 'trinta', '30//60', '1/2/3/4/5/6/7/8/9/10/11/12/13']) {
      expect(parseCreditTerms(bad), bad).toBeNull();
    }
    expect(parseCreditTerms('1/2/3/4/5/6/7/8/9/10/11/12')).toHaveLength(12);
  });

  it("says them as the screens do: '28 dias', '30/60/90 dias', '1 dia'", () => {
    expect(formatCreditTerms([28])).toBe('28 dias');
    expect(formatCreditTerms([30, 60, 90])).toBe('30/60/90 dias');
    expect(formatCreditTerms([1])).toBe('1 dia');
  });

  it('keeps the plans shortest first, and refuses a plan without a limit', () => {
    expect(customerCreditBodySchema.parse({ limit: 100, terms: ['30/60/90', '28', '30'] }).terms).toEqual([
      [28],
      [30],
      [30, 60, 90],
    ]);
    expect(customerCreditBodySchema.safeParse({ limit: null, terms: ['28'] }).success).toBe(false);
    expect(customerCreditBodySchema.parse({ limit: null, terms: [] })).toEqual({ limit: null, terms: [] });
  });
});

describe('an instalment paid in part, late (decision 0054)', () => {
  it('pays the charges first; later, no second fine and interest from the last payment', () => {
    const first = instalmentDue({
      openCents: 200_000,
      dueDay: '2026-12-10',
      payDay: '2026-12-20',
      fineCharged: false,
      interestFrom: null,
    });
    expect(first).toEqual(amountDue(200_000, '2026-12-10', '2026-12-20'));
    // R$ 1.000,00: 40,00 + 6,67 of charges, 953,33 off the principal.
    expect(splitPayment(100_000, first)).toEqual({ fineCents: 4_000, interestCents: 667, principalCents: 95_333 });
    // Below the charges, or above what it asks: no split.
    expect(splitPayment(4_666, first)).toBeNull();
    expect(splitPayment(204_668, first)).toBeNull();
    expect(splitPayment(204_667, first)).toEqual({ fineCents: 4_000, interestCents: 667, principalCents: 200_000 });
    // 1.046,67 open on 30/12, the fine paid, interest since 20/12: 1.046,67 × 1 % × 10 ÷ 30 = 3,4889 → 3,49.
    expect(
      instalmentDue({
        openCents: 104_667,
        dueDay: '2026-12-10',
        payDay: '2026-12-30',
        fineCharged: true,
        interestFrom: '2026-12-20',
      }),
    ).toEqual({ daysLate: 20, principalCents: 104_667, fineCents: 0, interestCents: 349, totalCents: 105_016 });
    // A payment before the due day leaves nothing to charge when the rest is paid on time.
    expect(
      instalmentDue({
        openCents: 50_000,
        dueDay: '2026-12-10',
        payDay: '2026-12-10',
        fineCharged: false,
        interestFrom: '2026-12-01',
      }).totalCents,
    ).toBe(50_000);
  });
});

describe("what an instalment's payments leave for its late charges (instalmentPaidState)", () => {
  const payment = (principalCents: number, fineCents: number, paidOn: string, undone = false) => ({
    principalCents,
    fineCents,
    paidOn,
    undone,
  });

  it('sums the principal of the payments that count, the fine once paid, interest from the latest day', () => {
    // R$ 1.000,00 due 10/12: 500,00 + fine 20,00 + interest 3,33 on 20/12; 300,00 + interest 1,67 on 30/12;
    // 200,00 on 04/01 undone. Counted: 500,00 + 300,00 = 800,00; the fine paid; interest from 30/12.
    expect(
      instalmentPaidState([
        payment(50_000, 2_000, '2026-12-20'),
        payment(30_000, 0, '2026-12-30'),
        payment(20_000, 0, '2027-01-04', true),
      ]),
    ).toEqual({ principalPaidCents: 80_000, fineCharged: true, lastPaidOn: '2026-12-30' });
  });

  it('an undone payment of the fine leaves it to charge; payments in any order; none: nothing paid', () => {
    expect(instalmentPaidState([payment(30_000, 0, '2026-12-30'), payment(50_000, 2_000, '2026-12-20', true)])).toEqual(
      { principalPaidCents: 30_000, fineCharged: false, lastPaidOn: '2026-12-30' },
    );
    expect(instalmentPaidState([payment(10_000, 0, '2026-12-30'), payment(5_000, 0, '2026-12-05')])).toEqual({
      principalPaidCents: 15_000,
      fineCharged: false,
      lastPaidOn: '2026-12-30',
    });
    expect(instalmentPaidState([])).toEqual({ principalPaidCents: 0, fineCharged: false, lastPaidOn: null });
    expect(instalmentPaidState([payment(10_000, 2_000, '2026-12-20', true)])).toEqual({
      principalPaidCents: 0,
      fineCharged: false,
      lastPaidOn: null,
    });
  });
});

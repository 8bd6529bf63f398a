import { shiftDay } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { LATE, payment, TODAY } from '../test-data';
import { dueOn } from './due-on';

const SETTINGS = { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 };

describe('what an instalment asks on a day', () => {
  it("today: what the server said (the row's dueToday)", () => {
    expect(dueOn(LATE, TODAY, TODAY)).toBe(LATE.dueToday);
  });

  it('another day: the contract on what is open (R$ 2.000,00 five days late: 40,00 + 3,33)', () => {
    expect(dueOn(LATE, shiftDay(TODAY, -5), TODAY, { settings: SETTINGS })).toEqual({
      daysLate: 5,
      principal: 2000,
      fine: 40,
      interest: 3.33,
      total: 2043.33,
    });
    // On or before its due day: what is open.
    expect(dueOn(LATE, LATE.dueDate, TODAY).total).toBe(2000);
  });

  it("the shop's rates: no fine and 3 % a month (ten days: R$ 20,00)", () => {
    expect(dueOn(LATE, shiftDay(TODAY, -1), TODAY, { settings: { ...SETTINGS, fine: 0, monthlyInterest: 3 } })).toEqual(
      { daysLate: 9, principal: 2000, fine: 0, interest: 18, total: 2018 },
    );
  });

  it('the fine once, and interest from the last payment that counts', () => {
    const afterOne = { ...LATE, paid: 1000, open: 1000 };
    const paidOn = shiftDay(LATE.dueDate, 2);
    const payments = [
      payment({ id: 1, amount: 1041.33, principal: 1000, fine: 40, interest: 1.33, paidOn }),
      payment({ id: 2, amount: 10, paidOn: shiftDay(TODAY, -1), undoneAt: '2026-01-01T00:00:00.000Z' }),
    ];
    // Six days after that payment: no fine again, 1 % a month on R$ 1.000,00 for six days = R$ 2,00.
    expect(dueOn(afterOne, shiftDay(paidOn, 6), TODAY, { payments, settings: SETTINGS })).toMatchObject({
      fine: 0,
      interest: 2,
      total: 1002,
    });
  });

  it('another day from what the server says its charges count from (lateCharges), without the payments', () => {
    // R$ 1.000,00 open, the fine paid, interest since two days after the due day: six days later, 1 % a month on
    // R$ 1.000,00 for six days = R$ 2,00, no fine.
    const paidOn = shiftDay(LATE.dueDate, 2);
    const afterOne = { ...LATE, paid: 1000, open: 1000, lateCharges: { fineCharged: true, interestFrom: paidOn } };
    expect(dueOn(afterOne, shiftDay(paidOn, 6), TODAY, { settings: SETTINGS })).toEqual({
      daysLate: 8,
      principal: 1000,
      fine: 0,
      interest: 2,
      total: 1002,
    });
    // The server's word over payments read elsewhere: nothing paid yet, so 2 % and eight days on R$ 1.000,00
    // (1.000,00 × 1 % × 8 ÷ 30 = 2,666… → 2,67).
    const nothingYet = { ...afterOne, lateCharges: { fineCharged: false, interestFrom: null } };
    const payments = [payment({ id: 1, amount: 1041.33, principal: 1000, fine: 40, interest: 1.33, paidOn })];
    expect(dueOn(nothingYet, shiftDay(paidOn, 6), TODAY, { payments, settings: SETTINGS })).toMatchObject({
      fine: 20,
      interest: 2.67,
      total: 1022.67,
    });
  });
});

import { businessDay, shiftDay } from './clock';

/**
 * A dated debt's situation on the business's today (issue 60 §5): one rule for the bills to pay (payables) and the
 * instalments to receive (receivables). Computed on the business day (`businessDay`), never stored. Its SQL is
 * `situationWhere` and `dueWithin` of `apps/api/src/lib/debt-situation.ts`, built on `situationDueDays`; bound to
 * these functions by `debt-situation.test.ts` there on days worked out by hand.
 */

/** A debt's status: CANCELED, PAID (nothing open), OVERDUE (open, due before today), OPEN (open, due today or later). */
export const DEBT_STATUSES = ['OPEN', 'OVERDUE', 'PAID', 'CANCELED'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];

/** Days of 'Esta semana' and of 'A pagar nos próximos 7 dias': today and the 6 days after it. */
export const DEBT_WEEK_DAYS = 7;

/** The business's today and the last day of its week (today + 6). */
export interface DebtDays {
  today: string;
  weekEnd: string;
}

/** The list situations of an open debt, each a range of due days. */
export type OpenDebtSituation = 'open' | 'overdue' | 'dueToday' | 'dueThisWeek';
/** A list's situations: the open ones, the paid, the cancelled. */
export type DebtSituation = OpenDebtSituation | 'paid' | 'canceled';

/** Today (business time zone) and today + 6, of a business day. */
export function debtDays(today: string): DebtDays {
  return { today, weekEnd: shiftDay(today, DEBT_WEEK_DAYS - 1) };
}

/** Today (business time zone) and today + 6, of a moment. */
export function debtDaysAt(now: Date): DebtDays {
  return debtDays(businessDay(now));
}

/** A debt's status on `today`: cancelled, paid (nothing open), overdue (open past its day) or open. */
export function debtStatus(debt: { canceled: boolean; settled: boolean; dueDate: string }, today: string): DebtStatus {
  if (debt.canceled) return 'CANCELED';
  if (debt.settled) return 'PAID';
  return debt.dueDate < today ? 'OVERDUE' : 'OPEN';
}

/**
 * The due days of an open situation, both ends included (none: no bound): open every day, overdue up to yesterday,
 * dueToday today alone, dueThisWeek today to today + 6.
 */
export function situationDueDays(situation: OpenDebtSituation, days: DebtDays): { from?: string; to?: string } {
  switch (situation) {
    case 'open':
      return {};
    case 'overdue':
      return { to: shiftDay(days.today, -1) };
    case 'dueToday':
      return { from: days.today, to: days.today };
    case 'dueThisWeek':
      return { from: days.today, to: days.weekEnd };
  }
}

/** Whether a debt of `status`, due `dueDate`, is in a list's situation on `days`. */
export function inDebtSituation(
  situation: DebtSituation,
  debt: { status: DebtStatus; dueDate: string },
  days: DebtDays,
): boolean {
  if (situation === 'paid') return debt.status === 'PAID';
  if (situation === 'canceled') return debt.status === 'CANCELED';
  if (debt.status !== 'OPEN' && debt.status !== 'OVERDUE') return false;
  const { from, to } = situationDueDays(situation, days);
  return (from === undefined || debt.dueDate >= from) && (to === undefined || debt.dueDate <= to);
}

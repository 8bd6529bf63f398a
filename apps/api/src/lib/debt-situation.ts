import { type DebtDays, type DebtSituation, type OpenDebtSituation, situationDueDays } from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * The SQL of a dated debt's situation (issue 60 §5), for the bills to pay and the instalments to receive: the
 * contract's `situationDueDays` and `inDebtSituation` (`packages/contract/src/debt-situation.ts`) written as
 * conditions; `debt-situation.test.ts` binds the two on days worked out by hand.
 */

/** A debt's facts as its module's SQL: its due day (a `date`), and whether it is open, paid, cancelled. */
export interface DebtSql {
  dueDate: RawBuilder<unknown>;
  isOpen: RawBuilder<boolean>;
  isPaid: RawBuilder<boolean>;
  isCanceled: RawBuilder<boolean>;
}

/** `dueDate` within the due days of an open situation on `days` (`situationDueDays`); 'open' bounds nothing. */
export function dueWithin(dueDate: RawBuilder<unknown>, situation: OpenDebtSituation, days: DebtDays) {
  const { from, to } = situationDueDays(situation, days);
  const bounds: RawBuilder<boolean>[] = [];
  if (from !== undefined) bounds.push(sql<boolean>`${dueDate} >= ${from}::date`);
  if (to !== undefined) bounds.push(sql<boolean>`${dueDate} <= ${to}::date`);
  return bounds.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.join(bounds, sql` and `)}`;
}

/** The debts in a list's situation on `days` (`inDebtSituation`): open ones within its due days, paid, cancelled. */
export function situationWhere(situation: DebtSituation, debt: DebtSql, days: DebtDays): RawBuilder<boolean> {
  if (situation === 'paid') return debt.isPaid;
  if (situation === 'canceled') return debt.isCanceled;
  if (situation === 'open') return debt.isOpen;
  return sql<boolean>`(${debt.isOpen}) and ${dueWithin(debt.dueDate, situation, days)}`;
}

/** A dated debt list's filter as conditions: its situation on `days` and its due day from `from` up to `to`. */
export function debtFilterWhere(
  filter: { status?: DebtSituation; from?: string; to?: string },
  debt: DebtSql,
  days: DebtDays,
): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.status) conditions.push(situationWhere(filter.status, debt, days));
  if (filter.from) conditions.push(sql<boolean>`${debt.dueDate} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql<boolean>`${debt.dueDate} <= ${filter.to}::date`);
  return conditions;
}

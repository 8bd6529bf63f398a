import {
  businessDay,
  centsToReais,
  debtStatus,
  instalmentDue,
  type LateChargeRates,
  RECEIVABLE_TEXTS,
  type Receivable,
  type ReceivableDetails,
  type ReceivableStatus,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { creditSettings } from './credit.service';
import { type ReceivableRow, receivablesRepository as repo } from './receivables.repository';

/** An instalment's situation on `today` (`debtStatus`): paid when its principal is. */
function statusOf(row: ReceivableRow, today: string): ReceivableStatus {
  const settled = row.principal_paid_cents >= row.amount_cents;
  return debtStatus({ canceled: Boolean(row.canceled_at), settled, dueDate: row.due_date }, today);
}

/** What the instalment asks on `day` at the shop's rates (read once by the caller). */
export function dueOn(row: ReceivableRow, day: string, rates: LateChargeRates) {
  const open = row.canceled_at ? 0 : row.amount_cents - row.principal_paid_cents;
  return instalmentDue(
    {
      openCents: open,
      dueDay: row.due_date,
      payDay: day,
      fineCharged: row.fine_charged,
      interestFrom: row.last_paid_on,
    },
    rates,
  );
}

export function toReceivable(row: ReceivableRow, today: string, rates: LateChargeRates): Receivable {
  const due = dueOn(row, today, rates);
  return {
    id: row.id,
    order: { id: row.order_id, code: row.order_code },
    customer: { id: row.customer_id, name: row.customer_name },
    seq: row.seq,
    count: row.count,
    dueDate: row.due_date,
    amount: centsToReais(row.amount_cents),
    paid: centsToReais(row.principal_paid_cents),
    open: centsToReais(row.canceled_at ? 0 : row.amount_cents - row.principal_paid_cents),
    status: statusOf(row, today),
    dueToday: {
      daysLate: due.daysLate,
      principal: centsToReais(due.principalCents),
      fine: centsToReais(due.fineCents),
      interest: centsToReais(due.interestCents),
      total: centsToReais(due.totalCents),
    },
    lateCharges: { fineCharged: row.fine_charged, interestFrom: row.last_paid_on },
  };
}

/** One instalment with its payments, what it asks on `now`'s business day; 404 unknown. */
export async function receivableDetails(db: Executor, id: number, now: Date): Promise<ReceivableDetails> {
  const row = await repo.find(db, id);
  if (!row) throw notFound(RECEIVABLE_TEXTS.notFound);
  const payments = await repo.payments(db, id);
  return {
    ...toReceivable(row, businessDay(now), await creditSettings(db)),
    payments: payments.map((p) => ({
      id: p.id,
      paidOn: p.paid_on,
      method: p.method,
      amount: centsToReais(p.amount_cents),
      principal: centsToReais(p.principal_cents),
      fine: centsToReais(p.fine_cents),
      interest: centsToReais(p.interest_cents),
      employee: p.employee_id === null ? null : { id: p.employee_id, name: p.employee_name ?? '' },
      endToEndId: p.end_to_end_id,
      createdAt: new Date(p.created_at).toISOString(),
      undoneAt: p.undone_at ? new Date(p.undone_at).toISOString() : null,
      undoReason: p.undo_reason,
    })),
  };
}

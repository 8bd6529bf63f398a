import {
  businessDay,
  centsToReais,
  debtStatus,
  PAYABLE_TEXTS,
  type Payable,
  type PayableCategory,
  type PayableDetails,
  type PayablePaymentMethod,
  type PayableStatus,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { type AuditEntry, recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { type PayableRowRead, type PaymentRowRead, payablesRepository as repo } from './payables.repository';

/** A bill's situation on `today` (`debtStatus`): paid when nothing is open (a credit's amount is negative). */
function statusOf(
  row: Pick<PayableRowRead, 'canceled_at' | 'amount_cents' | 'paid_cents' | 'due_date'>,
  today: string,
): PayableStatus {
  const settled = Number(row.paid_cents) >= Math.abs(Number(row.amount_cents));
  return debtStatus({ canceled: Boolean(row.canceled_at), settled, dueDate: row.due_date }, today);
}

/** A bill as the API answers it. */
export function toPayable(row: PayableRowRead, today: string): Payable {
  const amount = Number(row.amount_cents);
  const paid = Number(row.paid_cents);
  const open = row.canceled_at ? 0 : amount - Math.sign(amount) * paid;
  return {
    id: row.id,
    supplier: row.supplier_id !== null ? { id: row.supplier_id, name: row.supplier_name ?? '' } : null,
    purchaseId: row.purchase_id,
    category: row.category as PayableCategory,
    description: row.description,
    documentNumber: row.document_number,
    dueDate: row.due_date,
    amount: centsToReais(amount),
    paid: centsToReais(paid),
    open: centsToReais(open),
    isCredit: amount < 0,
    status: statusOf(row, today),
    createdBy: { id: row.created_by, name: row.created_by_name },
    createdAt: isoTimestamp(row.created_at),
    canceledAt: row.canceled_at ? isoTimestamp(row.canceled_at) : null,
    cancelReason: row.cancel_reason,
  };
}

/** A payment as the API answers it: the principal, its charges and discount apart, and what left the account. */
function toPayment(row: PaymentRowRead) {
  const [amount, fine, interest, discount] = [
    row.amount_cents,
    row.fine_cents,
    row.interest_cents,
    row.discount_cents,
  ].map(Number) as [number, number, number, number];
  return {
    id: row.id,
    paidOn: row.paid_on,
    method: row.method as PayablePaymentMethod,
    account: row.account,
    accountId: row.account_id,
    amount: centsToReais(amount),
    fine: centsToReais(fine),
    interest: centsToReais(interest),
    discount: centsToReais(discount),
    total: centsToReais(amount + fine + interest - discount),
    note: row.note,
    employee: { id: row.employee_id, name: row.employee_name },
    createdAt: isoTimestamp(row.created_at),
    undoneAt: row.undone_at ? isoTimestamp(row.undone_at) : null,
    undoneBy: row.undone_by !== null ? { id: row.undone_by, name: row.undone_by_name ?? '' } : null,
    undoReason: row.undo_reason,
  };
}

/** One bill with its payments, as the API answers it (404 when there is none). */
export async function billDetails(db: Executor, id: number, now: Date): Promise<PayableDetails> {
  const row = await repo.find(db, id);
  if (!row) throw notFound(PAYABLE_TEXTS.notFound);
  const payments = await repo.payments(db, id);
  return { ...toPayable(row, businessDay(now)), payments: payments.map(toPayment) };
}

/** A bill's change as a row of the audit trail (pure: `auditPayable` writes one, a bulk writer, the demo's, many). */
export function payableAudit(actorId: number, id: number, action: string, changes: object): AuditEntry {
  return { employeeId: actorId, entity: 'payable', entityId: id, action, changes: { ...changes } };
}

/** A bill's change in the audit trail. */
export async function auditPayable(
  trx: Transaction<Database>,
  actorId: number,
  id: number,
  action: string,
  changes: object,
) {
  await recordAudit(trx, payableAudit(actorId, id, action, changes));
}

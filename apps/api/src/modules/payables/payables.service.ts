import {
  businessDay,
  centsToReais,
  debtDaysAt,
  debtStatus,
  formatBRL,
  isCalendarDay,
  PAYABLE_CATEGORIES,
  PAYABLE_TEXTS,
  type Payable,
  type PayableCategory,
  type PayableCreateInput,
  type PayableDetails,
  type PayableListFilter,
  type PayableListQuery,
  type PayablePage,
  type PayablePaymentInput,
  type PayablePaymentMethod,
  type PayableStatus,
  type PayablesDue,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { checkoutKey } from '../selling/selling.service';
import { supplierRef } from '../suppliers/suppliers.service';
import {
  type NewPayableRow,
  type PayableRowRead,
  type PaymentRowRead,
  payablesRepository as repo,
} from './payables.repository';

/** The cash flow's bills (issue 40 §4): paid per day before `today`, open per due day from it (overdue on it). */
export async function payablesFlow(db: Executor, from: string, today: string, to: string) {
  const { paid, due } = await repo.flow(db, from, today, to);
  return {
    paid: paid.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    toPay: due.map((r) => ({ day: r.day, cents: Number(r.cents) })),
  };
}

/** A bill's situation on `today` (`debtStatus`): paid when nothing is open (a credit's amount is negative). */
function statusOf(
  row: Pick<PayableRowRead, 'canceled_at' | 'amount_cents' | 'paid_cents' | 'due_date'>,
  today: string,
): PayableStatus {
  const settled = Number(row.paid_cents) >= Math.abs(Number(row.amount_cents));
  return debtStatus({ canceled: Boolean(row.canceled_at), settled, dueDate: row.due_date }, today);
}

/** A bill as the API answers it. */
function toPayable(row: PayableRowRead, today: string): Payable {
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

function toPayment(row: PaymentRowRead) {
  return {
    id: row.id,
    paidOn: row.paid_on,
    method: row.method as PayablePaymentMethod,
    account: row.account,
    amount: centsToReais(Number(row.amount_cents)),
    note: row.note,
    employee: { id: row.employee_id, name: row.employee_name },
    createdAt: isoTimestamp(row.created_at),
    undoneAt: row.undone_at ? isoTimestamp(row.undone_at) : null,
    undoneBy: row.undone_by !== null ? { id: row.undone_by, name: row.undone_by_name ?? '' } : null,
    undoReason: row.undo_reason,
  };
}

async function audit(trx: Transaction<Database>, actorId: number, id: number, action: string, changes: object) {
  await recordAudit(trx, { employeeId: actorId, entity: 'payable', entityId: id, action, changes: { ...changes } });
}

/** What a bill (or each instalment) must be: a known category, a description, a real day, whole cents. */
function checkBill(category: string, description: string, dueDate: string, amountCents: number) {
  if (!(PAYABLE_CATEGORIES as readonly string[]).includes(category)) throw badRequest(PAYABLE_TEXTS.categoryInvalid);
  if (!description.trim() || description.trim().length > 300) throw badRequest(PAYABLE_TEXTS.descriptionInvalid);
  if (!isCalendarDay(dueDate)) throw badRequest(PAYABLE_TEXTS.dueDateInvalid);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw badRequest(PAYABLE_TEXTS.amountInvalid);
  if (amountCents > reaisToCents(100_000_000)) throw badRequest(PAYABLE_TEXTS.amountTooHigh);
}

async function checkSupplier(trx: Transaction<Database>, supplierId: number | null) {
  if (supplierId !== null && !(await supplierRef(trx, supplierId))) throw notFound(PAYABLE_TEXTS.supplierNotFound);
}

export interface PayablesInput {
  supplierId: number | null;
  purchaseId: number | null;
  category: string;
  description: string;
  instalments: { documentNumber: string | null; dueDate: string; amountCents: number }[];
}

/**
 * The bills of a purchase's instalments (issue 39 §3: the note's `cobr/dup` nDup, dVenc, vDup, or one bill of
 * the note's total) or of a bill typed by hand: one bill per instalment, each audited. Every instalment is
 * checked before anything is written (a positive whole number of cents, a real day). Runs in the caller's
 * transaction; answers the bills' ids in the instalments' order.
 */
export async function createPayables(
  trx: Transaction<Database>,
  input: PayablesInput,
  actorId: number,
): Promise<number[]> {
  if (input.instalments.length === 0) throw badRequest(PAYABLE_TEXTS.noInstalments);
  for (const instalment of input.instalments) {
    checkBill(input.category, input.description, instalment.dueDate, instalment.amountCents);
  }
  await checkSupplier(trx, input.supplierId);
  const rows: NewPayableRow[] = input.instalments.map((instalment) => ({
    supplier_id: input.supplierId,
    purchase_id: input.purchaseId,
    category: input.category,
    description: input.description.trim(),
    document_number: instalment.documentNumber?.trim().slice(0, 60) || null,
    due_date: instalment.dueDate,
    amount_cents: instalment.amountCents,
    created_by: actorId,
  }));
  const ids = await repo.insert(trx, rows);
  for (const [index, id] of ids.entries()) {
    const row = rows[index] as NewPayableRow;
    await audit(trx, actorId, id, 'created', {
      supplierId: row.supplier_id,
      purchaseId: row.purchase_id,
      category: row.category,
      documentNumber: row.document_number,
      dueDate: row.due_date,
      amount: centsToReais(Number(row.amount_cents)),
    });
  }
  return ids;
}

/**
 * A bill paid in full as it is made, in the caller's transaction (a used phone bought by Pix at the counter, issue
 * 42 §1): one payment of its whole amount today, audited.
 */
export async function payPayableNow(
  trx: Transaction<Database>,
  payableId: number,
  actorId: number,
  amountCents: number,
  method: PayablePaymentMethod,
): Promise<void> {
  const paidOn = businessDay(new Date());
  const paymentId = await repo.insertPayment(trx, {
    payable_id: payableId,
    paid_on: paidOn,
    method,
    account: null,
    amount_cents: amountCents,
    note: null,
    employee_id: actorId,
    idempotency_key: null,
  });
  await repo.setPaid(trx, payableId, amountCents);
  await audit(trx, actorId, payableId, 'paid', {
    paymentId,
    paidOn,
    method,
    amount: centsToReais(amountCents),
    open: 0,
  });
}

/**
 * A credit from a supplier (issue 39 §4: a phone sent back): a negative bill of `amountCents` (positive: what the
 * supplier owes back), category DEVOLUCAO, due today (business day), audited. Runs in the caller's transaction.
 */
export async function recordSupplierCredit(
  trx: Transaction<Database>,
  input: { supplierId: number; amountCents: number; description: string; reference: string | null },
  actorId: number,
  now = new Date(),
): Promise<number> {
  const today = businessDay(now);
  checkBill('DEVOLUCAO', input.description, today, input.amountCents);
  if (!input.supplierId) throw badRequest(PAYABLE_TEXTS.creditNeedsSupplier);
  await checkSupplier(trx, input.supplierId);
  const [id] = await repo.insert(trx, [
    {
      supplier_id: input.supplierId,
      purchase_id: null,
      category: 'DEVOLUCAO',
      description: input.description.trim(),
      document_number: input.reference?.trim().slice(0, 60) || null,
      due_date: today,
      amount_cents: -input.amountCents,
      created_by: actorId,
    },
  ]);
  await audit(trx, actorId, id as number, 'credit', {
    supplierId: input.supplierId,
    reference: input.reference,
    amount: centsToReais(-input.amountCents),
  });
  return id as number;
}

/**
 * 'A pagar nos próximos 7 dias' (issue 39 §3): the open debts due from today to today + 6 (business days of the
 * shop's zone), their count and what is open of them, and the overdue apart. Credits (negative bills) are not
 * debts due and are left out. Also read by the dashboard's first row for who holds bo:manage:purchases.
 */
/** The bills an entry by the supplier's note created (its details), by due day. */
export async function billsOfPurchase(
  db: Executor,
  purchaseId: number,
): Promise<{ id: number; documentNumber: string | null; dueDate: string; amount: number }[]> {
  const rows = await repo.ofPurchase(db, purchaseId);
  return rows.map((row) => ({
    id: row.id,
    documentNumber: row.document_number,
    dueDate: row.due_date,
    amount: centsToReais(Number(row.amount_cents)),
  }));
}

export async function payablesDue(db: Executor, now = new Date()): Promise<PayablesDue> {
  const days = debtDaysAt(now);
  const row = await repo.due(db, days);
  return {
    from: days.today,
    to: days.weekEnd,
    next7Days: { amount: centsToReais(Number(row.next_cents)), count: Number(row.next_count) },
    overdue: { amount: centsToReais(Number(row.overdue_cents)), count: Number(row.overdue_count) },
  };
}

/** Rows an export reads at a time. */
const EXPORT_BATCH = 500;

/**
 * Bills to pay ('Contas a pagar', issue 39 §3, decision 0047): the list by situation, period, supplier and
 * category; bills typed by hand; payments (full or partial, never above what is open, one at a time under the
 * bill's lock) and their undoing with a reason; cancelling a bill without payments; the dashboard's figure.
 */
export function createPayablesService(db: DB) {
  async function details(id: number, now: Date): Promise<PayableDetails> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(PAYABLE_TEXTS.notFound);
    const payments = await repo.payments(db, id);
    return { ...toPayable(row, businessDay(now)), payments: payments.map(toPayment) };
  }

  return {
    details: (id: number, now = new Date()) => details(id, now),

    async page(query: PayableListQuery, now = new Date()): Promise<PayablePage> {
      const { page, pageSize, ...filter } = query;
      const days = debtDaysAt(now);
      const { rows, totals } = await repo.page(db, filter, { page, size: pageSize }, days);
      return {
        items: rows.map((row) => toPayable(row, days.today)),
        page,
        total: Number(totals.total),
        totals: {
          amount: centsToReais(Number(totals.amount)),
          paid: centsToReais(Number(totals.paid)),
          open: centsToReais(Number(totals.open)),
        },
      };
    },

    async *exportBatches(filter: PayableListFilter, now = new Date()): AsyncGenerator<Payable[]> {
      const days = debtDaysAt(now);
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await repo.batch(db, filter, days, offset, EXPORT_BATCH);
        if (rows.length > 0) yield rows.map((row) => toPayable(row, days.today));
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    /** POST /payables: one bill typed by hand (rent, fuel…), with its category. */
    async create(actorId: number, input: PayableCreateInput, now = new Date()): Promise<PayableDetails> {
      const [id] = await db.transaction().execute((trx) =>
        createPayables(
          trx,
          {
            supplierId: input.supplierId ?? null,
            purchaseId: null,
            category: input.category,
            description: input.description,
            instalments: [
              {
                documentNumber: input.documentNumber ?? null,
                dueDate: input.dueDate,
                amountCents: reaisToCents(input.amount),
              },
            ],
          },
          actorId,
        ),
      );
      return details(id as number, now);
    },

    /**
     * POST /payables/{id}/payments: a payment of part or all of what is open, on a day up to today. Under the
     * bill's lock: a cancelled or settled bill is 409, an amount above what is open is 409 (PAYMENT_OVERPAID,
     * `details.open`). The same Idempotency-Key again answers the bill as it is, without a second payment.
     */
    async pay(
      actorId: number,
      id: number,
      input: PayablePaymentInput,
      headerKey: string | undefined,
      now = new Date(),
    ): Promise<PayableDetails> {
      const today = businessDay(now);
      if (input.paidOn > today) throw badRequest(PAYABLE_TEXTS.paidOnFuture);
      const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
      const amountCents = reaisToCents(input.amount);
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        if (key !== null) {
          const earlier = await repo.paymentByKey(trx, key);
          if (earlier && earlier.payable_id === id) return;
          if (earlier) throw conflict(PAYABLE_TEXTS.alreadyPaid, 'CONFLICT', { payableId: earlier.payable_id });
        }
        if (bill.canceled_at) throw conflict(PAYABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
        const paid = Number(bill.paid_cents);
        const open = Math.abs(Number(bill.amount_cents)) - paid;
        if (open <= 0) throw conflict(PAYABLE_TEXTS.alreadyPaid, 'TRANSITION_REFUSED');
        if (amountCents > open) {
          throw conflict(PAYABLE_TEXTS.overpaid(formatBRL(centsToReais(open))), 'PAYMENT_OVERPAID', {
            open: centsToReais(open),
          });
        }
        const paymentId = await repo.insertPayment(trx, {
          payable_id: id,
          paid_on: input.paidOn,
          method: input.method,
          account: input.account ?? null,
          amount_cents: amountCents,
          note: input.note ?? null,
          employee_id: actorId,
          idempotency_key: key,
        });
        await repo.setPaid(trx, id, paid + amountCents);
        await audit(trx, actorId, id, 'paid', {
          paymentId,
          paidOn: input.paidOn,
          method: input.method,
          amount: input.amount,
          open: centsToReais(open - amountCents),
        });
      });
      return details(id, now);
    },

    /** POST /payables/{id}/payments/{paymentId}/undo: the payment no longer counts (kept, with who, when, why). */
    async undo(actorId: number, id: number, paymentId: number, reason: string, now = new Date()) {
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        const payment = await repo.payment(trx, id, paymentId);
        if (!payment) throw notFound(PAYABLE_TEXTS.paymentNotFound);
        if (payment.undone_at) throw conflict(PAYABLE_TEXTS.alreadyUndone, 'TRANSITION_REFUSED');
        const amount = Number(payment.amount_cents);
        await repo.undoPayment(trx, paymentId, actorId, reason);
        await repo.setPaid(trx, id, Number(bill.paid_cents) - amount);
        await audit(trx, actorId, id, 'payment_undone', { paymentId, amount: centsToReais(amount), reason });
      });
      return details(id, now);
    },

    /** POST /payables/{id}/cancel: a bill typed by mistake, without payments left, cancelled with a reason. */
    async cancel(actorId: number, id: number, reason: string, now = new Date()) {
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        if (bill.canceled_at) throw conflict(PAYABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
        if (Number(bill.paid_cents) > 0) throw conflict(PAYABLE_TEXTS.cancelHasPayments, 'TRANSITION_REFUSED');
        await repo.cancel(trx, id, actorId, reason);
        await audit(trx, actorId, id, 'canceled', { reason });
      });
      return details(id, now);
    },

    /** The dashboard's 'A pagar nos próximos 7 dias' (GET /payables/due). */
    due: (now = new Date()) => payablesDue(db, now),
  };
}

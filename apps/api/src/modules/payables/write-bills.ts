import {
  businessDay,
  centsToReais,
  isCalendarDay,
  PAYABLE_CATEGORIES,
  PAYABLE_TEXTS,
  type PayableCreateInput,
  type PayableDetails,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { supplierRef } from '../suppliers/suppliers.service';
import { auditPayable, billDetails } from './bill-views';
import { type NewPayableRow, payablesRepository as repo } from './payables.repository';

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
  const rows = billRows(input, actorId);
  const ids = await repo.insert(trx, rows);
  for (const [index, id] of ids.entries()) {
    await auditPayable(trx, actorId, id, 'created', billCreatedChanges(rows[index] as NewPayableRow));
  }
  return ids;
}

/**
 * The bills of `input`, one per instalment, as rows (pure: `createPayables`' rule, and a bulk writer's, the demo's,
 * over instalments it knows are valid).
 */
export function billRows(input: PayablesInput, actorId: number): NewPayableRow[] {
  return input.instalments.map((instalment) => ({
    supplier_id: input.supplierId,
    purchase_id: input.purchaseId,
    category: input.category,
    description: input.description.trim(),
    document_number: instalment.documentNumber?.trim().slice(0, 60) || null,
    due_date: instalment.dueDate,
    amount_cents: instalment.amountCents,
    created_by: actorId,
  }));
}

/** What a bill's 'created' row of the audit trail says (pure, as `billRows`). */
export function billCreatedChanges(row: NewPayableRow) {
  return {
    supplierId: row.supplier_id,
    purchaseId: row.purchase_id,
    category: row.category,
    documentNumber: row.document_number,
    dueDate: row.due_date,
    amount: centsToReais(Number(row.amount_cents)),
  };
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
  await auditPayable(trx, actorId, id as number, 'credit', {
    supplierId: input.supplierId,
    reference: input.reference,
    amount: centsToReais(-input.amountCents),
  });
  return id as number;
}

/** A bill typed by hand (rent, fuel…) and a bill typed by mistake cancelled. */
export function billWrites(db: DB) {
  return {
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
      return billDetails(db, id as number, now);
    },

    /** POST /payables/{id}/cancel: a bill typed by mistake, without payments left, cancelled with a reason. */
    async cancel(actorId: number, id: number, reason: string, now = new Date()) {
      await db.transaction().execute(async (trx) => {
        const bill = await repo.lock(trx, id);
        if (!bill) throw notFound(PAYABLE_TEXTS.notFound);
        if (bill.canceled_at) throw conflict(PAYABLE_TEXTS.canceled, 'TRANSITION_REFUSED');
        if (Number(bill.paid_cents) > 0) throw conflict(PAYABLE_TEXTS.cancelHasPayments, 'TRANSITION_REFUSED');
        await repo.cancel(trx, id, actorId, reason);
        await auditPayable(trx, actorId, id, 'canceled', { reason });
      });
      return billDetails(db, id, now);
    },
  };
}

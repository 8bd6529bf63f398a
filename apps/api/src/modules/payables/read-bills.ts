import {
  centsToReais,
  debtDaysAt,
  type Payable,
  type PayableListFilter,
  type PayableListQuery,
  type PayablePage,
  type PayablesDue,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { billDetails, toPayable } from './bill-views';
import { payablesRepository as repo } from './payables.repository';

/** The cash flow's bills (issue 40 §4, issue 54 §3): paid per day up to `today`, open per due day from it, overdue apart. */
export async function payablesFlow(db: Executor, from: string, today: string, to: string) {
  const { paid, due, overdueCents } = await repo.flow(db, from, today, to);
  return {
    paid: paid.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    toPay: due.map((r) => ({ day: r.day, cents: Number(r.cents) })),
    overdueCents: Number(overdueCents),
  };
}

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

/**
 * 'A pagar nos próximos 7 dias' (issue 39 §3): the open debts due from today to today + 6 (business days of the
 * shop's zone), their count and what is open of them, and the overdue apart. Credits (negative bills) are not
 * debts due and are left out. Also read by the dashboard's first row for who holds bo:manage:purchases.
 */
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

/** The bills read: one with its payments, the list by situation, period, supplier and category, its export, the dashboard's figure. */
export function billReads(db: DB) {
  return {
    details: (id: number, now = new Date()) => billDetails(db, id, now),

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

    /** The dashboard's 'A pagar nos próximos 7 dias' (GET /payables/due). */
    due: (now = new Date()) => payablesDue(db, now),
  };
}

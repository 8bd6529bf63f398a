import {
  centsToReais,
  type EntryPaidMethod,
  type EntryPaymentMode,
  type InstalmentsChoice,
  PURCHASE_SETTINGS_TEXTS,
  type Purchase,
  PURCHASE_ENTRY_TEXTS as T,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { createPayables, payPayableNow } from '../payables/payables.service';
import { payFromDrawer } from './entry-drawer';
import { purchaseBillingRepository as billingRepo } from './purchase-billing.repository';
import type { Settled } from './settle-purchase';

/**
 * The entry's bills as settled (entry-payment.ts, decision 0088), made through the payables module's service:
 * one per bill, paid as made for 'Pago no ato' (a payment of its whole amount today, by its method; in cash, out of
 * the clerk's open drawer — decision 0090); and the billing kept with the entry (`purchase_billing`).
 */
export async function billEntry(
  trx: Transaction<Database>,
  actorId: number,
  settled: Settled,
  supplier: { id: number; name: string },
  purchaseId: number,
): Promise<void> {
  const { note, billing } = settled;
  if (billing.bills.length > 0) {
    const ids = await createPayables(
      trx,
      {
        supplierId: supplier.id,
        purchaseId,
        category: 'COMPRA',
        description: T.billDescription(note.number, note.series, supplier.name),
        instalments: billing.bills,
      },
      actorId,
    );
    if (billing.paidWith) {
      for (const [index, id] of ids.entries()) {
        await payPayableNow(trx, id, actorId, billing.bills[index]?.amountCents ?? 0, billing.paidWith);
      }
      // In cash: out of the clerk's open drawer (decision 0090).
      await payFromDrawer(
        trx,
        actorId,
        billing,
        PURCHASE_SETTINGS_TEXTS.cashReason(note.number, note.series, supplier.name),
      );
    }
  }
  await billingRepo.insert(trx, {
    purchase_id: purchaseId,
    payment_mode: billing.billing.mode,
    due_date: billing.billing.dueDate,
    method: billing.paidWith,
    instalments_cents: billing.instalmentsCents,
    instalments_choice: billing.billing.instalmentsChoice,
    advance_paid_cents: billing.advancePaidCents,
  });
}

/** The billing kept with an entry, as GET /purchases/:id answers it; null for an entry made before 0107. */
export async function keptBilling(db: Executor, purchaseId: number): Promise<Purchase['billing']> {
  const row = await billingRepo.byPurchase(db, purchaseId);
  if (!row) return null;
  return {
    mode: row.payment_mode as EntryPaymentMode,
    dueDate: row.due_date,
    method: row.method as EntryPaidMethod | null,
    instalmentsTotal: centsToReais(Number(row.instalments_cents)),
    instalmentsChoice: row.instalments_choice as InstalmentsChoice | null,
    advancePaid: centsToReais(Number(row.advance_paid_cents)),
  };
}

import type { Insertable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

export type NewPurchaseBillingRow = Insertable<Database['purchase_billing']>;

/** `purchase_billing`: how an entry's note was paid (migration 0107, decision 0088). */
export const purchaseBillingRepository = {
  async insert(trx: Transaction<Database>, row: NewPurchaseBillingRow): Promise<void> {
    await trx.insertInto('purchase_billing').values(row).execute();
  },

  byPurchase(db: Executor, purchaseId: number) {
    return db
      .selectFrom('purchase_billing')
      .select(['payment_mode', 'due_date', 'method', 'instalments_cents', 'instalments_choice', 'advance_paid_cents'])
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirst();
  },
};

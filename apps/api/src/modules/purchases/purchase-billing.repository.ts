import type { Insertable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

export type NewPurchaseBillingRow = Insertable<Database['purchase_billing']>;

/** `purchase_billing`: how an entry's note was paid (migration 0107, decision 0088). */
export const purchaseBillingRepository = {
  async insert(trx: Transaction<Database>, row: NewPurchaseBillingRow): Promise<void> {
    await trx.insertInto('purchase_billing').values(row).execute();
  },

  byPurchase(db: Executor, purchaseId: number) {
    return (
      db
        .selectFrom('purchase_billing')
        .select(['payment_mode', 'method', 'instalments_cents', 'instalments_choice', 'advance_paid_cents'])
        // A date as the API says it (YYYY-MM-DD) on both engines: PGlite hands a DATE over as a Date.
        .select(sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'))
        .where('purchase_id', '=', purchaseId)
        .executeTakeFirst()
    );
  },
};

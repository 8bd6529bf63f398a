import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

const COLUMNS = ['gold_percentage', 'silver_percentage', 'bronze_percentage', 'cost_deviation_percentage'] as const;
export type PurchaseSettingsRow = { [K in (typeof COLUMNS)[number]]: number };

/** `purchase_settings`: one row (migration 0109, decision 0090). */
export const purchaseSettingsRepository = {
  read(db: Executor): Promise<PurchaseSettingsRow | undefined> {
    return db.selectFrom('purchase_settings').select(COLUMNS).where('id', '=', 1).executeTakeFirst();
  },

  /** The row before (locked) and the new values written. */
  async write(
    trx: Transaction<Database>,
    row: PurchaseSettingsRow,
    employeeId: number,
  ): Promise<PurchaseSettingsRow | undefined> {
    const before = await trx
      .selectFrom('purchase_settings')
      .select(COLUMNS)
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('purchase_settings')
      .values({ id: 1, ...row, updated_by: employeeId, updated_at: new Date() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updated_by: employeeId, updated_at: new Date() }))
      .execute();
    return before;
  },
};

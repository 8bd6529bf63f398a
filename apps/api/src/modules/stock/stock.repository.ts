import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, StockMovementKind } from '../../db/schema';

export interface LockedProduct {
  id: number;
  code: string;
  name: string;
  stock: number;
  cost_cents: number;
}

export interface MovementRow {
  product_id: number;
  kind: StockMovementKind;
  source_id: number | null;
  stock_before: number;
  quantity_in: number;
  quantity_out: number;
  stock_after: number;
  cost_before_cents: number;
  cost_after_cents: number;
  unit_price_cents: number | null;
  order_id: number | null;
  employee_id: number | null;
  note: string | null;
}

/** SQL of the stock ledger. Every function takes the caller's transaction. */
export const stockRepository = {
  /**
   * Locks the products in ascending id order (`order by id for update`): two writers touching the same
   * products always take their locks in the same order, so they queue instead of deadlocking.
   */
  lockProducts(trx: Transaction<Database>, ids: number[]): Promise<LockedProduct[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('products')
      .select(['id', 'code', 'name', 'stock', 'cost_cents'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  async insertMovements(trx: Transaction<Database>, rows: MovementRow[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await trx.insertInto('stock_movements').values(rows).returning(['id', 'product_id']).execute();
    return inserted.map((row) => row.id);
  },

  async setStockAndCost(trx: Transaction<Database>, id: number, stock: number, costCents: number, now: Date) {
    await trx
      .updateTable('products')
      .set({ stock, cost_cents: costCents, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** The ledger's own figure of a product's stock: the sum of its movements (checks and tests). */
  async ledgerStock(db: Executor, productId: number): Promise<number> {
    const row = await db
      .selectFrom('stock_movements')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb('quantity_in', '-', eb.ref('quantity_out'))), eb.lit(0)).as('stock'),
      )
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.stock);
  },
};

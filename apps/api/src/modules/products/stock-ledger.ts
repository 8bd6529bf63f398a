import { PRODUCT_LIMITS, PRODUCT_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database, StockMovementKind } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { isStorableId } from './products.repository';

export interface StockChange {
  productId: number;
  kind: StockMovementKind;
  /** The counted or edited stock (inventory, adjustment). Give this OR quantityIn/quantityOut. */
  newStock?: number;
  quantityIn?: number;
  quantityOut?: number;
  /** The product's new unit cost (stock entries); unchanged when absent. */
  newCostCents?: number;
  sourceId?: number | null;
  orderId?: number | null;
  unitPriceCents?: number | null;
  employeeId: number | null;
  note?: string | null;
}

export interface StockChangeResult {
  movementId: number;
  /** The product's code. */
  code: string;
  stockBefore: number;
  stockAfter: number;
  costBeforeCents: number;
  costAfterCents: number;
}

export const INSUFFICIENT_STOCK = 'Estoque insuficiente para a operação.';

/**
 * The ONLY way a product's stock changes: locks the product row (`select … for update`), writes one
 * ledger row (before, in, out, after, cost before/after, who, when) and updates the product, all in
 * the caller's transaction. So stock always equals the last ledger row's stock_after and the sum of
 * the ledger's in − out. Other domains (orders, selling) call it for sales, cancellations, exchanges.
 */
export async function changeStock(trx: Transaction<Database>, change: StockChange): Promise<StockChangeResult> {
  const product = isStorableId(change.productId)
    ? await trx
        .selectFrom('products')
        .select(['id', 'code', 'stock', 'cost_cents'])
        .where('id', '=', change.productId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!product) throw notFound(PRODUCT_TEXTS.productNotFound);

  const stockBefore = product.stock;
  let quantityIn = change.quantityIn ?? 0;
  let quantityOut = change.quantityOut ?? 0;
  if (change.newStock !== undefined) {
    const delta = change.newStock - stockBefore;
    quantityIn = Math.max(delta, 0);
    quantityOut = Math.max(-delta, 0);
  }
  const stockAfter = stockBefore + quantityIn - quantityOut;
  if (stockAfter < 0)
    throw conflict(INSUFFICIENT_STOCK, 'STOCK_INSUFFICIENT', {
      productId: product.id,
      code: product.code,
      available: stockBefore,
      requested: quantityOut,
    });
  // The column is a 32-bit integer; no shop holds a million units of one product.
  if (quantityIn > 0 && stockAfter > PRODUCT_LIMITS.maxStock)
    throw conflict(PRODUCT_TEXTS.stockTooHigh, 'STOCK_TOO_HIGH');
  const costAfterCents = change.newCostCents ?? product.cost_cents;

  const movement = await trx
    .insertInto('stock_movements')
    .values({
      product_id: product.id,
      kind: change.kind,
      source_id: change.sourceId ?? null,
      stock_before: stockBefore,
      quantity_in: quantityIn,
      quantity_out: quantityOut,
      stock_after: stockAfter,
      cost_before_cents: product.cost_cents,
      cost_after_cents: costAfterCents,
      unit_price_cents: change.unitPriceCents ?? null,
      order_id: change.orderId ?? null,
      employee_id: change.employeeId,
      note: change.note ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await trx
    .updateTable('products')
    .set({ stock: stockAfter, cost_cents: costAfterCents, updated_at: new Date() })
    .where('id', '=', product.id)
    .execute();

  return {
    movementId: movement.id,
    code: product.code,
    stockBefore,
    stockAfter,
    costBeforeCents: product.cost_cents,
    costAfterCents,
  };
}

import { PRODUCT_LIMITS, PRODUCT_TEXTS, STOCK_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database, StockMovementKind } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { isStorableId } from '../products/products.repository';
import { type LockedProduct, type MovementRow, stockRepository } from './stock.repository';

/** One product's part of a stock move. */
export interface StockMoveLine {
  productId: number;
  /** The counted or edited stock (inventory, adjustment). Give this OR quantityIn/quantityOut. */
  newStock?: number;
  quantityIn?: number;
  quantityOut?: number;
  /** The product's new unit cost (stock entries); unchanged when absent. */
  newCostCents?: number;
  sourceId?: number | null;
  /** Sale price of one unit (sales, cancellations, exchanges, returns). */
  unitPriceCents?: number | null;
  note?: string | null;
}

/** What the whole move is and who does it. */
export interface StockMoveContext {
  kind: StockMovementKind;
  employeeId: number | null;
  orderId?: number | null;
  note?: string | null;
}

export interface StockChangeResult {
  movementId: number;
  productId: number;
  /** The product's code. */
  code: string;
  name: string;
  stockBefore: number;
  stockAfter: number;
  costBeforeCents: number;
  costAfterCents: number;
}

/** A product the move could not take enough units of. */
export interface StockShortage {
  productId: number;
  code: string;
  name: string;
  available: number;
  requested: number;
}

/**
 * The ONLY way products' stock changes (products, orders and selling all call it): in the caller's
 * transaction it locks every product of the move in ascending id order (no deadlock between two carts
 * holding the same products in another order), refuses the whole move when any product lacks stock
 * (`STOCK_INSUFFICIENT`, naming each product in `details.products`), writes one ledger row per line
 * (before, in, out, after, cost before/after, who, when, order) and updates the products. So stock always
 * equals its ledger: the last row's stock_after and the sum of in − out.
 *
 * Lines are applied in the order given; several lines of one product apply one after the other.
 */
export async function moveStock(
  trx: Transaction<Database>,
  context: StockMoveContext,
  lines: StockMoveLine[],
): Promise<StockChangeResult[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((line) => line.productId))];
  const storable = ids.filter(isStorableId);
  const locked = await stockRepository.lockProducts(trx, storable);
  const products = new Map<number, LockedProduct>(locked.map((p) => [p.id, { ...p }]));
  const missing = ids.filter((id) => !products.has(id));
  if (missing.length > 0) {
    throw notFound(
      missing.length === 1 ? PRODUCT_TEXTS.productNotFound : `${PRODUCT_TEXTS.productsNotFound}${missing.join(', ')}`,
      {
        productIds: missing,
      },
    );
  }

  const rows: MovementRow[] = [];
  const results: Omit<StockChangeResult, 'movementId'>[] = [];
  const shortages = new Map<number, StockShortage>();
  let tooHigh = false;
  for (const line of lines) {
    const product = products.get(line.productId) as LockedProduct;
    const stockBefore = product.stock;
    let quantityIn = line.quantityIn ?? 0;
    let quantityOut = line.quantityOut ?? 0;
    if (line.newStock !== undefined) {
      const delta = line.newStock - stockBefore;
      quantityIn = Math.max(delta, 0);
      quantityOut = Math.max(-delta, 0);
    }
    const stockAfter = stockBefore + quantityIn - quantityOut;
    if (stockAfter < 0) {
      const shortage = shortages.get(product.id);
      shortages.set(product.id, {
        productId: product.id,
        code: product.code,
        name: product.name,
        available: shortage?.available ?? stockBefore,
        requested: (shortage?.requested ?? 0) + quantityOut,
      });
      continue;
    }
    // The column is a 32-bit integer; no shop holds a million units of one product.
    if (quantityIn > 0 && stockAfter > PRODUCT_LIMITS.maxStock) tooHigh = true;
    const costAfterCents = line.newCostCents ?? product.cost_cents;
    rows.push({
      product_id: product.id,
      kind: context.kind,
      source_id: line.sourceId ?? null,
      stock_before: stockBefore,
      quantity_in: quantityIn,
      quantity_out: quantityOut,
      stock_after: stockAfter,
      cost_before_cents: product.cost_cents,
      cost_after_cents: costAfterCents,
      unit_price_cents: line.unitPriceCents ?? null,
      order_id: context.orderId ?? null,
      employee_id: context.employeeId,
      note: line.note ?? context.note ?? null,
    });
    results.push({
      productId: product.id,
      code: product.code,
      name: product.name,
      stockBefore,
      stockAfter,
      costBeforeCents: product.cost_cents,
      costAfterCents,
    });
    product.stock = stockAfter;
    product.cost_cents = costAfterCents;
  }
  if (shortages.size > 0) {
    const list = [...shortages.values()];
    throw conflict(STOCK_TEXTS.insufficient(list), 'STOCK_INSUFFICIENT', { products: list });
  }
  if (tooHigh) throw conflict(PRODUCT_TEXTS.stockTooHigh, 'STOCK_TOO_HIGH');

  const movementIds = await stockRepository.insertMovements(trx, rows);
  const now = new Date();
  for (const id of ids) {
    const product = products.get(id) as LockedProduct;
    await stockRepository.setStockAndCost(trx, id, product.stock, product.cost_cents, now);
  }
  return results.map((result, index) => ({ ...result, movementId: movementIds[index] as number }));
}

/** One product's stock change: `moveStock` with a single line. */
export async function changeStock(
  trx: Transaction<Database>,
  change: StockMoveLine & StockMoveContext,
): Promise<StockChangeResult> {
  const { kind, employeeId, orderId, ...line } = change;
  const [result] = await moveStock(trx, { kind, employeeId, orderId }, [line]);
  return result as StockChangeResult;
}

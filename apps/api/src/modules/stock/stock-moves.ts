import {
  averageCostCents,
  IMEI_TEXTS,
  isValidImei,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  STOCK_TEXTS,
  type UnitInput,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database, StockMovementKind } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { isStorableId } from '../../lib/sql-input';
import { type LockedProduct, type MovementRow, stockRepository } from './stock.repository';

/** One product's part of a stock move. */
export interface StockMoveLine {
  productId: number;
  /** The counted or edited stock (inventory, adjustment). Give this OR quantityIn/quantityOut. */
  newStock?: number;
  quantityIn?: number;
  quantityOut?: number;
  /**
   * A stock entry (purchase): the cost of one unit arriving. The product's cost becomes the weighted average
   * of its stock at its cost and `quantityIn` units at this one (`averageCostCents`, decision 0046), worked out
   * here under the product's lock, after the lines before it in the move; new IMEI units take this cost. A line
   * without it (sales, returns, counts, edits) never changes the cost; neither does a count (`newStock`) or a
   * line with nothing coming in.
   */
  entryUnitCostCents?: number;
  sourceId?: number | null;
  /** Sale price of one unit (sales, cancellations, exchanges, returns). */
  unitPriceCents?: number | null;
  note?: string | null;
  /**
   * The units coming in (serialized products only; their count is `quantityIn`): new IMEIs, or returned
   * units entered again.
   */
  units?: UnitInput[];
  /**
   * The units going out to the move's order (serialized products, an exchange's replacement; their count is
   * `quantityOut`): ids of units in stock of the product, as `replacementUnits` checked and locked them.
   */
  unitsOut?: number[];
}

/** What the whole move is and who does it. */
export interface StockMoveContext {
  kind: StockMovementKind;
  employeeId: number | null;
  orderId?: number | null;
  /** The supplier's note an entry comes by (purchases): its ledger rows and the units it brings name it. */
  purchaseId?: number | null;
  /** The service order whose parts leave stock (kind REPAIR, issue 42 §2): its ledger rows name it. */
  repairId?: number | null;
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
  /** A stock entry's unit cost (what its units cost), or null. */
  entryUnitCostCents: number | null;
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
 * Locks these products' rows (ascending ids, the order `moveStock` takes) for the rest of the transaction,
 * so that what is read next about them (prices, stock) holds until the commit.
 */
export function lockProducts(trx: Transaction<Database>, ids: readonly number[]): Promise<LockedProduct[]> {
  return stockRepository.lockProducts(
    trx,
    [...ids].sort((a, b) => a - b),
  );
}

/**
 * One line's ledger row over its product as it stands (pure: `moveStock`'s rule, and a bulk writer's, the demo's):
 * its quantities (a count or an edit: from `newStock`), the stock after (negative when the product lacks stock:
 * `moveStock` refuses it), an entry's unit cost and the product's cost after it (`averageCostCents`, decision 0046).
 */
export function ledgerRow(
  product: { id: number; stock: number; cost_cents: number },
  context: StockMoveContext,
  line: StockMoveLine,
): MovementRow {
  const stockBefore = product.stock;
  let quantityIn = line.quantityIn ?? 0;
  let quantityOut = line.quantityOut ?? 0;
  if (line.newStock !== undefined) {
    const delta = line.newStock - stockBefore;
    quantityIn = Math.max(delta, 0);
    quantityOut = Math.max(-delta, 0);
  }
  const entryUnitCostCents =
    line.entryUnitCostCents !== undefined && line.newStock === undefined && quantityIn > 0
      ? line.entryUnitCostCents
      : null;
  return {
    product_id: product.id,
    kind: context.kind,
    source_id: line.sourceId ?? null,
    stock_before: stockBefore,
    quantity_in: quantityIn,
    quantity_out: quantityOut,
    stock_after: stockBefore + quantityIn - quantityOut,
    cost_before_cents: product.cost_cents,
    cost_after_cents:
      entryUnitCostCents === null
        ? product.cost_cents
        : averageCostCents(stockBefore, product.cost_cents, quantityIn, entryUnitCostCents),
    entry_unit_cost_cents: entryUnitCostCents,
    unit_price_cents: line.unitPriceCents ?? null,
    order_id: context.orderId ?? null,
    purchase_id: context.purchaseId ?? null,
    repair_id: context.repairId ?? null,
    employee_id: context.employeeId,
    note: line.note ?? context.note ?? null,
  };
}

/** What a unit entering by a ledger row costs: what it was bought for (the entry's unit cost), not the average. */
export function enteringUnitCost(row: Pick<MovementRow, 'entry_unit_cost_cents' | 'cost_after_cents'>): number {
  return row.entry_unit_cost_cents ?? row.cost_after_cents;
}

/**
 * The ONLY way products' stock changes (products, orders and selling all call it): in the caller's
 * transaction it locks every product of the move in ascending id order (no deadlock between two carts
 * holding the same products in another order), refuses the whole move when any product lacks stock
 * (`STOCK_INSUFFICIENT`, naming each product in `details.products`), writes one ledger row per line
 * (before, in, out, after, cost before/after, an entry's unit cost, who, when, order) and updates the products:
 * an entry's line averages the product's cost with its units' cost (`averageCostCents`). So stock always
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

  checkSerializedLines(context, lines, products);
  const entering = await unitsEntering(trx, lines, context.kind);

  const rows: MovementRow[] = [];
  const rowUnits: (UnitInput[] | undefined)[] = [];
  const rowUnitsOut: (number[] | undefined)[] = [];
  const results: Omit<StockChangeResult, 'movementId'>[] = [];
  const shortages = new Map<number, StockShortage>();
  let tooHigh = false;
  for (const line of lines) {
    const product = products.get(line.productId) as LockedProduct;
    const row = ledgerRow(product, context, line);
    if (row.stock_after < 0) {
      const shortage = shortages.get(product.id);
      shortages.set(product.id, {
        productId: product.id,
        code: product.code,
        name: product.name,
        available: shortage?.available ?? row.stock_before,
        requested: (shortage?.requested ?? 0) + row.quantity_out,
      });
      continue;
    }
    // The column is a 32-bit integer; no shop holds a million units of one product.
    if (row.quantity_in > 0 && row.stock_after > PRODUCT_LIMITS.maxStock) tooHigh = true;
    rows.push(row);
    rowUnits.push(product.serialized ? line.units : undefined);
    rowUnitsOut.push(product.serialized ? line.unitsOut : undefined);
    results.push({
      productId: product.id,
      code: product.code,
      name: product.name,
      stockBefore: row.stock_before,
      stockAfter: row.stock_after,
      costBeforeCents: row.cost_before_cents,
      costAfterCents: row.cost_after_cents,
      entryUnitCostCents: row.entry_unit_cost_cents ?? null,
    });
    product.stock = row.stock_after;
    product.cost_cents = row.cost_after_cents;
  }
  if (shortages.size > 0) {
    const list = [...shortages.values()];
    throw conflict(STOCK_TEXTS.insufficient(list), 'STOCK_INSUFFICIENT', { products: list });
  }
  if (tooHigh) throw conflict(PRODUCT_TEXTS.stockTooHigh, 'STOCK_TOO_HIGH');

  const movementIds = await stockRepository.insertMovements(trx, rows);
  const now = new Date();
  for (const [index, units] of rowUnits.entries()) {
    if (!units) continue;
    const row = rows[index] as MovementRow;
    const unitCostCents = enteringUnitCost(row);
    const unitIds: number[] = [];
    for (const unit of units) {
      const returned = entering.get(unit.imei);
      if (returned) {
        await stockRepository.reenterUnit(trx, returned, unitCostCents, context.purchaseId ?? null, now);
        unitIds.push(returned);
      } else {
        // Two entries of the same new IMEI at once: the loser meets the unique IMEI (409, not a 500).
        const unitId = await stockRepository
          .insertUnit(trx, {
            productId: row.product_id,
            imei: unit.imei,
            imei2: unit.imei2 ?? null,
            costCents: unitCostCents,
            purchaseId: context.purchaseId ?? null,
          })
          .catch((error: unknown) => {
            if (!isUniqueViolation(error)) throw error;
            throw conflict(IMEI_TEXTS.registeredMeanwhile(unit.imei), 'IMEI_DUPLICATE', { imeis: [unit.imei] });
          });
        unitIds.push(unitId);
      }
    }
    await stockRepository.linkUnits(trx, movementIds[index] as number, unitIds, null, now);
  }
  // Units going out to the order (an exchange's replacement): sold to it, named by their row.
  for (const [index, unitIds] of rowUnitsOut.entries()) {
    if (!unitIds || unitIds.length === 0) continue;
    await stockRepository.sellUnits(trx, unitIds, context.orderId as number, now);
    await stockRepository.linkUnits(trx, movementIds[index] as number, unitIds, null, now);
  }
  // An order cancelled after its units were named (packed): they are in stock again, named by this row.
  if (context.kind === 'CANCELLATION' && context.orderId) {
    for (const [index, row] of rows.entries()) {
      if (!products.get(row.product_id)?.serialized) continue;
      const units = (await stockRepository.soldUnitsOf(trx, context.orderId, row.product_id)).map((u) => u.id);
      await stockRepository.returnUnitsToStock(trx, units, now);
      await stockRepository.linkUnits(trx, movementIds[index] as number, units, null, now);
    }
  }
  if (ids.length === 1) {
    const product = products.get(ids[0] as number) as LockedProduct;
    await stockRepository.setStockAndCost(trx, product.id, product.stock, product.cost_cents, now);
  } else {
    await stockRepository.setStocksAndCosts(
      trx,
      ids.map((id) => {
        const product = products.get(id) as LockedProduct;
        return { id, stock: product.stock, cost_cents: product.cost_cents };
      }),
      now,
    );
  }
  return results.map((result, index) => ({ ...result, movementId: movementIds[index] as number }));
}

/**
 * A serialized product's stock is its units in stock less the units its open sales hold: units come in
 * only with their IMEIs, one per unit; a sale (checkout) holds units by count and names them when it is
 * packed (`sellUnits`); a cancellation gives back the count and the units named (decision 0010). A count
 * or an edit of such a stock is refused. Units on a product that is not serialized are refused.
 */
function checkSerializedLines(context: StockMoveContext, lines: StockMoveLine[], products: Map<number, LockedProduct>) {
  for (const line of lines) {
    const product = products.get(line.productId) as LockedProduct;
    if (!product.serialized) {
      if (line.units && line.units.length > 0) throw badRequest(IMEI_TEXTS.notSerialized(product.name));
      continue;
    }
    if (line.unitsOut && line.unitsOut.length > 0) {
      if (line.unitsOut.length !== (line.quantityOut ?? 0) || (line.quantityIn ?? 0) > 0 || !context.orderId) {
        throw badRequest(IMEI_TEXTS.unitsCount(product.name, line.quantityOut ?? 0, line.unitsOut.length));
      }
      continue;
    }
    const heldByCount = (context.kind === 'SALE' || context.kind === 'CANCELLATION') && !line.units?.length;
    if (heldByCount && context.orderId) continue;
    if (line.newStock !== undefined || (line.quantityOut ?? 0) > 0) {
      throw badRequest(IMEI_TEXTS.unitsRequired(product.name));
    }
    if ((line.units?.length ?? 0) !== (line.quantityIn ?? 0)) {
      throw badRequest(IMEI_TEXTS.unitsCount(product.name, line.quantityIn ?? 0, line.units?.length ?? 0));
    }
  }
}

/**
 * The IMEIs of the units coming in: every bad one is named at once (400 INVALID_IMEI), a repeat within
 * the move is refused, and one already registered is refused (409 IMEI_DUPLICATE, naming its product)
 * unless its unit came back (returned) and is entered again for the same product. Answers the returned
 * units entered again, by IMEI.
 */
async function unitsEntering(
  trx: Transaction<Database>,
  lines: StockMoveLine[],
  kind: StockMovementKind,
): Promise<Map<string, number>> {
  const units = lines.flatMap((line) => (line.units ?? []).map((unit) => ({ ...unit, productId: line.productId })));
  if (units.length === 0) return new Map();
  const imeis = units.flatMap((unit) => (unit.imei2 ? [unit.imei, unit.imei2] : [unit.imei]));
  const bad = [...new Set(imeis.filter((imei) => !isValidImei(imei)))];
  if (bad.length > 0) {
    const messages = bad.map(IMEI_TEXTS.invalid);
    throw new AppError(400, messages[0] as string, { code: 'INVALID_IMEI', messages, details: { imeis: bad } });
  }
  const repeated = [...new Set(imeis.filter((imei, index) => imeis.indexOf(imei) !== index))];
  if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
  const registered = await stockRepository.registeredImeis(trx, imeis);
  const reentered = new Map<string, number>();
  const taken: { imei: string; productName: string }[] = [];
  for (const unit of units) {
    const first = registered.find((r) => r.imei === unit.imei);
    const second = unit.imei2 ? registered.find((r) => r.imei === unit.imei2) : undefined;
    // A unit that came back (returned) enters its product again; so does a seminovo in preparation released for
    // sale (decision 0058), by its own TRADE_IN row only.
    const reenters = first?.status === 'RETURNED' || (first?.status === 'PREPARING' && kind === 'TRADE_IN');
    if (first && reenters && first.productId === unit.productId && !second) {
      reentered.set(unit.imei, first.unitId);
      continue;
    }
    if (second && second.unitId !== first?.unitId) taken.push({ imei: second.imei, productName: second.productName });
    if (first) taken.push({ imei: first.imei, productName: first.productName });
  }
  if (taken.length > 0) {
    const messages = taken.map((t) => IMEI_TEXTS.duplicate(t.imei, t.productName));
    throw new AppError(409, messages[0] as string, {
      code: 'IMEI_DUPLICATE',
      messages,
      details: { imeis: taken.map((t) => t.imei) },
    });
  }
  return reentered;
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

import {
  ADJUSTMENT_TEXTS,
  EXTENDED_WARRANTY_MONTHS,
  IMEI_TEXTS,
  isPickup,
  isValidImei,
  PRODUCT_LIMITS,
  PRODUCT_TEXTS,
  STOCK_TEXTS,
  UNIT_COUNT_TEXTS,
  UNIT_STATUS_LABELS,
  UNIT_TEXTS,
  type Unit,
  type UnitCheck,
  type UnitCountResult,
  type UnitEvent,
  type UnitInAnalysis,
  type UnitInput,
  type UnitStatus,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, StockMovementKind } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isStorableId } from '../../lib/sql-input';
import { type LockedProduct, type MovementRow, stockRepository, unitCountRepository } from './stock.repository';

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

  checkSerializedLines(context, lines, products);
  const entering = await unitsEntering(trx, lines);

  const rows: MovementRow[] = [];
  const rowUnits: (UnitInput[] | undefined)[] = [];
  const rowUnitsOut: (number[] | undefined)[] = [];
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
    rowUnits.push(product.serialized ? line.units : undefined);
    rowUnitsOut.push(product.serialized ? line.unitsOut : undefined);
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
  for (const [index, units] of rowUnits.entries()) {
    if (!units) continue;
    const row = rows[index] as MovementRow;
    const unitIds: number[] = [];
    for (const unit of units) {
      const returned = entering.get(unit.imei);
      if (returned) {
        await stockRepository.reenterUnit(trx, returned, row.cost_after_cents, now);
        unitIds.push(returned);
      } else {
        // Two entries of the same new IMEI at once: the loser meets the unique IMEI (409, not a 500).
        const unitId = await stockRepository
          .insertUnit(trx, {
            productId: row.product_id,
            imei: unit.imei,
            imei2: unit.imei2 ?? null,
            costCents: row.cost_after_cents,
          })
          .catch((error: unknown) => {
            if ((error as { code?: unknown } | null)?.code !== '23505') throw error;
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
async function unitsEntering(trx: Transaction<Database>, lines: StockMoveLine[]): Promise<Map<string, number>> {
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
    if (first && first.status === 'RETURNED' && first.productId === unit.productId && !second) {
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

/**
 * The IMEIs a screen is about to send (a stock entry's units): for each, in the order given, whether its
 * check digit holds and the unit it is registered to. Nothing is written and nothing locked: the entry
 * itself checks again in its transaction.
 */
export async function checkImeis(db: Executor, imeis: readonly string[]): Promise<UnitCheck[]> {
  const distinct = [...new Set(imeis)];
  const rows = await stockRepository.imeisRegistered(db, distinct);
  const byImei = new Map(rows.map((row) => [row.imei, row]));
  return distinct.map((imei) => {
    const row = byImei.get(imei);
    return {
      imei,
      valid: isValidImei(imei),
      registered: row
        ? { productId: row.productId, productCode: row.productCode, productName: row.productName, status: row.status }
        : null,
    };
  });
}

/**
 * Packing names the units of an order's serialized lines (issue 17 §3): one IMEI per unit of each such
 * line, each a unit of that product in stock, not held by another order. They go to the order (sold) and
 * are named by its SALE ledger row (the checkout's, which held them by count). Refused whole: a count that
 * does not match, an unknown IMEI or one of another product (400), a unit in another order or out of stock
 * (409). Two stockers packing the same unit at once: its row lock queues them and the second is refused.
 */
export async function sellUnits(
  trx: Transaction<Database>,
  orderId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  units: ReadonlyArray<{ productId: number; imei: string }>,
): Promise<string[]> {
  const productIds = [...new Set([...lines.map((l) => l.productId), ...units.map((u) => u.productId)])];
  const products = new Map((await stockRepository.serializedOf(trx, productIds)).map((p) => [p.id, p]));
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (products.get(line.productId)?.serialized) {
      wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
    }
  }
  for (const unit of units) {
    if (!wanted.has(unit.productId)) {
      throw badRequest(IMEI_TEXTS.unitNotInOrder(products.get(unit.productId)?.name ?? `#${unit.productId}`));
    }
  }
  for (const [productId, quantity] of wanted) {
    const given = units.filter((u) => u.productId === productId).length;
    if (given !== quantity) {
      const name = products.get(productId)?.name as string;
      throw badRequest(IMEI_TEXTS.packUnitsCount(name, quantity, given), 'BAD_REQUEST', { productId });
    }
  }
  if (units.length === 0) return [];
  const imeis = units.map((u) => u.imei);
  const repeated = [...new Set(imeis.filter((imei, index) => imeis.indexOf(imei) !== index))];
  if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
  const found = await stockRepository.lockUnitsByImei(trx, imeis);
  const byImei = new Map(found.map((row) => [row.imei, row]));
  const chosen = new Map<number, number[]>();
  const seen = new Set<number>();
  for (const unit of units) {
    const row = byImei.get(unit.imei);
    if (!row) throw badRequest(IMEI_TEXTS.unitUnknown(unit.imei), 'BAD_REQUEST', { imei: unit.imei });
    if (row.product_id !== unit.productId) {
      throw badRequest(IMEI_TEXTS.unitOfAnotherProduct(unit.imei, row.product_name), 'BAD_REQUEST', {
        imei: unit.imei,
      });
    }
    // Both IMEIs of one dual-SIM phone are one unit: named twice, it is a repeat.
    if (seen.has(row.id)) throw badRequest(IMEI_TEXTS.repeated([unit.imei]), 'BAD_REQUEST', { imeis: [unit.imei] });
    seen.add(row.id);
    if (row.status === 'SOLD' && row.order_id !== orderId) {
      throw conflict(IMEI_TEXTS.unitInAnotherOrder(unit.imei, row.order_code ?? '?'), 'CONFLICT', { imei: unit.imei });
    }
    if (row.status !== 'IN_STOCK') {
      throw conflict(IMEI_TEXTS.unitNotInStock(unit.imei, UNIT_STATUS_LABELS[row.status]), 'CONFLICT', {
        imei: unit.imei,
      });
    }
    chosen.set(unit.productId, [...(chosen.get(unit.productId) ?? []), row.id]);
  }
  const now = new Date();
  for (const [productId, unitIds] of chosen) {
    await stockRepository.sellUnits(trx, unitIds, orderId, now);
    const sale = await stockRepository.saleMovementOf(trx, orderId, productId);
    // The checkout's row, written when the order was placed, names the unit now: 'Vendido' at the packing.
    if (sale !== undefined) await stockRepository.linkUnits(trx, sale, unitIds, null, now);
  }
  return imeis;
}

/**
 * The phones (first IMEI of each unit) that went to these orders, keyed `orderId:productId`, for the histories
 * that list what a customer bought or who bought a product (issue 17 §3). Orders without phones have no key.
 */
export async function imeisOfOrders(db: Executor, orderIds: readonly number[]): Promise<Map<string, string[]>> {
  const rows = await stockRepository.imeisOfOrders(db, [...new Set(orderIds)]);
  const byLine = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.order_id}:${row.product_id}`;
    byLine.set(key, [...(byLine.get(key) ?? []), row.imei]);
  }
  return byLine;
}

/** A page of the phones in analysis (came back, waiting to be released or written off), longest waiting first. */
export async function unitsInAnalysis(
  db: Executor,
  page: number,
  items: number,
): Promise<{ data: UnitInAnalysis[]; total: number }> {
  const rows = await stockRepository.unitsInAnalysis(db, items, page * items);
  // A page past the end still says how many there are.
  const total = rows[0]?.total ?? (page > 0 ? ((await stockRepository.unitsInAnalysis(db, 1, 0))[0]?.total ?? 0) : 0);
  return {
    data: rows.map((row) => ({
      imei: row.imei,
      imei2: row.imei2,
      product: { id: row.product_id, code: row.product_code, name: row.product_name },
      order: row.order_id !== null && row.order_code !== null ? { id: row.order_id, code: row.order_code } : null,
      customer:
        row.customer_id !== null && row.customer_name !== null
          ? { id: row.customer_id, name: row.customer_name }
          : null,
      returnedAt: new Date(row.returned_at).toISOString(),
    })),
    total,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` plus whole calendar months: the same day of the month (UTC), or the month's last day if it has none. */
function addMonths(at: Date, months: number): Date {
  const end = new Date(at);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A unit the command palette found (issue 20 §2): the IMEI typed matched its first or second. */
export interface UnitMatch {
  imei: string;
  imei2: string | null;
  status: UnitStatus;
  productName: string;
  /** The order the phone was sold in (its status: an exchange is registered on a delivered or finished one). */
  order: { id: number; code: string; status: number } | null;
}

/**
 * Phones whose IMEI (either) starts with the digits typed, at least 4 of them (a shorter prefix names
 * too many to be a search); each unit once, by the IMEI matched.
 */
export async function unitsByImeiPrefix(db: Executor, digits: string, limit: number): Promise<UnitMatch[]> {
  if (!/^\d{4,15}$/.test(digits)) return [];
  const rows = (await stockRepository.unitsByImeiPrefix(db, digits, limit * 2)).sort((a, b) =>
    a.matched < b.matched ? -1 : a.matched > b.matched ? 1 : 0,
  );
  const seen = new Set<number>();
  const units: UnitMatch[] = [];
  for (const row of rows) {
    if (seen.has(row.id) || units.length >= limit) continue;
    seen.add(row.id);
    units.push({
      imei: row.imei,
      imei2: row.imei2,
      status: row.status as UnitStatus,
      productName: row.product_name,
      order:
        row.order_id === null || row.order_code === null || row.order_status === null
          ? null
          : { id: row.order_id, code: row.order_code, status: row.order_status },
    });
  }
  return units;
}

/**
 * One phone by either IMEI (issue 17 §4): its product, status, order and customer, its warranty and its history,
 * in the order things happened to it (decision 0039). The customer received it when its order was delivered
 * (the signature's moment; a store pickup: its finalization), or, for a phone that joined the order after that
 * (an exchange's replacement, handed over at the counter), when it joined it; its 'Entregue ao cliente' is then,
 * after what made it the customer's. Its warranty runs from that moment for the product's months, plus 12 with
 * the order's extended warranty (decisions 0011, 0039), while the unit is SOLD (a phone that came back has none).
 * 404 when no unit has the IMEI.
 */
export async function unitByImei(db: Executor, imei: string, now = new Date()): Promise<Unit> {
  const row = await stockRepository.unitByImei(db, imei);
  if (!row) throw notFound(UNIT_TEXTS.notFound);
  const pickup = isPickup(row.delivery_type);
  const events = await stockRepository.unitEvents(db, row.id);
  const orderDelivered = row.order_id === null ? null : pickup ? row.finished_at : row.delivered_at;
  // The last row that gave this unit to its order, when it is an exchange's (the replacement, handed over then).
  const joined = events.findLast(
    (event) => event.order_code === row.order_code && event.event === null && ['SALE', 'EXCHANGE'].includes(event.kind),
  );
  const exchangedAt = joined?.kind === 'EXCHANGE' ? new Date(joined.created_at).getTime() : 0;
  const deliveredAt = orderDelivered ? new Date(Math.max(new Date(orderDelivered).getTime(), exchangedAt)) : null;
  const months = row.warranty_months + (row.with_warranty ? EXTENDED_WARRANTY_MONTHS : 0);
  // Only a phone with its customer is under warranty: one returned (in analysis), released or written off is not.
  const endsAt = deliveredAt && row.status === 'SOLD' ? addMonths(deliveredAt, months) : null;
  const history: Unit['history'] = events.map((event) => ({
    event: event.event ? UNIT_TEXTS.unitEvents[event.event as UnitEvent] : UNIT_TEXTS.events[event.kind],
    at: new Date(event.created_at).toISOString(),
    employee: event.employee_name,
    orderCode: event.order_code,
  }));
  if (deliveredAt) {
    // After every event of its instant (an exchange hands the replacement over as it registers it).
    const after = history.findIndex((entry) => entry.at > deliveredAt.toISOString());
    history.splice(after === -1 ? history.length : after, 0, {
      event: UNIT_TEXTS.delivered,
      at: deliveredAt.toISOString(),
      employee: null,
      orderCode: row.order_code,
    });
  }
  return {
    imei: row.imei,
    imei2: row.imei2,
    product: { id: row.product_id, code: row.product_code, name: row.product_name },
    status: row.status,
    order: row.order_id !== null && row.order_code !== null ? { id: row.order_id, code: row.order_code } : null,
    customer:
      row.customer_id !== null && row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    soldAt: row.sold_at ? new Date(row.sold_at).toISOString() : null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    warrantyEndsAt: endsAt?.toISOString() ?? null,
    warrantyDaysLeft: endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)) : null,
    history,
  };
}

/** The kinds of ledger rows an exchange or return writes. */
type AdjustmentMoveKind = 'RETURN' | 'EXCHANGE';

/**
 * Units that come back from an order (issue 17 §5, decision 0012): each named by an IMEI (first or second)
 * must be a unit of this product sold in this order (400 NOT_IN_ORDER otherwise). They come back in
 * analysis (RETURNED, 'Devolvido/em análise'): not on sale, so the stock does not change; one ledger row of
 * the kind with no quantity names them (event RETURNED), so their history shows the return. Answers the
 * units' ids, in the order given.
 */
export async function receiveReturnedUnits(
  trx: Transaction<Database>,
  context: { kind: AdjustmentMoveKind; employeeId: number | null; orderId: number; orderCode: string },
  productId: number,
  imeis: readonly string[],
  unitPriceCents: number,
): Promise<number[]> {
  if (imeis.length === 0) return [];
  const found = await stockRepository.lockUnitsByImei(trx, [...imeis]);
  const ids: number[] = [];
  for (const imei of imeis) {
    const row = found.find((r) => r.imei === imei);
    if (!row || row.product_id !== productId || row.status !== 'SOLD' || row.order_id !== context.orderId) {
      throw badRequest(ADJUSTMENT_TEXTS.unitNotInOrder(imei, context.orderCode), 'NOT_IN_ORDER', { imei });
    }
    if (ids.includes(row.id)) throw badRequest(IMEI_TEXTS.repeated([imei]), 'BAD_REQUEST', { imeis: [imei] });
    ids.push(row.id);
  }
  const [row] = await moveStock(trx, { kind: context.kind, employeeId: context.employeeId, orderId: context.orderId }, [
    { productId, quantityIn: 0, unitPriceCents },
  ]);
  await stockRepository.linkUnits(trx, (row as StockChangeResult).movementId, ids, 'RETURNED');
  await stockRepository.setUnitsStatus(trx, ids, 'RETURNED', new Date());
  return ids;
}

/**
 * The units an exchange gives (a serialized replacement), locked: each must be a unit of this product in
 * stock (409 STOCK_INSUFFICIENT naming it otherwise). Answers their ids, for `moveStock`'s `unitsOut`.
 */
export async function replacementUnits(
  trx: Transaction<Database>,
  productId: number,
  productName: string,
  imeis: readonly string[],
): Promise<number[]> {
  if (imeis.length === 0) return [];
  const repeated = [...new Set(imeis.filter((imei, index) => imeis.indexOf(imei) !== index))];
  if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
  const found = await stockRepository.lockUnitsByImei(trx, [...imeis]);
  return imeis.map((imei) => {
    const row = found.find((r) => r.imei === imei);
    if (!row || row.product_id !== productId || row.status !== 'IN_STOCK') {
      throw conflict(ADJUSTMENT_TEXTS.replacementUnitUnavailable(imei, productName), 'STOCK_INSUFFICIENT', { imei });
    }
    return row.id;
  });
}

/** A returned unit by either IMEI, locked: 404 unknown, 409 UNIT_NOT_RETURNED when it is not in analysis. */
async function returnedUnit(trx: Transaction<Database>, imei: string) {
  const [row] = await stockRepository.lockUnitsByImei(trx, [imei]);
  if (!row) throw notFound(UNIT_TEXTS.notFound);
  if (row.status !== 'RETURNED') {
    throw conflict(ADJUSTMENT_TEXTS.unitNotReturned(imei, UNIT_STATUS_LABELS[row.status]), 'UNIT_NOT_RETURNED', {
      imei,
    });
  }
  return row;
}

/**
 * A returned unit goes back on sale after its analysis (decision 0012): in stock again, +1 on a RETURN
 * ledger row of its order that names it (event RELEASED), through `moveStock`'s re-entry of a returned unit
 * (the unit's cost becomes the product's current cost, its entry now).
 */
export async function releaseUnit(trx: Transaction<Database>, imei: string, employeeId: number | null): Promise<void> {
  const row = await returnedUnit(trx, imei);
  const [unit] = await stockRepository.imeisOfUnit(trx, row.id);
  const [result] = await moveStock(trx, { kind: 'RETURN', employeeId, orderId: row.order_id }, [
    {
      productId: row.product_id,
      quantityIn: 1,
      units: [{ imei: unit as string }],
      note: UNIT_TEXTS.unitEvents.RELEASED,
    },
  ]);
  await stockRepository.markUnitEvent(trx, (result as StockChangeResult).movementId, row.id, 'RELEASED');
}

/**
 * A returned unit written off after its analysis (defective, not sellable): status WRITTEN_OFF; it was not
 * in stock, so the stock does not change; an ADJUSTMENT ledger row with no quantity names it (event
 * WRITTEN_OFF).
 */
export async function writeOffUnit(trx: Transaction<Database>, imei: string, employeeId: number | null): Promise<void> {
  const row = await returnedUnit(trx, imei);
  const [result] = await moveStock(trx, { kind: 'ADJUSTMENT', employeeId, orderId: row.order_id }, [
    { productId: row.product_id, quantityIn: 0, note: UNIT_TEXTS.unitEvents.WRITTEN_OFF },
  ]);
  await stockRepository.linkUnits(trx, (result as StockChangeResult).movementId, [row.id], 'WRITTEN_OFF');
  await stockRepository.setUnitsStatus(trx, [row.id], 'WRITTEN_OFF', new Date());
}

/**
 * The shelf count of a serialized product (issue 17 §2): the IMEIs read on the shelf against its units in
 * stock. Missing: a unit in stock that was not read (either of its IMEIs counts). Unknown: a code read that
 * is no in-stock unit of this product (invalid, unregistered, or another product's / sold / written off,
 * said). Confirmed (`dryRun` false), the missing units are WRITTEN_OFF and one INVENTORY ledger row takes
 * them out of the stock figure and names them, in the caller's transaction.
 *
 * Decision 0010's invariant holds: stock = units in stock − units held by unpacked orders. Those held units
 * are still on the shelf (packing names them), so they are read like any other; the write-off takes only
 * the missing ones out, and a count that would leave fewer units than the orders hold is refused (409):
 * the stock figure would go below zero and an order could not be packed.
 */
export async function countUnits(
  trx: Transaction<Database>,
  input: { productId: number; imeis: readonly string[]; employeeId: number; dryRun: boolean },
): Promise<UnitCountResult> {
  const [product] = await stockRepository.lockProducts(trx, [input.productId]);
  if (!product) throw notFound(PRODUCT_TEXTS.productNotFound);
  if (!product.serialized) throw badRequest(UNIT_COUNT_TEXTS.notSerialized(product.name));
  const units = await unitCountRepository.lockUnitsInStock(trx, product.id);
  const read = [...new Set(input.imeis.map((imei) => imei.trim()).filter(Boolean))];
  const readSet = new Set(read);
  const missing = units.filter((u) => !readSet.has(u.imei) && !(u.imei2 !== null && readSet.has(u.imei2)));
  const ownImeis = new Set(units.flatMap((u) => (u.imei2 ? [u.imei, u.imei2] : [u.imei])));
  const unknownImeis = read.filter((imei) => !ownImeis.has(imei));
  const registered = unknownImeis.length > 0 ? await stockRepository.imeisRegistered(trx, unknownImeis) : [];
  const byImei = new Map(registered.map((row) => [row.imei, row]));
  const heldByOrders = units.length - product.stock;
  const stockAfter = product.stock - missing.length;
  const result: UnitCountResult = {
    product: { id: product.id, code: product.code, name: product.name },
    dryRun: input.dryRun,
    written: false,
    unitsInStock: units.length,
    heldByOrders,
    found: units.length - missing.length,
    missing: missing.map((u) => ({ imei: u.imei, imei2: u.imei2 })),
    unknown: unknownImeis.map((imei) => {
      const row = byImei.get(imei);
      return {
        imei,
        valid: isValidImei(imei),
        registered: row ? { productCode: row.productCode, productName: row.productName, status: row.status } : null,
      };
    }),
    stockBefore: product.stock,
    stockAfter,
  };
  if (stockAfter < 0) {
    throw conflict(
      UNIT_COUNT_TEXTS.heldByOrders(product.name, heldByOrders, units.length - missing.length),
      'CONFLICT',
      {
        heldByOrders,
        missing: result.missing.map((u) => u.imei),
      },
    );
  }
  if (input.dryRun || missing.length === 0) return result;

  const now = new Date();
  const [movementId] = await stockRepository.insertMovements(trx, [
    {
      product_id: product.id,
      kind: 'INVENTORY',
      source_id: null,
      stock_before: product.stock,
      quantity_in: 0,
      quantity_out: missing.length,
      stock_after: stockAfter,
      cost_before_cents: product.cost_cents,
      cost_after_cents: product.cost_cents,
      unit_price_cents: null,
      order_id: null,
      employee_id: input.employeeId,
      note: UNIT_COUNT_TEXTS.note(missing.map((u) => u.imei)),
    },
  ]);
  const ids = missing.map((u) => u.id);
  await unitCountRepository.writeOffUnits(trx, ids, now);
  await stockRepository.linkUnits(trx, movementId as number, ids);
  await stockRepository.setStockAndCost(trx, product.id, stockAfter, product.cost_cents, now);
  return { ...result, written: true };
}

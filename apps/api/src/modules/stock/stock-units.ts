import {
  IMEI_TEXTS,
  isValidImei,
  UNIT_STATUS_LABELS,
  type UnitCheck,
  type UnitInAnalysis,
  type UnitStatus,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { stockRepository } from './stock.repository';

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

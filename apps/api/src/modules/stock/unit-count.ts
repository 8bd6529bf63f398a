import { isValidImei, PRODUCT_TEXTS, UNIT_COUNT_TEXTS, type UnitCountResult } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { stockRepository, unitCountRepository } from './stock.repository';

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

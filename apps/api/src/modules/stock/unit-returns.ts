import { ADJUSTMENT_TEXTS, IMEI_TEXTS, UNIT_STATUS_LABELS, UNIT_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { stockRepository } from './stock.repository';
import { moveStock, type StockChangeResult } from './stock-moves';

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

import { TRADE_IN_TEXTS, UNIT_STATUS_LABELS, UNIT_TEXTS, type UnitEvent } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { stockRepository } from './stock.repository';
import { moveStock, type StockChangeResult, type StockMoveContext, type StockMoveLine } from './stock-moves';

/**
 * Used phones taken in (issue 42 §1, decision 0058). A trade-in accepted becomes a unit of a seminovo product in
 * preparation ('Em preparação'): not in stock (not counted, not sellable), named by a TRADE_IN ledger row with no
 * quantity. Released after its check, it enters the stock by a TRADE_IN row of one unit at its cost (the trade-in's
 * value), which the product's average cost takes in like any entry. So stock still equals its ledger and its units
 * in stock.
 */

export interface UsedUnitIn {
  productId: number;
  imei: string;
  imei2: string | null;
  /** What the shop paid for it (the trade-in's value). */
  costCents: number;
  tradeInId: number;
  /** The warranty it is sold with, fixed now (the shop's setting). */
  warrantyDays: number;
  employeeId: number;
  note: string;
}

/**
 * The ledger line a used phone taken in is named by (pure: `takeInUsedUnit`'s, and a bulk writer's, the demo's): a
 * TRADE_IN row with no quantity, naming its unit as TRADED_IN.
 */
export function takeInMove(input: Pick<UsedUnitIn, 'productId' | 'employeeId' | 'note'>): {
  context: StockMoveContext;
  line: StockMoveLine;
  event: UnitEvent;
} {
  return {
    context: { kind: 'TRADE_IN', employeeId: input.employeeId },
    line: { productId: input.productId, quantityIn: 0, note: input.note },
    event: 'TRADED_IN',
  };
}

/**
 * The ledger line a seminovo released for sale enters the stock by (pure, as `takeInMove`): a TRADE_IN row of one
 * unit at the unit's own cost.
 */
export function releaseMove(
  unit: { product_id: number; imei: string; cost_cents: number },
  employeeId: number,
): { context: StockMoveContext; line: StockMoveLine } {
  return {
    context: { kind: 'TRADE_IN', employeeId },
    line: {
      productId: unit.product_id,
      quantityIn: 1,
      units: [{ imei: unit.imei }],
      entryUnitCostCents: unit.cost_cents,
      note: TRADE_IN_TEXTS.historyReleased,
    },
  };
}

/**
 * Takes a used phone in as a unit of `productId` (a serialized seminovo product), in preparation, in the caller's
 * transaction; answers the unit's id. A phone that is already ours by its IMEI: one we sold (or wrote off) comes
 * back as that unit, moved to the seminovo product; one still on our shelf or in analysis is refused (409).
 */
export async function takeInUsedUnit(trx: Transaction<Database>, input: UsedUnitIn): Promise<number> {
  const product = await stockRepository.usedProduct(trx, input.productId);
  if (!product) throw notFound(TRADE_IN_TEXTS.productNotFound);
  if (!product.serialized || !product.used) throw badRequest(TRADE_IN_TEXTS.productNotUsed);
  const imeis = input.imei2 ? [input.imei, input.imei2] : [input.imei];
  const known = await stockRepository.lockUnitsByImei(trx, imeis);
  const unitIds = [...new Set(known.map((row) => row.id))];
  if (unitIds.length > 1) {
    throw conflict(TRADE_IN_TEXTS.imeisOfTwoUnits, 'IMEI_DUPLICATE', { imeis });
  }
  const move = takeInMove(input);
  const [result] = await moveStock(trx, move.context, [move.line]);
  const movementId = (result as StockChangeResult).movementId;
  const now = new Date();
  let unitId: number;
  const existing = known[0];
  if (existing) {
    if (existing.status !== 'SOLD' && existing.status !== 'WRITTEN_OFF') {
      throw conflict(
        TRADE_IN_TEXTS.unitInStock(existing.imei, `${existing.product_name}, ${UNIT_STATUS_LABELS[existing.status]}`),
        'IMEI_DUPLICATE',
        { imei: existing.imei },
      );
    }
    unitId = existing.id;
    await stockRepository.takeBackUsedUnit(trx, unitId, input, now);
  } else {
    // Two trade-ins of the same IMEI accepted at once: the later meets the unique IMEI (409 in words, not a 500).
    unitId = await stockRepository
      .insertUnit(trx, {
        productId: input.productId,
        imei: input.imei,
        imei2: input.imei2,
        costCents: input.costCents,
        purchaseId: null,
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
        throw conflict(TRADE_IN_TEXTS.imeiInAnotherTradeIn(input.imei), 'IMEI_DUPLICATE', { imeis });
      });
    await stockRepository.takeBackUsedUnit(trx, unitId, input, now);
  }
  await stockRepository.linkUnits(trx, movementId, [unitId], move.event, now);
  return unitId;
}

/**
 * A seminovo in preparation released for sale after its check: it enters its product's stock (one unit, at its
 * own cost, a TRADE_IN ledger row naming it). 409 when the unit is not in preparation.
 */
export async function releaseUsedUnit(trx: Transaction<Database>, unitId: number, employeeId: number): Promise<void> {
  const unit = await stockRepository.lockUnit(trx, unitId);
  if (!unit) throw notFound(UNIT_TEXTS.notFound);
  if (unit.status !== 'PREPARING') throw conflict(TRADE_IN_TEXTS.notPreparing, 'TRANSITION_REFUSED');
  const move = releaseMove(unit, employeeId);
  await moveStock(trx, move.context, [move.line]);
}

import { IMEI_TEXTS, PURCHASE_ENTRY_TEXTS as T, UNIT_STATUS_LABELS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { type MovementRow, stockRepository } from './stock.repository';

/** A phone going back to its supplier, as it is locked for it. */
export interface UnitGoingBack {
  unitId: number;
  imei: string;
  productId: number;
  productName: string;
  /** What the unit cost when it came in (its entry's unit cost). */
  costCents: number;
  /** In stock (it leaves the stock) or in analysis ('Devolvido/em análise': it was not in stock). */
  inStock: boolean;
}

/**
 * The phones named by these IMEIs (first or second), locked for a return to their supplier (issue 39 §4): their
 * products first (ascending ids, as `moveStock` takes them), then the units. Each must be in stock or in
 * analysis; every IMEI that is not (unknown, sold, written off, repeated) is named at once (400) and nothing is
 * written.
 */
export async function unitsGoingBack(trx: Transaction<Database>, imeis: readonly string[]): Promise<UnitGoingBack[]> {
  const repeated = [...new Set(imeis.filter((imei, index) => imeis.indexOf(imei) !== index))];
  if (repeated.length > 0) throw badRequest(IMEI_TEXTS.repeated(repeated), 'BAD_REQUEST', { imeis: repeated });
  const seen = await stockRepository.imeisRegistered(trx, [...imeis]);
  await stockRepository.lockProducts(
    trx,
    [...new Set(seen.map((unit) => unit.productId))].sort((a, b) => a - b),
  );
  const locked = await stockRepository.lockUnitsByImei(trx, [...imeis]);
  const messages: string[] = [];
  const units: UnitGoingBack[] = [];
  for (const imei of imeis) {
    const row = locked.find((r) => r.imei === imei);
    if (!row) {
      messages.push(T.returnUnitUnknown(imei));
      continue;
    }
    if (row.status !== 'IN_STOCK' && row.status !== 'RETURNED') {
      messages.push(T.returnUnitUnavailable(imei, UNIT_STATUS_LABELS[row.status]));
      continue;
    }
    units.push({
      unitId: row.id,
      imei,
      productId: row.product_id,
      productName: row.product_name,
      costCents: row.cost_cents,
      inStock: row.status === 'IN_STOCK',
    });
  }
  if (messages.length > 0) {
    throw new AppError(400, messages[0] as string, { code: 'BAD_REQUEST', messages, details: { imeis } });
  }
  return units;
}

/**
 * The units leave for their supplier: one ADJUSTMENT ledger row each, naming it (event SUPPLIER_RETURN), with
 * `note` (the supplier and the note's key) and the entry they came by (`purchaseId`); a unit in stock takes one
 * from its product's stock (its cost, an average, does not change), one in analysis was not in stock. The
 * units are written off (they are no longer the shop's). Runs in the caller's transaction, after
 * `unitsGoingBack` locked them.
 */
export async function sendUnitsBack(
  trx: Transaction<Database>,
  units: readonly (UnitGoingBack & { note: string; purchaseId: number | null })[],
  employeeId: number,
): Promise<number[]> {
  const products = new Map(
    (
      await stockRepository.lockProducts(
        trx,
        [...new Set(units.map((u) => u.productId))].sort((a, b) => a - b),
      )
    ).map((p) => [p.id, { ...p }]),
  );
  const rows: MovementRow[] = units.map((unit) => {
    const product = products.get(unit.productId) as { stock: number; cost_cents: number };
    const out = unit.inStock ? 1 : 0;
    const row: MovementRow = {
      product_id: unit.productId,
      kind: 'ADJUSTMENT',
      source_id: null,
      stock_before: product.stock,
      quantity_in: 0,
      quantity_out: out,
      stock_after: product.stock - out,
      cost_before_cents: product.cost_cents,
      cost_after_cents: product.cost_cents,
      unit_price_cents: null,
      order_id: null,
      purchase_id: unit.purchaseId,
      employee_id: employeeId,
      note: unit.note,
    };
    product.stock -= out;
    return row;
  });
  const movementIds = await stockRepository.insertMovements(trx, rows);
  const now = new Date();
  for (const [index, unit] of units.entries()) {
    await stockRepository.linkUnits(trx, movementIds[index] as number, [unit.unitId], 'SUPPLIER_RETURN');
  }
  await stockRepository.setUnitsStatus(
    trx,
    units.map((u) => u.unitId),
    'WRITTEN_OFF',
    now,
  );
  for (const [id, product] of products) {
    await stockRepository.setStockAndCost(trx, id, product.stock, product.cost_cents, now);
  }
  return movementIds;
}

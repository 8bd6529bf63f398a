import { isPickup, phoneWarranty, UNIT_TEXTS, type Unit, type UnitEvent } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { stockRepository } from './stock.repository';

/**
 * The stock module: products' stock and its ledger, and the phones (serialized units) by IMEI. Other modules
 * reach it through this file only.
 */

/** The rows of the ledger and of the units, pure (a bulk writer, the demo's, writes them as the stock would). */
export { type MovementRow, reenteredUnit, takenInUnit, unitImeis } from './stock.repository';
/** Stock moves and their ledger: the ONLY way products' stock changes. */
export {
  changeStock,
  enteringUnitCost,
  ledgerRow,
  lockProducts,
  moveStock,
  type StockChangeResult,
  type StockMoveContext,
  type StockMoveLine,
  type StockShortage,
} from './stock-moves';
/** Phones: IMEIs checked before an entry, units named at packing, the phones of orders, the phones found. */
export {
  checkImeis,
  imeisOfOrders,
  sellUnits,
  type UnitMatch,
  unitsByImeiPrefix,
  unitsInAnalysis,
} from './stock-units';
/** Phones sent back to their supplier (issue 39 §4): locked and checked, then out of stock by the ledger. */
export { sendUnitsBack, type UnitGoingBack, unitsGoingBack } from './supplier-returns';
/** The shelf count of a serialized product by its IMEIs. */
export { countUnits } from './unit-count';
/** Phones that come back from an order (exchanges and returns), their analysis and an exchange's replacement. */
export { receiveReturnedUnits, releaseUnit, replacementUnits, writeOffUnit } from './unit-returns';
export { releaseMove, releaseUsedUnit, takeInMove, takeInUsedUnit, type UsedUnitIn } from './used-units';

/**
 * One phone by either IMEI (issue 17 §4) as the stock knows it: its product, status, order and customer, its
 * warranty and its history, in the order things happened to it (decision 0039); its repairs are added above the
 * stock, by 'Consultar IMEI' (units/units.service.ts). Its 'Entregue ao cliente' is when the customer received
 * it, after what made it the customer's; when that was and its warranty are the sale's rule (`phoneWarranty`,
 * packages/contract/src/warranty.ts). 404 when no unit has the IMEI.
 */
export async function unitByImei(db: Executor, imei: string, now = new Date()): Promise<Unit> {
  const row = await stockRepository.unitByImei(db, imei);
  if (!row) throw notFound(UNIT_TEXTS.notFound);
  const pickup = isPickup(row.delivery_type);
  const events = await stockRepository.unitEvents(db, row.id);
  // The last row that gave this unit to its order, when it is an exchange's (the replacement, handed over then).
  const joined = events.findLast(
    (event) => event.order_code === row.order_code && event.event === null && ['SALE', 'EXCHANGE'].includes(event.kind),
  );
  const {
    receivedAt: deliveredAt,
    endsAt,
    daysLeft,
  } = phoneWarranty(
    {
      order: row.order_id === null ? null : { pickup, deliveredAt: row.delivered_at, finishedAt: row.finished_at },
      exchangedAt: joined?.kind === 'EXCHANGE' ? joined.created_at : null,
      warrantyMonths: row.warranty_months,
      warrantyDays: row.warranty_days,
      extendedWarranty: row.with_warranty === true,
      status: row.status,
    },
    now,
  );
  const history: Unit['history'] = events.map((event) => ({
    event: event.event ? UNIT_TEXTS.unitEvents[event.event as UnitEvent] : UNIT_TEXTS.events[event.kind],
    at: new Date(event.created_at).toISOString(),
    employee: event.employee_name,
    orderCode: event.order_code,
    from:
      event.supplier_name && event.purchase_number !== null && event.purchase_series !== null
        ? UNIT_TEXTS.fromSupplier(event.supplier_name, event.purchase_number, event.purchase_series)
        : null,
  }));
  if (deliveredAt) {
    // After every event of its instant (an exchange hands the replacement over as it registers it).
    const after = history.findIndex((entry) => entry.at > deliveredAt.toISOString());
    history.splice(after === -1 ? history.length : after, 0, {
      event: UNIT_TEXTS.delivered,
      at: deliveredAt.toISOString(),
      employee: null,
      orderCode: row.order_code,
      from: null,
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
    warrantyDaysLeft: daysLeft,
    history,
    // The repairs at our counter are the repairs module's: 'Consultar IMEI' adds them (units/units.service.ts).
    repairs: [],
  };
}

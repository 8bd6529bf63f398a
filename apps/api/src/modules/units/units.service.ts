import { UNIT_TEXTS, type Unit } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { repairsOfImei } from '../repairs/repair-warranty.service';
import { unitByImei } from '../stock/stock.service';

/**
 * 'Consultar IMEI' (issue 17 §4, issue 42 §2): a phone as the whole shop knows it, composed above the modules that
 * each know a part: the stock's unit (product, status, order, customer, the sale's warranty, its ledger's history)
 * and the repairs at our counter (each with its warranty, a delivered one in the history at its delivery). Its own
 * module so that stock and repairs need not import each other (issue 60 §3).
 */
export async function unitWithRepairs(db: Executor, imei: string, now = new Date()): Promise<Unit> {
  const unit = await unitByImei(db, imei, now);
  const repairs = await repairsOfImei(db, unit.imei, now);
  const history = [...unit.history];
  for (const repair of repairs) {
    if (!repair.deliveredAt) continue;
    const at = repair.deliveredAt.toISOString();
    const after = history.findIndex((entry) => entry.at > at);
    history.splice(after === -1 ? history.length : after, 0, {
      event: UNIT_TEXTS.repairDelivered(repair.number),
      at,
      employee: null,
      orderCode: null,
    });
  }
  return {
    ...unit,
    history,
    repairs: repairs.map((repair) => ({
      id: repair.id,
      number: repair.number,
      status: repair.statusLabel,
      deliveredAt: repair.deliveredAt?.toISOString() ?? null,
      warrantyEndsAt: repair.warrantyEndsAt?.toISOString() ?? null,
      warrantyDaysLeft: repair.warrantyDaysLeft,
    })),
  };
}

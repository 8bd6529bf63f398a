import { REPAIR_STATUS_LABELS, type RepairStatus, type RepairWarranty } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { repairsRepository as repo } from './repairs.repository';

/**
 * The repair warranty as other modules read it (issue 42 §2, decision 0059): the stock module's 'Consultar IMEI'
 * shows a phone's repairs beside its sale's warranty. A service file of its own, free of the stock module: the
 * repairs' service reaches the stock module (parts out of stock), which reaches back here (an import cycle else).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `endsAt` (rounded up, 0 once over). */
export function daysLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/** A phone's service orders by IMEI, oldest first: status, delivery and the repair warranty each gave. */
export async function repairsOfImei(db: Executor, imei: string, now = new Date()) {
  const rows = await repo.deliveredOfImei(db, imei);
  return rows.map((row) => {
    const endsAt = row.warranty_ends_at ? new Date(row.warranty_ends_at) : null;
    return {
      id: row.id,
      number: row.id,
      model: row.model,
      status: row.status as RepairStatus,
      statusLabel: REPAIR_STATUS_LABELS[row.status as RepairStatus],
      deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
      warrantyEndsAt: endsAt,
      warrantyDaysLeft: endsAt ? daysLeft(endsAt, now) : null,
    };
  });
}

/** The repair warranties given to this IMEI (delivered repairs), whether or not the phone is one of our units. */
export async function repairWarranties(db: Executor, imei: string, now = new Date()): Promise<RepairWarranty[]> {
  const repairs = await repairsOfImei(db, imei, now);
  return repairs.flatMap((repair) =>
    repair.deliveredAt && repair.warrantyEndsAt
      ? [
          {
            repairId: repair.id,
            number: repair.number,
            model: repair.model,
            deliveredAt: repair.deliveredAt.toISOString(),
            warrantyEndsAt: repair.warrantyEndsAt.toISOString(),
            warrantyDaysLeft: repair.warrantyDaysLeft ?? 0,
          },
        ]
      : [],
  );
}

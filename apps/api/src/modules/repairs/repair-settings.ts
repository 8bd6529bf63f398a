import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { repairsRepository as repo } from './repairs.repository';

/** The repairs' settings: the repair warranty's days. */
export async function repairSettings(db: AppDeps['db']) {
  return { warrantyDays: await repo.warrantyDays(db) };
}

/** PUT /repairs/settings: the repair warranty's days, audited. */
export async function saveRepairSettings(db: AppDeps['db'], principal: Principal, warrantyDays: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.setWarrantyDays(trx, warrantyDays, principal.employeeId);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'repair_settings',
      entityId: 1,
      action: 'update',
      changes: { warrantyDays: { from: before, to: warrantyDays } },
    });
  });
  return { warrantyDays };
}

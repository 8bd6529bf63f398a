import {
  FINAL_REPAIR_STATUSES,
  REPAIR_TEXTS,
  type RepairDevicePassword,
  type RepairStatus,
} from '@backoffice/contract';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { openDevicePassword } from './device-password';
import type { RepairsDeps } from './repair-detail';
import { repairsRepository as repo } from './repairs.repository';

/** The audit's action of each reading (the password itself never goes into the audit). */
export const READ_DEVICE_PASSWORD_ACTION = 'read_device_password';

/**
 * GET /repairs/{id}/device-password (issue 54 item 5): the password or pattern the customer left, opened for the
 * technician who tests the phone and the counter; each reading one audit row (who, which order), written in the same
 * transaction before the password is answered. 404 for an unknown order; 409 REPAIR_NO_DEVICE_PASSWORD when none
 * was left, when it was erased (the device left), or when the server's secret is not the one that sealed it.
 */
export async function readDevicePassword(
  { db, config }: Pick<RepairsDeps, 'db' | 'config'>,
  principal: Principal,
  id: number,
): Promise<RepairDevicePassword> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.devicePassword(trx, id);
    if (!row) throw notFound(REPAIR_TEXTS.notFound);
    const devicePassword = keptPassword(config.jwtSecret, row);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'repair',
      entityId: row.id,
      action: READ_DEVICE_PASSWORD_ACTION,
    });
    return { devicePassword };
  });
}

/** The password a row keeps, opened; 409 when there is none (never left, or erased) or it cannot be opened. */
function keptPassword(
  serverSecret: string,
  row: { status: string; device_password: string | null; device_password_sealed: Buffer | null },
): string {
  if (row.device_password_sealed) {
    try {
      return openDevicePassword(serverSecret, Buffer.from(row.device_password_sealed));
    } catch {
      throw conflict(REPAIR_TEXTS.devicePasswordUnreadable, 'REPAIR_NO_DEVICE_PASSWORD');
    }
  }
  // One left in clear by a start that has not sealed it yet (device-password.ts).
  if (row.device_password) return row.device_password;
  const left = FINAL_REPAIR_STATUSES.includes(row.status as RepairStatus);
  throw conflict(
    left ? REPAIR_TEXTS.devicePasswordErased : REPAIR_TEXTS.devicePasswordNone,
    'REPAIR_NO_DEVICE_PASSWORD',
  );
}

import { DEFAULT_LATE_LIMITS, LATE_LIMIT_STATUSES, type LateLimit } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import * as repo from './notifications.repository';

/** The late limits of every status that has one (defaults where never saved). */
async function lateLimits(db: DB): Promise<LateLimit[]> {
  const saved = new Map((await repo.lateLimits(db)).map((l) => [l.status, l.minutes]));
  return LATE_LIMIT_STATUSES.map((status) => ({
    status,
    minutes: saved.get(status) ?? DEFAULT_LATE_LIMITS[status],
  }));
}

/** How long an order may stay in a status before the bell calls it late: read, and saved with an audit of what changed. */
export function lateLimitSettings(db: DB) {
  return {
    /** The late limits of every status that has one (defaults where never saved). */
    lateLimits: () => lateLimits(db),

    async saveLateLimits(principal: Principal, limits: readonly LateLimit[]): Promise<LateLimit[]> {
      await db.transaction().execute(async (trx) => {
        const before = new Map((await repo.lateLimits(trx)).map((l) => [l.status, l.minutes]));
        await repo.saveLateLimits(trx, limits, principal.employeeId);
        const changes: Record<string, { from: number | null; to: number }> = {};
        for (const { status, minutes } of limits) {
          const from = before.get(status) ?? null;
          if (from !== minutes) changes[`status_${status}`] = { from, to: minutes };
        }
        if (Object.keys(changes).length > 0) {
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'order_late_limits',
            entityId: '1',
            action: 'update',
            changes,
          });
        }
      });
      return lateLimits(db);
    },
  };
}

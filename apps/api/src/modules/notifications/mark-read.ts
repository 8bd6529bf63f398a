import type { MarkNotificationsRead } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { DAY_MS, scopeOf } from './bell-scope';
import * as repo from './notifications.repository';

/** Read marks are kept this long (a condition lasting longer comes back unread: it still needs someone). */
const READ_KEPT_DAYS = 90;

/** The bell's read state, per employee by stable id. */
export function bellReadState(db: DB, now: () => Date) {
  return {
    /** Marks the given notifications (those that are the employee's now; others are ignored), or all of them. */
    async markRead(principal: Principal, body: MarkNotificationsRead): Promise<{ unread: number }> {
      const at = now();
      const scope = await scopeOf(db, principal, at);
      const ids = 'all' in body ? null : [...new Set(body.ids)];
      const unread = await db.transaction().execute(async (trx) => {
        await repo.pruneReads(trx, principal.employeeId, new Date(at.getTime() - READ_KEPT_DAYS * DAY_MS));
        return repo.markVisibleRead(trx, scope, ids, at);
      });
      return { unread };
    },
  };
}

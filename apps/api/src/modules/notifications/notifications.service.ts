import type { DB } from '../../db/database';
import { bellList } from './bell-list';
import { lateLimitSettings } from './late-limits';
import { bellReadState } from './mark-read';

/**
 * The bell (issue 20 §1). Other modules reach it through this file; each use case lives in a file of its own:
 * the kinds an employee may see in `bell-scope.ts` (`scopeOf`), what each kind says in `bell-words.ts`
 * (`wordsOf`), the bell's items in `bell-list.ts`, the read state in `mark-read.ts`, the late limits of the
 * orders' statuses in `late-limits.ts`.
 */

/** Rows read per kind at most: the unread count of a kind stops there. */
export { NOTIFICATIONS_PER_KIND } from './bell-scope';

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013-notifications-that-are-true.md): what needs the
 * signed-in employee now, each kind only if his role holds its permission (NOTIFICATION_PERMISSIONS), its
 * items kept by the database from the records themselves (migration 0053), so the list is true at every call;
 * read state per employee by stable id.
 */
export function createNotificationsService(db: DB, now: () => Date = () => new Date()) {
  return {
    ...bellList(db, now),
    ...bellReadState(db, now),
    ...lateLimitSettings(db),
  };
}

import type { Notifications } from '@backoffice/contract';
import { type DB, embeddedWriteCount } from '../../db/database';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { scopeOf } from './bell-scope';
import { wordsOf } from './bell-words';
import * as repo from './notifications.repository';

/** How long a reader's bell rows are kept at most on PGlite, writes and late orders aside (see bellRows). */
const BELL_KEPT_MS = 60_000;
/** Readers (employee × page size) kept at once before the lot is dropped. */
const BELL_KEPT_READERS = 1_000;

/** The bell's items: what needs the employee now, newest first, in words, with his read state. */
export function bellList(db: DB, now: () => Date) {
  /**
   * PGlite only (one process, so `embeddedWriteCount` counts every write there is): each reader's last bell
   * rows, kept until this process writes anything, an order is due to turn late, or BELL_KEPT_MS pass (the
   * events' window slides). The words are made again on each call ('há 5 min'). Read at every screen's
   * minute and on each order notice, the bell was PGlite's busiest statement (issue 36).
   */
  const writes = embeddedWriteCount(db);
  const kept = new Map<string, { writes: number; from: number; until: number; rows: repo.BellRow[] }>();

  async function bellRows(principal: Principal, at: Date, limit: number): Promise<repo.BellRow[]> {
    const scope = await scopeOf(db, principal, at);
    if (!writes) return repo.bellPage(db, scope, limit);
    const key = `${principal.employeeId}:${limit}:${scope.kinds.map((k) => k.kind).join(',')}:${scope.pixWaiting ? 1 : 0}:${scope.discountApprovals ? 1 : 0}:${scope.creditApprovals ? 1 : 0}:${scope.cashDifferences ? 1 : 0}:${scope.numberingGaps ? 1 : 0}`;
    // Counted before reading: a write sent meanwhile makes the kept rows stale at once (never fresh too long).
    const written = writes();
    const hit = kept.get(key);
    const ms = at.getTime();
    if (hit && hit.writes === written && ms >= hit.from && ms < hit.until) return hit.rows;
    const rows = await repo.bellPage(db, scope, limit);
    const late = scope.kinds.some((k) => repo.DUE_KINDS.includes(k.kind)) ? await repo.nextLateAt(db, at) : null;
    if (kept.size >= BELL_KEPT_READERS) kept.clear();
    kept.set(key, { writes: written, from: ms, until: Math.min(ms + BELL_KEPT_MS, late?.getTime() ?? Infinity), rows });
    return rows;
  }

  return {
    async list(principal: Principal, limit: number): Promise<Notifications> {
      const at = now();
      const rows = await bellRows(principal, at, limit);
      // Newest first, ties by id as the bell always ordered them (the database's order may differ within a millisecond).
      const shown = rows
        .map((row) => ({ row, ms: new Date(row.at).getTime() }))
        .sort((a, b) => b.ms - a.ms || a.row.id.localeCompare(b.row.id));
      const data = shown.map(({ row, ms }) => ({
        id: row.id,
        ...wordsOf(row, at),
        createdAt: isoTimestamp(new Date(ms)),
        readAt: row.read_at ? isoTimestamp(row.read_at) : null,
      }));
      return { data, unread: rows[0]?.unread ?? 0 };
    },
  };
}

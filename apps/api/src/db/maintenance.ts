import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { businessDay, scheduledInstant, shiftDay } from '@backoffice/contract';
import { sql } from 'kysely';
import { PRIVATE_FILE } from '../lib/private-files';
import { type DB, pgliteNotificationFeed } from './database';

/** Business time (`clock.ts`) of the embedded database's nightly maintenance: after the backup's default 03:00. */
export const MAINTENANCE_TIME = '04:00';
/** A failed run is tried again after this long, not every minute. */
const RETRY_AFTER_MS = 60 * 60_000;

/** Whether `db` is the embedded PGlite (in a worker thread or in process). */
export const isEmbedded = (db: DB): boolean => pgliteNotificationFeed(db) !== undefined;

/**
 * The work autovacuum does on a PostgreSQL server, which PGlite (PostgreSQL in single-user mode) never runs
 * by itself (decision 0024): `vacuum (analyze)` makes dead row versions' space reusable, marks the pages
 * whose rows every transaction sees (the visibility map, without which the planner will not choose an
 * index-only scan) and refreshes the planner's statistics. The year rankings at scale 100 went from 174–343
 * to 39–42 ms median with it (docs/benchmarks.md). It holds the single backend while it runs (about 11 s at
 * scale 100, 1 s for the demo). False, and nothing done, on PostgreSQL.
 */
export async function maintainEmbedded(db: DB): Promise<boolean> {
  if (!isEmbedded(db)) return false;
  await sql`vacuum (analyze)`.execute(db);
  return true;
}

/** Whether the nightly run is due at `now`: today's MAINTENANCE_TIME (business time) has come and today has none. */
export function maintenanceDue(now: Date, lastDay: string | undefined): boolean {
  const today = businessDay(now);
  return now >= scheduledInstant(today, MAINTENANCE_TIME) && (lastDay ?? '') < today;
}

interface MaintenanceLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The embedded database's nightly maintenance: once per São Paulo day from MAINTENANCE_TIME (a server down
 * then does it when it starts), the day of the last run kept in `DATA_DIR/maintenance.json`. A database
 * without that file was just created or seeded (the seed maintains what it wrote): its first run is the
 * next night.
 */
export function createEmbeddedMaintenance(db: DB, options: { dataDir: string; log: MaintenanceLog }) {
  const file = path.join(options.dataDir, 'maintenance.json');
  const read = (): string | undefined => {
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { lastDay?: string }).lastDay;
    } catch {
      return undefined;
    }
  };
  const write = (day: string) => {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ lastDay: day }), { mode: PRIVATE_FILE });
  };
  let lastDay = read();
  let failedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<boolean> | undefined;

  return {
    /** Marks a new database as maintained today when it has no record yet. */
    begin(now = new Date()) {
      if (lastDay === undefined) {
        lastDay = businessDay(now);
        write(lastDay);
      }
    },
    /** Runs the maintenance when due at `now`; true when it ran, rejected when it failed. */
    async runIfDue(now = new Date()): Promise<boolean> {
      if (running || !maintenanceDue(now, lastDay) || now.getTime() - failedAt < RETRY_AFTER_MS) return false;
      const started = performance.now();
      running = maintainEmbedded(db);
      try {
        const ran = await running;
        lastDay = businessDay(now);
        write(lastDay);
        options.log.info(
          { ms: Math.round(performance.now() - started) },
          'embedded database maintained (vacuum, analyze)',
        );
        return ran;
      } catch (error) {
        failedAt = now.getTime();
        options.log.error({ err: error }, 'embedded database maintenance failed');
        // For 'Tarefas do sistema': the failure is the round's (tried again after RETRY_AFTER_MS).
        throw error;
      } finally {
        running = undefined;
      }
    },
    /**
     * When it will next run, seen at `now` ('Tarefas do sistema'): due and not yet done, at the next look (an hour after
     * a failure); else the next MAINTENANCE_TIME still to come, today's or the next night's.
     */
    nextAt(now = new Date()): Date {
      if (maintenanceDue(now, lastDay)) return new Date(Math.max(now.getTime(), failedAt + RETRY_AFTER_MS));
      const today = businessDay(now);
      const tonight = scheduledInstant(today, MAINTENANCE_TIME);
      return now < tonight ? tonight : scheduledInstant(shiftDay(today, 1), MAINTENANCE_TIME);
    },
    /** Waits for a run under way (the app's close). */
    async idle() {
      await running?.catch(() => undefined);
    },
  };
}

import type { BackupKind, BackupRun } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

export interface RunRecord {
  kind: BackupKind;
  /** The business day of a scheduled backup. */
  slot: string | null;
  startedAt: Date;
  name: string | null;
  size: number | null;
  error: string | null;
}

/** SQL of the backups' schedule and history (`backup_settings`, `backup_runs`: migration 0036). */
export const backupsRepository = {
  /** The row count of each table of the current schema, by name (a backup's manifest). */
  async rowCounts(db: Executor): Promise<Record<string, number>> {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
      counts[name] = Number(rows[0]?.n);
    }
    return counts;
  },

  settings(db: Executor) {
    return db.selectFrom('backup_settings').select(['time_of_day as timeOfDay', 'keep']).executeTakeFirst();
  },

  async saveSettings(db: Executor, employeeId: number | null, timeOfDay: string, keep: number): Promise<void> {
    await db
      .insertInto('backup_settings')
      .values({ id: 1, time_of_day: timeOfDay, keep, updated_by: employeeId })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ time_of_day: timeOfDay, keep, updated_by: employeeId, updated_at: new Date() }),
      )
      .execute();
  },

  /** The backups' key set from the app: its public recipient and salt, or undefined. */
  async passphraseKey(db: Executor): Promise<{ recipient: string; salt: string } | undefined> {
    const row = await db
      .selectFrom('backup_settings')
      .select(['key_recipient', 'key_salt'])
      .where('key_recipient', 'is not', null)
      .executeTakeFirst();
    return row?.key_recipient && row.key_salt ? { recipient: row.key_recipient, salt: row.key_salt } : undefined;
  },

  /** Keeps the key's public recipient and salt (the schedule's defaults when none was saved yet). */
  async savePassphraseKey(
    db: Executor,
    employeeId: number | null,
    key: { recipient: string; salt: string },
    defaults: { timeOfDay: string; keep: number },
  ): Promise<void> {
    const values = { key_recipient: key.recipient, key_salt: key.salt, key_set_by: employeeId, key_set_at: new Date() };
    await db
      .insertInto('backup_settings')
      .values({ id: 1, time_of_day: defaults.timeOfDay, keep: defaults.keep, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },

  async recordRun(db: Executor, run: RunRecord): Promise<void> {
    await db
      .insertInto('backup_runs')
      .values({
        kind: run.kind,
        slot: run.slot,
        started_at: run.startedAt,
        file_name: run.name,
        size_bytes: run.size,
        error: run.error,
      })
      .execute();
  },

  async lastRun(db: Executor): Promise<BackupRun | null> {
    const row = await db
      .selectFrom('backup_runs')
      .select(['kind', 'started_at', 'finished_at', 'file_name', 'size_bytes', 'error'])
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      kind: row.kind as BackupKind,
      startedAt: new Date(row.started_at).toISOString(),
      finishedAt: new Date(row.finished_at).toISOString(),
      name: row.file_name,
      size: row.size_bytes === null ? null : Number(row.size_bytes),
      error: row.error,
    };
  },

  /** Whether the scheduled backup of `slot` is done, or failed less than `retryAfterMs` ago (wait then). */
  async slotSettled(db: Executor, slot: string, now: Date, retryAfterMs: number): Promise<boolean> {
    const row = await db
      .selectFrom('backup_runs')
      .select('id')
      .where('kind', '=', 'scheduled')
      .where(sql<boolean>`slot = ${slot}::date`)
      .where((eb) => eb.or([eb('error', 'is', null), eb('finished_at', '>', new Date(now.getTime() - retryAfterMs))]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};

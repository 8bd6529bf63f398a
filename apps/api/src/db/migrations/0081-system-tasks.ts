import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The scheduled work, visible (issue 43 §1, decision 0061): one row per task (the daily backup, the notes emitted and
 * sent by themselves, the embedded database's nightly maintenance) with when a process last looked whether it was
 * due, its last run, what it did or why it failed, and its counts. Written by whichever process runs the scheduled
 * work (`all` or `worker`), read by 'Configurações' › 'Tarefas do sistema'.
 */
export const systemTasks: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table system_tasks (
        task text primary key,
        last_checked_at timestamptz not null,
        checked_by text not null,
        last_run_at timestamptz,
        last_outcome text check (last_outcome in ('ok', 'failed')),
        last_summary text,
        last_error text,
        last_failed_at timestamptz,
        runs integer not null default 0,
        failures integer not null default 0
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table system_tasks']);
  },
};

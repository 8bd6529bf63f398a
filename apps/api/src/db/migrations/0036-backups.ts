import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Backups (issue 21 §3): the schedule 'Configurações' sets (one row; without it the defaults of the contract,
 * 03:00 São Paulo and 14 kept) and every backup tried, with its result. A run is written when it ends, so a
 * backup never holds its own row half-done; the scheduled ones name their São Paulo day (`slot`), which
 * the servers sharing one PostgreSQL read, under an advisory lock, to make each day's backup once.
 */
export const backups: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table backup_settings (
        id smallint primary key default 1 check (id = 1),
        time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        keep integer not null check (keep between 1 and 365),
        updated_by integer references employees(id) on delete set null,
        updated_at timestamptz not null default now()
      )`,
      `create table backup_runs (
        id serial primary key,
        kind text not null check (kind in ('manual', 'scheduled')),
        slot date,
        started_at timestamptz not null,
        finished_at timestamptz not null default now(),
        file_name text,
        size_bytes bigint,
        error text,
        check ((file_name is null) <> (error is null)),
        check (kind = 'scheduled' or slot is null)
      )`,
      'create index backup_runs_finished on backup_runs (finished_at desc)',
      'create unique index backup_runs_slot_done on backup_runs (slot) where error is null',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table backup_runs', 'drop table backup_settings']);
  },
};

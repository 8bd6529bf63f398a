import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A task's work started outside the schedule (a manual backup, issue 53 finding 12): when, by which process (for the
 * page: host, pid, role) and who that process is (`<host>:<pid>.<start time>`, to tell it gone), written before the
 * work and cleared by its end; a start left behind is work interrupted. Such a start may be the row's first, before
 * any process of the scheduled work has looked at the task: the look's columns may be empty.
 *
 * And the backups' key set from the app (issue 53 finding 13, decision 0068): `backup_settings.key_recipient`, the
 * public `age1…` recipient of the key derived from the administrator's passphrase, `key_salt` its salt (base64), who
 * set it and when. The passphrase itself is never stored.
 */
export const systemTaskStarts: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table system_tasks add column started_at timestamptz',
      'alter table system_tasks add column started_by text',
      'alter table system_tasks add column started_owner text',
      'alter table system_tasks alter column last_checked_at drop not null',
      'alter table system_tasks alter column checked_by drop not null',
      `alter table backup_settings add column key_recipient text check (key_recipient ~ '^age1[0-9a-z]{58}$')`,
      'alter table backup_settings add column key_salt text',
      'alter table backup_settings add column key_set_by integer references employees(id) on delete set null',
      'alter table backup_settings add column key_set_at timestamptz',
      `alter table backup_settings add constraint backup_settings_key check ((key_recipient is null) = (key_salt is null))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table backup_settings drop constraint backup_settings_key',
      'alter table backup_settings drop column key_set_at',
      'alter table backup_settings drop column key_set_by',
      'alter table backup_settings drop column key_salt',
      'alter table backup_settings drop column key_recipient',
      'delete from system_tasks where last_checked_at is null',
      'alter table system_tasks alter column checked_by set not null',
      'alter table system_tasks alter column last_checked_at set not null',
      'alter table system_tasks drop column started_owner',
      'alter table system_tasks drop column started_by',
      'alter table system_tasks drop column started_at',
    ]);
  },
};

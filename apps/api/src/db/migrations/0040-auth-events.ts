import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * What the auth hook keeps of an employee (blocked, token version, function, the role's permissions) may be
 * kept by every API process (decision 0027): a statement that changes one of those columns, removes an employee
 * or changes or removes a role is announced on the PostgreSQL channel `auth_events`, which each process's
 * listener (modules/events) hears; the process then forgets every status it kept. Statement-level: one
 * notification per statement, however many rows. NOTIFY is delivered at commit, so a rolled-back change
 * announces nothing.
 *
 * Payload (JSON text): `{ schema }`, so that a process ignores another schema of the same database (tests,
 * benchmarks).
 */
const CHANNEL = 'auth_events';

export const authEvents: Migration = {
  async up(db) {
    await runStatements(db, [
      `create function notify_auth_change() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify('${CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA)::text);
        return null;
      end $fn$`,
      `create trigger employees_notify_auth after update of blocked, token_version, role_id, func on employees
        for each statement execute function notify_auth_change()`,
      `create trigger employees_notify_auth_delete after delete on employees
        for each statement execute function notify_auth_change()`,
      `create trigger roles_notify_auth after update of permissions or delete on roles
        for each statement execute function notify_auth_change()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger roles_notify_auth on roles',
      'drop trigger employees_notify_auth_delete on employees',
      'drop trigger employees_notify_auth on employees',
      'drop function notify_auth_change()',
    ]);
  },
};

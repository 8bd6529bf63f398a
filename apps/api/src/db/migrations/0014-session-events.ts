import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Sessions that end reach every API process (issue 15, docs/architecture.md "Live updates"): raising an
 * employee's `token_version` (sign-out, password change, block) or blocking them is announced on the
 * PostgreSQL channel `session_events`, which each process's order-events listener also LISTENs to; it ends
 * that employee's open event streams at once instead of when they time out. NOTIFY is delivered at commit,
 * so a rolled-back change ends nothing.
 *
 * Payload (JSON text, read by modules/events): `{ schema, employeeId, tokenVersion, blocked }`. `schema`
 * lets a process ignore the employees of another schema in the same database (tests, benchmarks).
 */
const CHANNEL = 'session_events';

export const sessionEvents: Migration = {
  async up(db) {
    await runStatements(db, [
      `create function employees_notify_session() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify('${CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA, 'employeeId', new.id,
          'tokenVersion', new.token_version, 'blocked', new.blocked)::text);
        return null;
      end $fn$`,
      `create trigger employees_notify_session after update of token_version, blocked on employees
        for each row when (old.token_version is distinct from new.token_version or (new.blocked and not old.blocked))
        execute function employees_notify_session()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger employees_notify_session on employees',
      'drop function employees_notify_session()',
    ]);
  },
};

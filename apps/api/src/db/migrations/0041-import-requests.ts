import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Idempotent spreadsheet imports (issue 34 §2), as the order moves' `order_move_requests` (0024): an import
 * confirmed with an `Idempotency-Key` claims the key in its own transaction, so the same import sent again
 * (a retry after a lost answer, five clicks at once) writes once and every retry gets the first answer;
 * the key sent with another file, mapping or options is refused. `answer` is the import's answer, written
 * in the claiming transaction (null only inside it); a confirm that wrote nothing keeps no row.
 */
export const importRequests: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table import_requests (
        idempotency_key text primary key,
        employee_id integer not null references employees (id),
        kind text not null,
        request_hash text not null,
        answer jsonb,
        created_at timestamptz not null default now()
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table import_requests']);
  },
};

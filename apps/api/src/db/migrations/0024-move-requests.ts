import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Idempotent order moves (issue 19 §5): a move sent with an `Idempotency-Key` claims the key in its own
 * transaction, so the same move sent again (a phone that lost the answer and retries, a queue replayed)
 * happens once; the key sent with another move or order is refused.
 */
export const moveRequests: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_move_requests (
        idempotency_key text primary key,
        employee_id integer not null references employees (id),
        command text not null,
        order_id integer not null references orders (id),
        request_hash text not null,
        created_at timestamptz not null default now()
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table order_move_requests']);
  },
};

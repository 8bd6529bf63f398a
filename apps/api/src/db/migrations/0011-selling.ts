import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Internal selling (issue 10): one row per checkout attempt, keyed by the UUID the client makes for the
 * attempt. Written first in the checkout's transaction, so two identical requests racing queue on the
 * primary key: the second sees the first's order and answers its code (one order, never two). A checkout
 * that fails rolls its row back with everything else, so the same key can be tried again.
 */
export const selling: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table checkout_requests (
        idempotency_key uuid primary key,
        customer_id integer not null references customers(id) on delete cascade,
        employee_id integer references employees(id) on delete set null,
        request_hash text not null,
        order_id integer references orders(id) on delete set null,
        created_at timestamptz not null default now()
      )`,
      'create index checkout_requests_order on checkout_requests (order_id)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table checkout_requests']);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Courier runs (issue 19): one run per courier and departure, the orders it carries (an order is in at
 * most one open run: a second dispatcher's assignment is refused), and its settlement when the courier is
 * back ('acerto do motoboy': the cash expected by the server, the cash declared, the note on a difference).
 */
export const courierRuns: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table courier_runs (
        id integer generated always as identity primary key,
        deliverer_id integer not null references employees (id),
        departure_at timestamptz not null,
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        settled_at timestamptz,
        settled_by integer references employees (id),
        expected_cash_cents integer check (expected_cash_cents >= 0),
        declared_cash_cents integer check (declared_cash_cents >= 0),
        settlement_note text,
        delivered_count integer,
        brought_back_count integer,
        unique (deliverer_id, departure_at),
        check ((settled_at is null) = (declared_cash_cents is null))
      )`,
      `create table courier_run_orders (
        run_id integer not null references courier_runs (id),
        order_id integer not null references orders (id),
        position integer not null,
        primary key (run_id, order_id)
      )`,
      'create index courier_run_orders_order on courier_run_orders (order_id)',
      'create index courier_runs_departure on courier_runs (departure_at)',
      'create index courier_runs_settled on courier_runs (settled_at) where settled_at is not null',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table courier_run_orders', 'drop table courier_runs']);
  },
};

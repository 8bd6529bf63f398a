import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * When an order first reached 'Aguardando estoquista' (1), kept on the order (issue 59): 'Fluxo de caixa' counts a
 * whole order's transfer or Pix approved by hand on that day, and found it by joining every such order with every
 * history row of status 1 for "no earlier one" (330–530 ms at a tenth of a big shop's size, decision 0093). Now a
 * range of a partial index of the Pix and transfer orders by that instant.
 *
 * Kept by statement triggers on `order_status_history` (insert, update, delete: the workflow, the seed's bulk
 * inserts, a history row moved in time), recomputed for the orders whose history changed, as migration 0048 keeps
 * `status_since`.
 */
const FIRST_ARRIVAL = (order: string) => `(select min(h.created_at) from order_status_history h
  where h.order_id = ${order}.id and h.status = 1)`;

export const stockerArrival: Migration = {
  async up(db) {
    await runStatements(db, [
      // 0112's index of the history's first arrivals is read by nothing now.
      'drop index order_status_history_stocker',
      'alter table orders add column stocker_arrived_at timestamptz',
      `update orders o set stocker_arrived_at = ${FIRST_ARRIVAL('o')}
        where exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 1)`,
      `create index orders_stocker_arrived_paid_by_hand on orders (stocker_arrived_at)
        where payment_method in ('PIX', 'BANK_TRANSFER') and stocker_arrived_at is not null`,
      `create function orders_stocker_arrival() returns trigger language plpgsql as $fn$
      begin
        update orders o set stocker_arrived_at = ${FIRST_ARRIVAL('o')}
          where o.id in (select order_id from changed_rows where status = 1)
            and o.stocker_arrived_at is distinct from ${FIRST_ARRIVAL('o')};
        return null;
      end $fn$`,
      `create trigger order_status_history_stocker_insert after insert on order_status_history
        referencing new table as changed_rows for each statement execute function orders_stocker_arrival()`,
      `create trigger order_status_history_stocker_update after update on order_status_history
        referencing new table as changed_rows for each statement execute function orders_stocker_arrival()`,
      `create trigger order_status_history_stocker_delete after delete on order_status_history
        referencing old table as changed_rows for each statement execute function orders_stocker_arrival()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger order_status_history_stocker_delete on order_status_history',
      'drop trigger order_status_history_stocker_update on order_status_history',
      'drop trigger order_status_history_stocker_insert on order_status_history',
      'drop function orders_stocker_arrival()',
      'drop index orders_stocker_arrived_paid_by_hand',
      'alter table orders drop column stocker_arrived_at',
      'create index order_status_history_stocker on order_status_history (created_at) where status = 1',
    ]);
  },
};

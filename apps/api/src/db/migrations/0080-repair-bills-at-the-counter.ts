import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A repair's bill waits at the counter, never for a stocker (decision 0060): the bills placed before it that still
 * wait in 'Aguardando estoquista' (1) move on to 'Aguardando cliente' (6) as the system's 'awaitPickup' move would,
 * each with its history row and its audit row (by no employee), so the repair's delivery can finalize them.
 */
export const repairBillsAtTheCounter: Migration = {
  async up(db) {
    await runStatements(db, [
      `with moved as (
         update orders set status = 6, updated_at = now() where repair_id is not null and status = 1
         returning id, code
       ), history as (
         insert into order_status_history (order_id, status, employee_id, note) select id, 6, null, null from moved
       )
       insert into audit_events (employee_id, entity, entity_id, action, changes)
         select null, 'order', code, 'awaitPickup', '{"status":{"from":1,"to":6}}' from moved`,
    ]);
  },
  async down() {
    // Nothing to undo: a bill at the counter is where the earlier code's stocker would have taken it.
  },
};

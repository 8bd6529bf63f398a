import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 35 §6 and §9 (decision 0039).
 * - Who received a delivery, written with the signature: the name and, when given, the document's digits (CPF
 *   or RG). Orders delivered before have neither.
 * - Each time a ledger row names a unit, when it did (`stock_movement_units.created_at`): a unit named at
 *   packing joins the checkout's SALE row, written when the order was placed, so its 'Vendido' read the
 *   placing's time (before the phone's own entry, for a phone that came in after the sale). Rows named before
 *   take their row's time, a packing's its order's packing (its first Aguardando motoboy, Entrega imediata or
 *   Aguardando cliente after the sale).
 */
export const deliveryReceiver: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table orders add column receiver_name text',
      'alter table orders add column receiver_document text',
      'alter table stock_movement_units add column created_at timestamptz',
      `update stock_movement_units mu
          set created_at = coalesce(
            case when m.kind = 'SALE' then
              (select min(h.created_at) from order_status_history h
                where h.order_id = m.order_id and h.status in (3, 6, 15) and h.created_at >= m.created_at)
            end,
            m.created_at)
         from stock_movements m
        where m.id = mu.movement_id`,
      'alter table stock_movement_units alter column created_at set default now()',
      'alter table stock_movement_units alter column created_at set not null',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table stock_movement_units drop column created_at',
      'alter table orders drop column receiver_document',
      'alter table orders drop column receiver_name',
    ]);
  },
};

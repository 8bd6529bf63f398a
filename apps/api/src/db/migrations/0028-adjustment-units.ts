import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Exchanges and returns, registered (issue 17 §5, decision 0012). Each row of `order_adjustments` is one
 * line of one registration: the unit that came back (serialized products), the replacement given in an
 * exchange (its product, unit and its price for the customer's level) and the money difference of the line
 * (positive: the customer pays; negative: the customer is refunded). `registration` groups the lines
 * registered together (one POST /orders/adjustments).
 *
 * A ledger row that names a unit may say what it did to the unit (`stock_movement_units.event`): RETURNED
 * (came back, in analysis: no stock change), RELEASED (back on sale, +1) or WRITTEN_OFF, so the unit's
 * history tells them apart.
 */
export const adjustmentUnits: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table order_adjustments add column unit_id integer references product_units(id) on delete set null`,
      `alter table order_adjustments add column replacement_product_id integer references products(id) on delete restrict`,
      `alter table order_adjustments add column replacement_unit_id integer references product_units(id) on delete set null`,
      `alter table order_adjustments add column replacement_unit_price_cents integer check (replacement_unit_price_cents >= 0)`,
      `alter table order_adjustments add column difference_cents integer`,
      `alter table order_adjustments add column registration uuid`,
      `create index order_adjustments_unit on order_adjustments (unit_id) where unit_id is not null`,
      `create index order_adjustments_registration on order_adjustments (registration) where registration is not null`,
      `alter table stock_movement_units add column event text check (event in ('RETURNED', 'RELEASED', 'WRITTEN_OFF'))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table stock_movement_units drop column event',
      'drop index order_adjustments_registration',
      'drop index order_adjustments_unit',
      'alter table order_adjustments drop column registration',
      'alter table order_adjustments drop column difference_cents',
      'alter table order_adjustments drop column replacement_unit_price_cents',
      'alter table order_adjustments drop column replacement_unit_id',
      'alter table order_adjustments drop column replacement_product_id',
      'alter table order_adjustments drop column unit_id',
    ]);
  },
};

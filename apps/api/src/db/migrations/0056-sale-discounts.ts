import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 38 §3 (decision 0041): discounts at sale time.
 * - Each role's maximum discount, in hundredths of a percent (700 = 7 %), 0 by default (full:access is
 *   unlimited whatever it says).
 * - Each order item's discount in cents: its own plus its share of the order's (`applyDiscounts` of the
 *   contract); the order's `discount_cents` (there since the first schema, always 0 until now) is their sum.
 */
export const saleDiscounts: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table roles add column max_discount_hundredths integer not null default 0
        constraint roles_max_discount_range check (max_discount_hundredths between 0 and 10000)`,
      `alter table order_items add column discount_cents integer not null default 0
        constraint order_items_discount_range check (discount_cents >= 0 and discount_cents <= total_cents)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table order_items drop column discount_cents',
      'alter table roles drop column max_discount_hundredths',
    ]);
  },
};

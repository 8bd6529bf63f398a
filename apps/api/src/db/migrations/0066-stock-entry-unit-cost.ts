import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The weighted average cost (issue 39, decision 0046): a stock entry no longer replaces the product's cost, it
 * averages it with the cost of the units arriving. The ledger keeps that unit cost beside the costs before and
 * after. Until now an entry's line cost became the product's cost, so an earlier entry's unit cost is its
 * cost after: carried over for the rows that brought units in.
 */
export const stockEntryUnitCost: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table stock_movements add column entry_unit_cost_cents integer
         check (entry_unit_cost_cents >= 0)`,
      `update stock_movements set entry_unit_cost_cents = cost_after_cents
         where kind = 'PURCHASE' and quantity_in > 0`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table stock_movements drop column entry_unit_cost_cents']);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * 'Balcão' (issue 54 §1, decision 0074): an order sold and handed over at the counter in one call. It skips
 * separation and packing (the system's 'awaitPickup' move, as a repair's bill does) and is finalized at once, so
 * the workflow needs to know it: `sold_at_counter`.
 */
export const counterSales: Migration = {
  async up(db) {
    await runStatements(db, ['alter table orders add column sold_at_counter boolean not null default false']);
  },
  async down(db) {
    await runStatements(db, ['alter table orders drop column sold_at_counter']);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A customers search in the default order (issue 22 §2): the page walks the (status, name, id) index and
 * keeps the customers whose `search_text` matches, stopping after a page of them. With `search_text` in
 * the index (INCLUDE) that walk is index-only; before, it read each customer's row to test it ('silva' at
 * scale 100: 1,130 entries walked, 0.26 ms instead of 1.3 ms, EXPLAIN ANALYZE). Same name, same key order.
 */
export const customersNameIndexWithSearch: Migration = {
  async up(db) {
    await runStatements(db, [
      'drop index customers_status_name_id',
      'create index customers_status_name_id on customers (status, name, id) include (search_text)',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index customers_status_name_id',
      'create index customers_status_name_id on customers (status, name, id)',
    ]);
  },
};

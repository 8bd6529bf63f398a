import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A product search in the list's order (issue 36): the page walks the (archived, name, id) index and keeps the
 * products whose `search_text` matches, and the bounded count walks it to the 1,001st match. With `search_text`
 * in the index (INCLUDE) both walks are index-only; before, each entry walked read its product's row to test it
 * (as migration 0039 did for customers). Same name, same key order.
 */
export const productsNameIndexWithSearch: Migration = {
  async up(db) {
    await runStatements(db, [
      'drop index products_active_name',
      'create index products_active_name on products (archived, name, id) include (search_text)',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index products_active_name',
      'create index products_active_name on products (archived, name, id)',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The orders screen and API at scale (issue 9): search by code ignoring case and the dash, through the
 * same expression the repository compares (`upper(replace(code, '-', ''))`). The status cards and the
 * paged lists use `orders_status_updated (status, updated_at desc, id desc)` of migration 0002.
 */
export const orders: Migration = {
  async up(db) {
    await runStatements(db, [`create index orders_code_normalized on orders ((upper(replace(code, '-', ''))))`]);
  },
  async down(db) {
    await runStatements(db, ['drop index orders_code_normalized']);
  },
};

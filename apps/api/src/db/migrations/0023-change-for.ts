import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * 'Troco para' (issue 19 §4): the note a customer paying cash on delivery will pay with, so the courier
 * leaves with the change. Null when none was given (or the order is not paid in cash).
 */
export const changeFor: Migration = {
  async up(db) {
    await runStatements(db, ['alter table orders add column change_for_cents integer check (change_for_cents > 0)']);
  },
  async down(db) {
    await runStatements(db, ['alter table orders drop column change_for_cents']);
  },
};

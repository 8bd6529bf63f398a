import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A used phone's evaluation and a repair's service order are created once per Idempotency-Key (issue 42, the
 * review): the same POST sent again after a lost answer (with its photos) answers the first, instead of a second.
 */
export const creationKeys: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table trade_ins add column idempotency_key text unique',
      'alter table repairs add column idempotency_key text unique',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table repairs drop column idempotency_key',
      'alter table trade_ins drop column idempotency_key',
    ]);
  },
};

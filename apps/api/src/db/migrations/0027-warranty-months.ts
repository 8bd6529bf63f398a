import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A product's warranty (issue 17 §4): how many months a unit is covered from its delivery. 12 unless told;
 * never under the consumer code's 90 days (3 months), at most 10 years.
 */
export const warrantyMonths: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table products add column warranty_months integer not null default 12 check (warranty_months between 3 and 120)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table products drop column warranty_months']);
  },
};

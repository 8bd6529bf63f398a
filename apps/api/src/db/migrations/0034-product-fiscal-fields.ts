import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A product's fiscal fields (issue 21 §2, decision 0020), for invoices issued later by a provider: NCM (8
 * digits), CEST (7 digits), commercial unit (1 to 6 letters A–Z) and ICMS origin (0 to 8). Optional: every
 * product already held has none (null). The checks repeat the contract's formats (`fiscal.ts`) so that no
 * writer can store a malformed code.
 */
export const productFiscalFields: Migration = {
  async up(db) {
    await runStatements(db, [
      "alter table products add column ncm text check (ncm ~ '^[0-9]{8}$')",
      "alter table products add column cest text check (cest ~ '^[0-9]{7}$')",
      "alter table products add column unit text check (unit ~ '^[A-Z]{1,6}$')",
      'alter table products add column origin smallint check (origin between 0 and 8)',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table products drop column origin',
      'alter table products drop column unit',
      'alter table products drop column cest',
      'alter table products drop column ncm',
    ]);
  },
};

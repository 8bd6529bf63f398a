import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The customer's state registration ('Inscrição estadual', issue 41): an NF-e to a company that pays ICMS carries
 * its IE (indIEDest 1), 'ISENTO' says it is exempt (2), none a non-taxpayer (9). Stored as the contract normalises
 * it: digits only (2 to 14), or 'ISENTO'; null when the customer has none.
 */
export const customerStateRegistration: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table customers add column state_registration text
         constraint customers_state_registration_format
         check (state_registration = 'ISENTO' or state_registration ~ '^[0-9]{2,14}$')`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table customers drop column state_registration']);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Quotes, after their first review (decision 0043):
 * - A customer deleted (section 7's DELETE /customers/{id}, allowed only without orders) takes his quotes with him:
 *   a converted quote has an order, so only open, expired or cancelled ones can go. The foreign key had no rule,
 *   and a customer with a quote was a 500.
 * - `idempotency_key`: POST /quotes sent again with the same `Idempotency-Key` answers the quote it saved (a
 *   retry after a lost answer found the cart emptied, or saved a second quote from the same lines).
 */
export const quotesKeyedAndDeletedWithCustomer: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table quotes drop constraint quotes_customer_id_fkey',
      'alter table quotes add constraint quotes_customer_id_fkey foreign key (customer_id) references customers (id) on delete cascade',
      'alter table quotes add column idempotency_key text unique',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table quotes drop column idempotency_key',
      'alter table quotes drop constraint quotes_customer_id_fkey',
      'alter table quotes add constraint quotes_customer_id_fkey foreign key (customer_id) references customers (id)',
    ]);
  },
};

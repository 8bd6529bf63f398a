import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * 'Balcão' on credit beside other payments (decision 0078): the part of an order's total sold on credit, when it is
 * not the whole (a counter sale paid partly in cash, card, Pix or a used phone, the rest 'A prazo'). Null: the whole
 * total, as every sale on credit before. Its instalments split it, and the customer's exposure counts it.
 */
export const counterCreditPart: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table orders add column credit_cents integer',
      'alter table orders add constraint orders_credit_cents_positive check (credit_cents is null or credit_cents > 0)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table orders drop column credit_cents']);
  },
};

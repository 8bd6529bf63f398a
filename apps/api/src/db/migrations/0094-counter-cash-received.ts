import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The counter's receipt (issue 54 §1, decision 0074): a cash part taken at 'Balcão' keeps its 'valor recebido',
 * what the customer handed over (at least the part; the change is the rest), so the 'Comprovante de venda' prints
 * the cash received and the change. Null for every other part and for the counter's sales before it.
 */
export const counterCashReceived: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table order_payments add column received_cents integer',
      `alter table order_payments add constraint order_payments_received_covers
        check (received_cents is null or (method = 'CASH' and received_cents >= amount_cents))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table order_payments drop constraint order_payments_received_covers',
      'alter table order_payments drop column received_cents',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A Pix pays one part at most (decision 0042), and the parts are found by the Pix that paid them: whether a Pix
 * received is an order's whole Pix or a part's (`ofOrder`, on every order's details and every part added), and
 * which part a Pix given back reverses. Migration 0057 made neither an index: each read scanned the parts.
 */
export const orderPaymentsByPix: Migration = {
  async up(db) {
    await runStatements(db, [
      'create unique index order_payments_end_to_end on order_payments (end_to_end_id) where end_to_end_id is not null',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index order_payments_end_to_end']);
  },
};

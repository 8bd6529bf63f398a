import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 35 §4 (decision 0037): a Pix the bank confirmed that waits for an employee's click ('Pix automático'
 * off) is a bell item and a chip on its order. The bell reads them every minute on every screen, so they come
 * from a partial index of the few Pix matched to an order, not yet confirmed and not given back (a confirmed
 * or refunded Pix leaves it). The bell's trigger on pix_received also rings when a Pix is confirmed.
 */
export const pixWaiting: Migration = {
  async up(db) {
    await runStatements(db, [
      `create index pix_received_waiting on pix_received (received_at desc, end_to_end_id) include (order_id)
         where order_id is not null and confirmed_at is null and refunded_cents = 0`,
      'drop trigger pix_received_notify_bell on pix_received',
      `create trigger pix_received_notify_bell after insert or update of order_id, refunded_cents, confirmed_at
         on pix_received for each row execute function notify_bell()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger pix_received_notify_bell on pix_received',
      `create trigger pix_received_notify_bell after insert or update of order_id, refunded_cents on pix_received
         for each row execute function notify_bell()`,
      'drop index pix_received_waiting',
    ]);
  },
};

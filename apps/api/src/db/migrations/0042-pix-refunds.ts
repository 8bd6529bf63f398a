import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 34 §3 (decision 0032):
 * - A Pix the bank gave back to its payer (`devolucoes` of the webhook, DEVOLVIDO): `refunded_cents` (in
 *   all, never above the Pix) and `refunded_at` (the last refund settled); a partial index for the bell's
 *   `pix_refunded` notifications, and the bell's trigger on pix_received also rings on a refund.
 * - E2E ids are kept and compared in upper case: the ones stored before are upper-cased (one per upper-case
 *   form: a second spelling of an id already kept, which the old comparison let in, stays as it was).
 */
export const pixRefunds: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table pix_received
         add column refunded_cents integer not null default 0
           check (refunded_cents >= 0 and refunded_cents <= amount_cents),
         add column refunded_at timestamptz`,
      `create index pix_received_refunded on pix_received (refunded_at desc, end_to_end_id)
         where refunded_at is not null`,
      'drop trigger pix_received_notify_bell on pix_received',
      `create trigger pix_received_notify_bell after insert or update of order_id, refunded_cents on pix_received
         for each row execute function notify_bell()`,
      `update pix_received p set end_to_end_id = upper(p.end_to_end_id)
         where p.end_to_end_id <> upper(p.end_to_end_id)
           and p.end_to_end_id = (select min(q.end_to_end_id) from pix_received q
                                  where upper(q.end_to_end_id) = upper(p.end_to_end_id))
           and not exists (select 1 from pix_received q where q.end_to_end_id = upper(p.end_to_end_id))`,
      `update orders o set proof_end_to_end_id = upper(o.proof_end_to_end_id)
         where o.proof_end_to_end_id <> upper(o.proof_end_to_end_id)
           and o.proof_end_to_end_id = (select min(q.proof_end_to_end_id) from orders q
                                        where upper(q.proof_end_to_end_id) = upper(o.proof_end_to_end_id))
           and not exists (select 1 from orders q where q.proof_end_to_end_id = upper(o.proof_end_to_end_id))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger pix_received_notify_bell on pix_received',
      `create trigger pix_received_notify_bell after insert or update of order_id on pix_received
         for each row execute function notify_bell()`,
      'drop index pix_received_refunded',
      'alter table pix_received drop column refunded_at, drop column refunded_cents',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Payments confirmed by the bank (issue 18): the Pix the bank's webhook tells us of, each stored once by
 * its E2E id (a replay changes nothing), with the order it paid or why it paid none; and the webhook's
 * secret (the last part of the URL the bank calls), made once and renewable, in the company's settings.
 *
 * A partial unique index lets an order be paid by one Pix only: a second one for the same order is
 * stored as not identified (ALREADY_PAID).
 */
export const pixReceived: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table company_settings add column pix_webhook_secret text',
      `create table pix_received (
        end_to_end_id text primary key check (end_to_end_id ~ '^[A-Za-z0-9]{32}$'),
        txid text check (txid ~ '^[A-Za-z0-9]{1,35}$'),
        amount_cents integer not null check (amount_cents >= 0),
        paid_at timestamptz not null,
        payer text,
        order_id integer references orders (id),
        unmatched_reason text
          check (unmatched_reason in ('NO_TXID', 'UNKNOWN_TXID', 'AMOUNT_MISMATCH', 'NOT_WAITING', 'ALREADY_PAID')),
        confirmed_at timestamptz,
        matched_by integer references employees (id),
        received_at timestamptz not null default now(),
        check ((order_id is null) <> (unmatched_reason is null))
      )`,
      'create unique index pix_received_order on pix_received (order_id) where order_id is not null',
      'create index pix_received_recent on pix_received (received_at desc, end_to_end_id)',
      'create index pix_received_unmatched on pix_received (received_at desc, end_to_end_id) where order_id is null',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table pix_received', 'alter table company_settings drop column pix_webhook_secret']);
  },
};

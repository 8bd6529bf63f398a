import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Cancelling a quote (decision 0043): who cancelled it, when, why, and the `Idempotency-Key` of the call (the
 * same key sent again answers the cancelled quote; another call is 409). Only a cancelled quote has them.
 */
export const quotesCancelled: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table quotes add column cancelled_by integer references employees (id) on delete set null',
      'alter table quotes add column cancelled_at timestamptz',
      'alter table quotes add column cancel_reason text check (length(cancel_reason) between 3 and 300)',
      'alter table quotes add column cancel_key text unique',
      `alter table quotes add constraint quotes_cancelled_only
        check (status = 'CANCELLED' or (cancelled_at is null and cancel_reason is null and cancel_key is null))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table quotes drop constraint quotes_cancelled_only',
      'alter table quotes drop column cancel_key',
      'alter table quotes drop column cancel_reason',
      'alter table quotes drop column cancelled_at',
      'alter table quotes drop column cancelled_by',
    ]);
  },
};

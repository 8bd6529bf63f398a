import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Reviewing a payment proof (issue 18): the E2E id an attendant read off the proof when approving it, at
 * most one order per id (a real receipt shown for two orders is refused); and a perceptual hash of each
 * proof picture (a difference hash of its pixels, 16 hex digits), so the same picture sent for another
 * order is flagged even after re-encoding.
 */
export const paymentProofs: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table orders add column proof_end_to_end_id text
         check (proof_end_to_end_id ~ '^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$')`,
      'create unique index orders_proof_end_to_end_id on orders (proof_end_to_end_id) where proof_end_to_end_id is not null',
      `alter table order_images add column phash text check (phash ~ '^[0-9a-f]{16}$')`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table order_images drop column phash',
      'drop index orders_proof_end_to_end_id',
      'alter table orders drop column proof_end_to_end_id',
    ]);
  },
};

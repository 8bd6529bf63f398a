import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Issue 34 §3 (decision 0032): a payment proof sent again resized, with a border, cropped, turned a little
 * or mirrored is flagged as a near match for review. Each proof keeps `near_hashes` (the difference hash of
 * the picture without an added frame, and of its mirror image); a proof is compared with the most recent
 * other proofs, read newest first through this index. Proofs stored before have none (they are still
 * compared by `phash`, the same-picture check).
 */
export const receiptNearHashes: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table order_images add column near_hashes text[]',
      `create index order_images_recent_near_receipts on order_images (created_at desc, id desc)
         where kind = 'RECEIPT' and near_hashes is not null`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index order_images_recent_near_receipts',
      'alter table order_images drop column near_hashes',
    ]);
  },
};

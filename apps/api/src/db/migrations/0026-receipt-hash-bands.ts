import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/** `substring` of the 64 bits of a 16-hex-digit hash, from bit `from` (1-based), `length` bits. */
const band = (index: number, from: number, length: number) =>
  `'${index}:' || substring(('x' || phash)::bit(64)::text from ${from} for ${length})`;

/**
 * Finding the proof that is the same picture without reading every other proof (issue 18 review): each
 * proof's perceptual hash is cut into 7 bands (10 bits, then six of 9). Two hashes at most 6 bits apart
 * share at least one band whole (7 bands, at most 6 of them touched), so the candidates are the proofs
 * sharing a band, found through a GIN index; the distance is then checked on those few. Existing proofs
 * get their bands here (in SQL: a migration never imports live code).
 */
export const receiptHashBands: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table order_images add column phash_bands text[]',
      `update order_images set phash_bands = array[
         ${band(0, 1, 10)}, ${band(1, 11, 9)}, ${band(2, 20, 9)}, ${band(3, 29, 9)},
         ${band(4, 38, 9)}, ${band(5, 47, 9)}, ${band(6, 56, 9)}]
       where phash is not null and phash <> '0000000000000000'`,
      `create index order_images_phash_bands on order_images using gin (phash_bands) where kind = 'RECEIPT'`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index order_images_phash_bands',
      'alter table order_images drop column phash_bands',
    ]);
  },
};

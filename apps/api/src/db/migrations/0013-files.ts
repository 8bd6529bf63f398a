import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Files live in PostgreSQL (issue 15, part 7): one row per distinct content, keyed by its SHA-256, so
 * replicas share nothing but the database. `product_images.path` and `order_images.path` hold the key
 * `<folder>/<sha256>.<extension>` (lib/storage.ts); identical pictures are stored once.
 *
 * `bootstrap_steps` records one-time steps that need more than SQL (the move of the files of
 * `DATA_DIR/files` into this table, db/files-from-disk.ts), so each runs once per database.
 *
 * The index on `product_images.path` lets the file route answer "is this a product picture?" (public)
 * at once.
 */
export const files: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table files (
        hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
        content_type text not null,
        size integer not null check (size >= 0),
        data bytea not null,
        created_at timestamptz not null default now()
      )`,
      `create table bootstrap_steps (
        name text primary key,
        done_at timestamptz not null default now(),
        details jsonb
      )`,
      'create index product_images_path on product_images (path)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index product_images_path', 'drop table bootstrap_steps', 'drop table files']);
  },
};

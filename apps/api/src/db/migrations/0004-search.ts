import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Searches that do not read the whole table (issue 8 §5): GIN trigram indexes over the accent-free,
 * lower-case `search_text` of customers and products serve `like '%term%'` for terms of 3 characters or
 * more; (status, name, id) lets a customers page pick its ids from the index alone.
 *
 * pg_trgm is created in `public`, not in the current schema: tests and benchmarks each migrate a schema
 * of their own in one database and drop it with `cascade` when done, which must not take the extension
 * (and every other schema's indexes) with it. The operator class is therefore named with its schema.
 */
async function trigramOps(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
}

export const search: Migration = {
  async up(db) {
    await runStatements(db, ['create extension if not exists pg_trgm with schema public']);
    const ops = await trigramOps(db);
    await runStatements(db, [
      `create index customers_search_trgm on customers using gin (search_text ${ops})`,
      `create index products_search_trgm on products using gin (search_text ${ops})`,
      'create index customers_status_name_id on customers (status, name, id)',
      'create index customers_status_created on customers (status, created_at, id)',
      'drop index customers_status',
    ]);
  },
  async down(db) {
    // The extension stays: other schemas of the same database may use it.
    await runStatements(db, [
      'create index customers_status on customers (status, name)',
      'drop index customers_status_created',
      'drop index customers_status_name_id',
      'drop index products_search_trgm',
      'drop index customers_search_trgm',
    ]);
  },
};

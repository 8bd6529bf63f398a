import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The command palette's search (issue 20 §2) reads indexes only:
 * - `unit_imeis_prefix`: an IMEI typed in part (its first digits) is a `like 'digits%'`, which the primary
 *   key serves only under the C collation; text_pattern_ops serves it under any.
 * - `employees_name_trgm`: employees by any part of their name, accent- and case-free. `unaccent` is not
 *   immutable, so the index is over `translate(lower(name), …)` with the accented letters of Portuguese
 *   (the repository's EMPLOYEE_NAME_FOLD writes the same expression).
 * Orders by code (0006's expression index), customers and products (0004's trigram indexes) need nothing new.
 */
async function trigramOps(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
}

export const searchIndexes: Migration = {
  async up(db) {
    const ops = await trigramOps(db);
    await runStatements(db, [
      'create index unit_imeis_prefix on unit_imeis (imei text_pattern_ops)',
      `create index employees_name_trgm on employees using gin (translate(lower(name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') ${ops})`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index employees_name_trgm', 'drop index unit_imeis_prefix']);
  },
};

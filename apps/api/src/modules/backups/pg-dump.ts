import { execFile } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { DB, EmbeddedDump } from '../../db/database';
import { PRIVATE_FILE } from '../../lib/private-files';
import { partialFile } from './backup-files';
import { backupsRepository } from './backups.repository';

const run = promisify(execFile);

/** `text` without the database address (its password). */
export const redact = (text: string, databaseUrl: string | undefined) =>
  databaseUrl ? text.split(databaseUrl).join('[DATABASE_URL]') : text;

/** Whether `pg_dump` runs here (its version answers). */
export async function hasPgDump(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL: `pg_dump -Fc` of the schema in use, and the rows of each table in the same snapshot. */
export async function pgDump(db: DB, dir: string, databaseUrl: string): Promise<EmbeddedDump> {
  const file = partialFile(dir, 'pg_dump');
  try {
    // Created private before pg_dump writes into it (it keeps the mode of a file that exists).
    await (await open(file.path, 'wx', PRIVATE_FILE)).close();
    const tables = await db.connection().execute(async (connection) => {
      await sql`begin isolation level repeatable read read only`.execute(connection);
      try {
        const { rows } = await sql<{ snapshot: string; schema: string }>`
          select pg_export_snapshot() as snapshot, current_schema() as schema`.execute(connection);
        const { snapshot, schema = 'public' } = rows[0] ?? { snapshot: '' };
        const counted = await backupsRepository.rowCounts(connection);
        // The schema the API works in: the whole database when it is `public`, only its own otherwise (tests).
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          `--snapshot=${snapshot}`,
          `--file=${file.path}`,
          ...(schema === 'public' ? [] : [`--schema=${schema}`]),
          `--dbname=${databaseUrl}`,
        ]);
        return counted;
      } finally {
        await sql`commit`.execute(connection);
      }
    });
    return { data: await readFile(file.path), tables };
  } catch (error) {
    // execFile's message repeats the command line, DATABASE_URL and its password included: pg_dump's own words only.
    const stderr = (error as { stderr?: unknown }).stderr;
    if (stderr === undefined) throw error;
    throw new Error(`pg_dump: ${redact(String(stderr).trim() || 'falhou sem mensagem', databaseUrl)}`);
  } finally {
    await file.discard();
  }
}

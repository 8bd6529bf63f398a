/**
 * Restoring a backup (`npm run restore -- <file> [--force]`; issue 21 §3): a PGlite data-directory dump into
 * `DATA_DIR/pglite`, or a `pg_dump` custom-format file into DATABASE_URL with `pg_restore`. A database that
 * holds rows is refused unless `force`. The server must be stopped (PGlite's folder has one owner).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import { createDatabase, type DB } from '../../db/database';
import { redact } from './backups.service';

const run = promisify(execFile);

export class RestoreRefused extends Error {}

/** The tables of the current schema that hold at least one row (the migrations' bookkeeping aside). */
export async function tablesWithRows(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in ('kysely_migration', 'kysely_migration_lock')
    order by table_name`.execute(db);
  const full: string[] = [];
  for (const { name } of rows) {
    const found = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(name)}) as any`.execute(db);
    if (found.rows[0]?.any) full.push(name);
  }
  return full;
}

/** What a backup file holds, by its first bytes: a gzip (PGlite's tar) or a pg_dump archive. */
async function formatOf(file: string): Promise<'pglite' | 'pgdump'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'pgdump';
  } finally {
    await handle.close();
  }
  throw new RestoreRefused(`${file} não é um backup do BackOffice (nem PGlite .tar.gz nem pg_dump).`);
}

export interface RestoreOptions {
  force?: boolean;
  /** PostgreSQL: the schema the API works in, when not `public` (tests). */
  schema?: string;
}

export interface RestoreResult {
  method: 'pglite' | 'pg_restore';
  /** PGlite: where the replaced data directory was kept. */
  previous?: string;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function refuseIfFull(db: DB, force: boolean | undefined): Promise<void> {
  const full = await tablesWithRows(db);
  if (full.length > 0 && !force) {
    throw new RestoreRefused(
      `O banco de destino não está vazio (${full.length} tabelas com dados, p. ex. ${full.slice(0, 3).join(', ')}). ` +
        'Use --force para substituí-lo pelo backup.',
    );
  }
}

/** Restores `file` into the configured database. Throws RestoreRefused with a Portuguese reason. */
export async function restoreBackup(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreRefused(`Arquivo não encontrado: ${file}`);
  const format = await formatOf(file);
  if (config.databaseUrl) {
    if (format !== 'pgdump') {
      throw new RestoreRefused('Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL.');
    }
    const db = createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: false,
      schema: options.schema,
    });
    try {
      await refuseIfFull(db, options.force);
    } finally {
      await db.destroy();
    }
    // One transaction: a restore that fails leaves the database as it was.
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(options.force ? ['--clean', '--if-exists'] : []),
      `--dbname=${config.databaseUrl}`,
      file,
    ]).catch((error: unknown) => {
      // Not execFile's message: it repeats the command line, the database's password included.
      const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(`pg_restore: ${redact(stderr || 'falhou sem mensagem', config.databaseUrl)}`);
    });
    return { method: 'pg_restore' };
  }
  if (format !== 'pglite') {
    throw new RestoreRefused(
      'Este backup é de um servidor PostgreSQL (pg_dump): defina DATABASE_URL para restaurá-lo.',
    );
  }
  const target = path.join(config.dataDir, 'pglite');
  const inUse = existsSync(path.join(target, 'postmaster.pid'));
  if (inUse) {
    throw new RestoreRefused(
      `O banco embutido em ${target} está aberto por um servidor (ou ele parou sem fechar): pare o servidor antes de restaurar.`,
    );
  }
  const present = existsSync(target) && readdirSync(target).length > 0;
  if (present) {
    const db = createDatabase({ databaseUrl: undefined, dataDir: config.dataDir, inMemory: false });
    try {
      await refuseIfFull(db, options.force);
    } finally {
      await db.destroy();
    }
  }
  // Unpacked beside, opened and closed once (whole and clean), then swapped in by two renames.
  const restoring = path.join(config.dataDir, `pglite.restoring-${process.pid}`);
  await rm(restoring, { recursive: true, force: true });
  try {
    const pglite = await PGlite.create({
      dataDir: restoring,
      loadDataDir: new Blob([await readFile(file)]),
      extensions: { pg_trgm, unaccent },
    });
    await pglite.query('select 1');
    await pglite.close();
  } catch (error) {
    await rm(restoring, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = path.join(config.dataDir, `pglite.before-restore-${stamp()}`);
    await rename(target, previous);
  }
  await rename(restoring, target);
  return { method: 'pglite', previous };
}

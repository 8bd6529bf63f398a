/**
 * Restoring a backup (`npm run restore -- <file> [--force] [--unverified]`; issue 21 §3, issue 34 §4): a
 * PGlite data-directory dump into `DATA_DIR/pglite`, or a `pg_dump` custom-format dump into DATABASE_URL.
 * The file's manifest is checked first (SHA-256 of the archive, then of the dump once decrypted), then the
 * restored database is opened and checked (every table read, its rows counted against the manifest)
 * **before** it replaces the current one: a bad file is refused with the reason and changes nothing. A
 * database that holds rows is refused unless `force`. The server must be stopped (PGlite's folder has one owner).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import { createDatabase, type DB } from '../../db/database';
import { countRows } from '../../db/pglite-worker';
import { PRIVATE_FILE } from '../../lib/private-files';
import {
  type BackupManifest,
  countsDiffer,
  type DumpFormat,
  openArchive,
  RestoreRefused,
  readBackupFile,
} from './backup-envelope';
import { backupsRepository } from './backups.repository';
import { redact } from './backups.service';

export { RestoreRefused } from './backup-envelope';

const run = promisify(execFile);

/** The tables of the current schema that hold at least one row (the migrations' bookkeeping aside). */
export async function tablesWithRows(db: DB): Promise<string[]> {
  const counts = await backupsRepository.rowCounts(db);
  return Object.keys(counts).filter(
    (name) => (counts[name] ?? 0) > 0 && name !== 'kysely_migration' && name !== 'kysely_migration_lock',
  );
}

export interface RestoreOptions {
  force?: boolean;
  /** A backup made before issue 34 (no manifest) is restored only with this acknowledgement (`--unverified`). */
  unverified?: boolean;
  /** The passphrase of an encrypted backup, asked only when the file is encrypted (env or prompt). */
  passphrase?: () => Promise<string | undefined>;
  /** PostgreSQL: the schema the API works in, when not `public` (tests). */
  schema?: string;
}

export interface RestoreResult {
  method: 'pglite' | 'pg_restore';
  /** PGlite: where the replaced data directory was kept. */
  previous?: string;
  /** Whether the file had a manifest that was checked (false: a backup of before issue 34, `--unverified`). */
  verified: boolean;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const NOTHING_CHANGED = 'Nada foi alterado.';

async function refuseIfFull(db: DB, force: boolean | undefined): Promise<void> {
  const full = await tablesWithRows(db);
  if (full.length > 0 && !force) {
    throw new RestoreRefused(
      `O banco de destino não está vazio (${full.length} tabelas com dados, p. ex. ${full.slice(0, 3).join(', ')}). ` +
        'Use --force para substituí-lo pelo backup.',
    );
  }
}

/** The dump inside `file`, checked against its manifest; a file without one only with `unverified`. */
async function checkedDump(
  file: string,
  options: RestoreOptions,
): Promise<{ format: DumpFormat; dump: Buffer; manifest: BackupManifest | null }> {
  const read = await readBackupFile(file);
  if (!read.manifest) {
    if (!options.unverified)
      throw new RestoreRefused(
        'Este backup é de uma versão anterior e não tem manifesto: não há como conferir se está íntegro. ' +
          `Para restaurá-lo mesmo assim, repita o comando com --unverified. ${NOTHING_CHANGED}`,
      );
    return { format: read.format, dump: read.dump, manifest: null };
  }
  const dump = await openArchive(read, options.passphrase ?? (async () => undefined));
  return { format: read.manifest.format, dump, manifest: read.manifest };
}

/** Restores `file` into the configured database. Throws RestoreRefused with a Portuguese reason. */
export async function restoreBackup(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> & Partial<Pick<AppConfig, 'databaseDirectUrl'>>,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new RestoreRefused(`Arquivo não encontrado: ${file}`);
  const { format, dump, manifest } = await checkedDump(file, options);
  if (config.databaseUrl) {
    if (format !== 'pgdump')
      throw new RestoreRefused('Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL.');
    // pg_restore holds a session: the server itself behind a pooler (decision 0064).
    await restorePostgres(config.databaseDirectUrl ?? config.databaseUrl, config.dataDir, dump, manifest, options);
    return { method: 'pg_restore', verified: manifest !== null };
  }
  if (format !== 'pglite')
    throw new RestoreRefused(
      'Este backup é de um servidor PostgreSQL (pg_dump): defina DATABASE_URL para restaurá-lo.',
    );
  const previous = await restoreEmbedded(config.dataDir, dump, manifest, options);
  return { method: 'pglite', previous, verified: manifest !== null };
}

/**
 * PGlite: unpacked beside (`DATA_DIR/pglite.restoring-<pid>`), opened, every table read and counted against
 * the manifest, closed; only then swapped in by two renames, the old folder kept. Refused: the folder beside
 * is removed and the current one untouched.
 */
async function restoreEmbedded(
  dataDir: string,
  dump: Buffer,
  manifest: BackupManifest | null,
  options: RestoreOptions,
): Promise<string | undefined> {
  const target = path.join(dataDir, 'pglite');
  if (existsSync(path.join(target, 'postmaster.pid'))) {
    throw new RestoreRefused(
      `O banco embutido em ${target} está aberto por um servidor (ou ele parou sem fechar): pare o servidor antes de restaurar.`,
    );
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    const db = createDatabase({ databaseUrl: undefined, dataDir, inMemory: false });
    try {
      await refuseIfFull(db, options.force);
    } finally {
      await db.destroy();
    }
  }
  const restoring = path.join(dataDir, `pglite.restoring-${process.pid}`);
  await rm(restoring, { recursive: true, force: true });
  try {
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({
        dataDir: restoring,
        loadDataDir: new Blob([dump]),
        extensions: { pg_trgm, unaccent },
      });
    } catch (error) {
      throw new RestoreRefused(`O backup não pôde ser aberto: ${reason(error)}. ${NOTHING_CHANGED}`);
    }
    try {
      // Every page of every table read: no index may answer a count in its place.
      await pglite.exec('set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off');
      const found = await countRows(pglite).catch((error: unknown) => {
        throw new RestoreRefused(`O banco do backup tem uma tabela ilegível: ${reason(error)}. ${NOTHING_CHANGED}`);
      });
      const differ = manifest ? countsDiffer(manifest.tables, found) : null;
      if (differ)
        throw new RestoreRefused(`O banco do backup não confere com o manifesto: ${differ}. ${NOTHING_CHANGED}`);
    } finally {
      await pglite.close().catch(() => undefined);
    }
  } catch (error) {
    await rm(restoring, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = path.join(dataDir, `pglite.before-restore-${stamp()}`);
    await rename(target, previous);
  }
  await rename(restoring, target);
  return previous;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The check run by psql at the end of the restore's transaction: every table of `schema` read whole and
 * counted, against the manifest when there is one; a difference raises, so the whole restore rolls back.
 */
function checkScript(schema: string, manifest: BackupManifest | null): string {
  const expected = manifest
    ? Object.entries(manifest.tables)
        .map(([table, rows]) => `expected := expected || jsonb_build_object(${literal(table)}, ${Number(rows)});`)
        .join('\n  ')
    : '';
  return `set local enable_indexscan = off; set local enable_indexonlyscan = off; set local enable_bitmapscan = off;
DO $backoffice_check$
DECLARE
  expected jsonb := '{}'::jsonb;
  found jsonb := '{}'::jsonb;
  t record;
  n bigint;
  k text;
BEGIN
  ${expected}
  FOR t IN SELECT table_name FROM information_schema.tables
    WHERE table_schema = ${literal(schema)} AND table_type = 'BASE TABLE' LOOP
    EXECUTE format('select count(*) from %I.%I', ${literal(schema)}, t.table_name) INTO n;
    found := found || jsonb_build_object(t.table_name, n);
  END LOOP;
  IF ${manifest ? 'true' : 'false'} THEN
    FOR k IN SELECT jsonb_object_keys(expected) LOOP
      IF NOT found ? k THEN
        RAISE EXCEPTION 'BACKOFFICE_CHECK a tabela % não existe no banco restaurado', k;
      END IF;
      IF (found->>k)::bigint <> (expected->>k)::bigint THEN
        RAISE EXCEPTION 'BACKOFFICE_CHECK a tabela % tem % linhas, o manifesto diz %', k, found->>k, expected->>k;
      END IF;
    END LOOP;
  END IF;
END
$backoffice_check$;
`;
}

/**
 * PostgreSQL: `pg_restore` writes the dump as SQL, and psql runs it and the check in one transaction: a dump
 * that fails, or a database that does not match the manifest, rolls back and the current one stays.
 */
async function restorePostgres(
  databaseUrl: string,
  dataDir: string,
  dump: Buffer,
  manifest: BackupManifest | null,
  options: RestoreOptions,
): Promise<void> {
  const db = createDatabase({ databaseUrl, dataDir, inMemory: false, schema: options.schema });
  let schema: string;
  try {
    await refuseIfFull(db, options.force);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    // The schema named (tests) even when it does not exist yet: current_schema() is null then.
    schema = options.schema ?? rows[0]?.schema ?? 'public';
  } finally {
    await db.destroy();
  }
  const work = mkdtempSync(path.join(tmpdir(), 'backoffice-restore-'));
  try {
    const dumpFile = path.join(work, 'dump.pgdump');
    const script = path.join(work, 'restore.sql');
    const check = path.join(work, 'check.sql');
    await writeFile(dumpFile, dump, { mode: PRIVATE_FILE });
    await writeFile(check, checkScript(schema, manifest), { mode: PRIVATE_FILE });
    await run('pg_restore', [
      '--no-owner',
      ...(options.force ? ['--clean', '--if-exists'] : []),
      `--file=${script}`,
      dumpFile,
    ]).catch((error: unknown) => {
      throw new RestoreRefused(
        `O backup não pôde ser lido pelo pg_restore: ${stderrOf(error, databaseUrl)}. ${NOTHING_CHANGED}`,
      );
    });
    await run(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--file',
        script,
        '--file',
        check,
        databaseUrl,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: unknown) => {
      const stderr = stderrOf(error, databaseUrl);
      const differ = /BACKOFFICE_CHECK (.*)/.exec(stderr)?.[1];
      throw new RestoreRefused(
        differ
          ? `O banco do backup não confere com o manifesto: ${differ.trim()}. ${NOTHING_CHANGED}`
          : `A restauração falhou e foi desfeita: ${stderr}. ${NOTHING_CHANGED}`,
      );
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A tool's own words (never execFile's message: it repeats the command line, the database's password included). */
function stderrOf(error: unknown, databaseUrl: string): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const lines = stderr.split('\n').filter((line) => /ERROR|ERRO|FATAL|error/.test(line));
  return redact((lines.slice(0, 3).join(' ') || stderr.slice(0, 500) || 'falhou sem mensagem').trim(), databaseUrl);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DB, migrateToLatest } from '../db/database';
import { createStorage, type Storage } from '../lib/storage';
import { dumpForCopies, slimTemplate } from './pglite-copies';

export interface TestDatabase {
  db: DB;
  storage: Storage;
  databaseUrl: string | undefined;
  dataDir: string;
  close(): Promise<void>;
}

/** The file of the migrated PGlite template the test run's global setup wrote (test/global-setup.ts). */
export const TEMPLATE_ENV = 'BACKOFFICE_TEST_PGLITE_TEMPLATE';
/** The test run's directory and id, from its global setup: what the run's files share (demo/shared-demo.ts). */
export const RUN_DIR_ENV = 'BACKOFFICE_TEST_RUN_DIR';
export const RUN_ID_ENV = 'BACKOFFICE_TEST_RUN_ID';
/**
 * The PostgreSQL database every migrated test database is a copy of (`create database … template`, about 50 ms
 * against 1.1 s of CPU for the migrations run in a fresh schema): made by the global setup, dropped by its teardown.
 */
export const PG_TEMPLATE_ENV = 'BACKOFFICE_TEST_PG_TEMPLATE';
/** The PostgreSQL schema of the run's shared demo (demo/shared-demo.ts), dropped by the global teardown. */
export const sharedDemoSchema = (runId: string) => `demo_seed_${runId}`;

let template: Promise<Uint8Array> | undefined;

/** One statement on its own connection to `url` (DATABASE_URL by default): a schema made or dropped, a row counted. */
export async function adminQuery<T = Record<string, unknown>>(
  statement: string,
  url: string | undefined = process.env.DATABASE_URL,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * An in-memory PGlite database with every migration run, as a tar of its data directory: written once per test
 * run by the global setup (read from its file), else made once per process. Opening a copy of it skips PGlite's
 * initdb and the migrations, most of what a fresh test database cost; slimmed to open fast (test/pglite-copies.ts).
 */
export function migratedPGliteTemplate(): Promise<Uint8Array> {
  template ??= (async () => {
    const file = process.env[TEMPLATE_ENV];
    if (file && existsSync(file)) return readFileSync(file);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-template-'));
    const db = createDatabase({ databaseUrl: undefined, dataDir, inMemory: true, sharedThread: true });
    try {
      await migrateToLatest(db);
      await slimTemplate(db);
      return await dumpForCopies(db);
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  })();
  return template;
}

/**
 * An empty database of its own, without migrations, for tests and benchmarks: in-memory PGlite, or a
 * fresh schema in the PostgreSQL database of DATABASE_URL (dropped on close). `migrated`: a copy of the run's
 * migrated template (migrateToLatest then finds nothing to do): PGlite's data directory, or on PostgreSQL a
 * database of its own made from the template database (outside a test run, without one, the caller migrates).
 */
export async function emptyTestDatabase(prefix = 'test', options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pgTemplate = process.env[PG_TEMPLATE_ENV];
  if (databaseUrl && options.migrated && pgTemplate) return copiedPostgresDatabase(databaseUrl, pgTemplate, prefix);
  const schema = databaseUrl ? `${prefix}_${randomUUID().replace(/-/g, '')}` : undefined;
  const admin = (statement: string) => adminQuery(statement, databaseUrl);
  if (schema) await admin(`create schema ${schema}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `backoffice-${prefix}-`));
  const template = options.migrated && !databaseUrl ? await migratedPGliteTemplate() : undefined;
  const db = createDatabase({ databaseUrl, dataDir, inMemory: true, schema, template, sharedThread: true });
  return {
    db,
    storage: createStorage(db),
    databaseUrl,
    dataDir,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`drop schema ${schema} cascade`);
    },
  };
}

/** `url` naming another database of the same server. */
function databaseUrlOf(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The test databases of a run are named with its id, so its teardown drops what a killed file left. */
const runDatabasePattern = (runId: string) => `%\\_${runId}\\_%`;

/** The run's migrated PostgreSQL template (global setup): a database migrated once, then kept from connections. */
export async function makePostgresTemplate(databaseUrl: string, runId: string): Promise<string> {
  const name = `tpl_${runId}`;
  await adminQuery(`create database ${name}`, databaseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-template-'));
  const db = createDatabase({ databaseUrl: databaseUrlOf(databaseUrl, name), dataDir, inMemory: true });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await adminQuery(`alter database ${name} with is_template true allow_connections false`, databaseUrl);
  return name;
}

/** The global teardown: the template and any test database of the run a file did not drop. */
export async function dropPostgresRun(databaseUrl: string, runId: string, template: string | undefined) {
  const left = await adminQuery<{ datname: string }>(
    `select datname from pg_database where datname like '${runDatabasePattern(runId)}'`,
    databaseUrl,
  );
  for (const { datname } of left) await adminQuery(`drop database if exists ${datname} with (force)`, databaseUrl);
  if (!template) return;
  await adminQuery(`alter database ${template} with is_template false`, databaseUrl);
  await adminQuery(`drop database if exists ${template} with (force)`, databaseUrl);
}

/** A migrated test database on PostgreSQL: a copy of the run's template, dropped on close. */
async function copiedPostgresDatabase(databaseUrl: string, template: string, prefix: string): Promise<TestDatabase> {
  const runId = process.env[RUN_ID_ENV] ?? 'norun';
  const name = `${prefix}_${runId}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(`create database ${name} template ${template}`, databaseUrl);
  const url = databaseUrlOf(databaseUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), `backoffice-${prefix}-`));
  const db = createDatabase({ databaseUrl: url, dataDir, inMemory: true });
  return {
    db,
    storage: createStorage(db),
    databaseUrl: url,
    dataDir,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${name} with (force)`, databaseUrl);
    },
  };
}

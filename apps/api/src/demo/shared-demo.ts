import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../db/database';
import { createStorage } from '../lib/storage';
import { RUN_DIR_ENV, RUN_ID_ENV, sharedDemoSchema, type TestDatabase } from '../test/database';
import { dumpForCopies } from '../test/pglite-copies';
import type { SeedSummary } from './index';
import { seedDemo } from './index';
import { NOW, seeded } from './test-demo';

/**
 * The demo business at scale 1, seeded once per test run and engine, for the demo's test files that only read it
 * (demo.test.ts, demo-invariants.test.ts, demo.services.test.ts, demo.purchases-and-payments.test.ts). Each of
 * them seeded its own before: four scale-1 seeds a run on each engine, about 70 s of CPU each on a quiet machine
 * and up to 600 s beside the rest of .ci/run (issue 60 §8). A file that writes must roll its writes back (Rollback).
 *
 * - PGlite: the first file to ask seeds and writes the seeded data directory as a tar into the run's directory
 *   (test/global-setup.ts); the others wait for that file, and each opens a copy of its own.
 * - PostgreSQL: the first file seeds a schema of the run under an advisory lock; the others, once the lock is theirs,
 *   find it done and read it. The run's global teardown drops it.
 * Without the global setup (a file run by another config) each file seeds its own, as before.
 */
export async function sharedDemo(): Promise<{ t: TestDatabase; summary: SeedSummary }> {
  const runDir = process.env[RUN_DIR_ENV];
  const runId = process.env[RUN_ID_ENV];
  if (!runDir || !runId) return seeded(1);
  return process.env.DATABASE_URL ? sharedPostgresDemo(process.env.DATABASE_URL, runId) : sharedPGliteDemo(runDir);
}

/**
 * The demo files' `beforeAll` bound, and how long a file waits for another one's seed: beyond any seed seen under
 * .ci/run's load (four seeds at once passed 600 s in the project's CI of 28/11; one alone takes 75 s here).
 */
export const SHARED_DEMO_TIMEOUT_MS = 1_200_000;
const WAIT_MS = SHARED_DEMO_TIMEOUT_MS;

async function sharedPGliteDemo(runDir: string): Promise<{ t: TestDatabase; summary: SeedSummary }> {
  const tar = path.join(runDir, 'demo-1.tar');
  const summaryFile = path.join(runDir, 'demo-1.json');
  const failedFile = path.join(runDir, 'demo-1.failed');
  let lock: number | undefined;
  try {
    lock = openSync(path.join(runDir, 'demo-1.lock'), 'wx');
  } catch {
    lock = undefined; // another file seeds it
  }
  if (lock !== undefined) {
    closeSync(lock);
    try {
      const { t, summary } = await seeded(1);
      try {
        const dump = await dumpForCopies(t.db);
        writeFileSync(summaryFile, JSON.stringify(summary));
        writeFileSync(`${tar}.part`, dump);
        renameSync(`${tar}.part`, tar);
      } finally {
        await t.close();
      }
    } catch (error) {
      writeFileSync(failedFile, String((error as Error).stack ?? error));
      throw error;
    }
  } else await fileWritten(runDir, tar, failedFile);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-demo-'));
  const db = createDatabase({
    databaseUrl: undefined,
    dataDir,
    inMemory: true,
    template: readFileSync(tar),
    sharedThread: true,
  });
  const t: TestDatabase = {
    db,
    storage: createStorage(db),
    databaseUrl: undefined,
    dataDir,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { t, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as SeedSummary };
}

/** Resolves once `file` exists (renamed into place whole), rejects when the seeding file says it failed. */
function fileWritten(dir: string, file: string, failedFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir);
    const timer = setTimeout(
      () => finish(new Error(`the shared demo was not seeded within ${WAIT_MS / 1000} s`)),
      WAIT_MS,
    );
    function finish(error?: Error) {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve();
    }
    const check = () => {
      if (existsSync(file)) finish();
      else if (existsSync(failedFile))
        finish(new Error(`the shared demo's seed failed:\n${readFileSync(failedFile, 'utf8')}`));
    };
    watcher.on('change', check);
    watcher.on('error', (error) => finish(error));
    check();
  });
}

async function sharedPostgresDemo(url: string, runId: string): Promise<{ t: TestDatabase; summary: SeedSummary }> {
  const schema = sharedDemoSchema(runId);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let summary: SeedSummary;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [schema]);
    const done = await client
      .query<{ summary: SeedSummary }>(`select summary from ${schema}.demo_seed_summary`)
      .catch(() => undefined);
    if (done?.rows[0]) summary = done.rows[0].summary;
    else {
      // Not there, or left half-made by a file that failed: seeded anew.
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.query(`create schema ${schema}`);
      const db = createDatabase({ databaseUrl: url, dataDir: tmpdir(), inMemory: true, schema });
      try {
        await migrateToLatest(db);
        summary = await seedDemo(db, { storage: createStorage(db), scale: 1, now: NOW });
      } finally {
        await db.destroy();
      }
      await client.query(`create table ${schema}.demo_seed_summary (summary jsonb not null)`);
      await client.query(`insert into ${schema}.demo_seed_summary (summary) values ($1)`, [JSON.stringify(summary)]);
    }
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [schema]).catch(() => undefined);
    await client.end();
  }
  const db = createDatabase({ databaseUrl: url, dataDir: tmpdir(), inMemory: true, schema });
  const t: TestDatabase = {
    db,
    storage: createStorage(db),
    databaseUrl: url,
    dataDir: tmpdir(),
    async close() {
      await db.destroy(); // the schema stays for the run's other files; the global teardown drops it
    },
  };
  return { t, summary };
}

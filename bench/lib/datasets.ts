/**
 * The demo business at `--scale 100`, seeded once and kept between benchmark runs (the seed takes minutes):
 * PGlite in bench/.data/pglite-scale100 (git-ignored), PostgreSQL in the database `bench_scale100` with its
 * images in bench/.data/postgres-scale100. A marker file written after a complete seed says the data is
 * usable; without it the data is wiped and seeded again. `BENCH_RESEED=1` forces a new seed.
 *
 * `BENCH_PG_DATABASE=name` uses another PostgreSQL database instead of `bench_scale100` (e.g. a copy made
 * with `createdb -T bench_scale100 name`, so a benchmark that migrates it leaves the shared one alone); its
 * marker and images are then in bench/.data/postgres-scale100 as well (copy them with the database).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchData, root, seedMain } from './server';

export const SCALE = 100;
const MARKER = 'seeded.json';

export interface Dataset {
  engine: 'PostgreSQL' | 'PGlite';
  dataDir: string;
  databaseUrl?: string;
}

function seed(dataDir: string, databaseUrl: string | undefined) {
  process.stdout.write(`Seeding the demo business × ${SCALE} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), once…\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [seedMain, '--scale', String(SCALE)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', INIT_CWD: root },
  });
  if (result.status !== 0) throw new Error(`seed failed (exit ${result.status ?? result.signal})`);
  writeFileSync(
    path.join(dataDir, MARKER),
    JSON.stringify({ scale: SCALE, seconds: Math.round((Date.now() - started) / 1000), at: new Date().toISOString() }),
  );
}

function seeded(dataDir: string): boolean {
  return process.env.BENCH_RESEED !== '1' && existsSync(path.join(dataDir, MARKER));
}

export function pgliteScale100(): Dataset {
  const dataDir = path.join(benchData, `pglite-scale${SCALE}`);
  if (!seeded(dataDir)) {
    rmSync(dataDir, { recursive: true, force: true });
    seed(dataDir, undefined);
  }
  return { engine: 'PGlite', dataDir };
}

/** The PostgreSQL server to use: BENCH_POSTGRES_URL, else DATABASE_URL, else the local default. */
export function postgresAdminUrl(): string {
  return process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The scale-100 PostgreSQL database's name: BENCH_PG_DATABASE, else bench_scale100. */
export function pgDatabase(): string {
  const name = process.env.BENCH_PG_DATABASE || `bench_scale${SCALE}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_DATABASE: ${name} is not a plain database name`);
  return name;
}

/** The scale-100 PostgreSQL database, or undefined (with a note) when no server answers. */
export async function postgresScale100(): Promise<Dataset | undefined> {
  const adminUrl = postgresAdminUrl();
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    process.stdout.write(`PostgreSQL skipped: ${adminUrl} does not answer (${(error as Error).message})\n`);
    return undefined;
  }
  const database = pgDatabase();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const dataDir = path.join(benchData, `postgres-scale${SCALE}`);
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount && seeded(dataDir)) return { engine: 'PostgreSQL', dataDir, databaseUrl };
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  seed(dataDir, databaseUrl);
  // Autovacuum would do it in time; the benchmark should not measure the minutes before it does.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  return { engine: 'PostgreSQL', dataDir, databaseUrl };
}

/**
 * The datasets a benchmark runs on: the PostgreSQL database at `url` alone when given (one seeded with
 * `npm run db:seed -- --scale N`), else the scale-100 ones of BENCH_ENGINES (`postgres,pglite` by default;
 * PostgreSQL skipped, with a note, when no server answers).
 */
export async function benchDatasets(url?: string): Promise<Dataset[]> {
  if (url) return [{ engine: 'PostgreSQL', dataDir: '', databaseUrl: url }];
  const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
  const datasets: Dataset[] = [];
  if (engines.includes('postgres')) {
    const pg = await postgresScale100();
    if (pg) datasets.push(pg);
  }
  if (engines.includes('pglite')) datasets.push(pgliteScale100());
  return datasets;
}

export function seedSeconds(dataset: Dataset): number | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataset.dataDir, MARKER), 'utf8')).seconds;
  } catch {
    return undefined;
  }
}

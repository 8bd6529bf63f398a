/**
 * Benchmark of issue 8 §3.7: does a long SQL query on the embedded PGlite freeze the other requests?
 * For each mode — PGlite in this thread (the former mode, PGLITE_IN_PROCESS=1) and PGlite in its worker
 * thread (the default) — the app listens on a free port, four long CPU-bound queries run back to back on
 * four concurrent callers of the app's database handle (what four heavy report requests do), and a
 * separate process asks GET /api/health every 20 ms over HTTP. Prints /api/health p50/p99/max, idle and
 * under load.
 *
 * Then (issue 11.5) the built server on the scale-100 demo business (bench/lib/datasets.ts), PostgreSQL and
 * PGlite: four callers ask 12-month reports back to back over HTTP (best-selling, customers who bought
 * most, most viewed, deposits: pages of 100) while the probe asks /api/health. Target: p99 ≤ 50 ms.
 *
 *   npm run bench -- health          BENCH_HEALTH_SECONDS=10 (each phase)   BENCH_QUERY_MS=1000 (one query)
 *   BENCH_HEALTH_PARTS=synthetic,reports   BENCH_ENGINES=postgres,pglite   BENCH_PG_DATABASE=…
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { businessDay, dayPeriod } from '@backoffice/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type DB } from '../apps/api/src/db/database';
import { createStorage } from '../apps/api/src/lib/storage';
import { type Dataset, pgliteScale100, postgresScale100 } from './lib/datasets';
import { signIn, startServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 10);
const QUERY_MS = Number(process.env.BENCH_QUERY_MS ?? 1000);
const CALLERS = 4;
const probeScript = path.join(import.meta.dirname, 'lib', 'health-probe.mjs');

interface Probe {
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

async function probe(url: string): Promise<Probe> {
  const { stdout } = await promisify(execFile)(process.execPath, [probeScript, url, String(SECONDS)]);
  return JSON.parse(stdout) as Probe;
}

/** Pure CPU work inside PostgreSQL: no table, no I/O, no sleep (PGlite's pg_sleep may not block). */
const heavy = (rows: number) => sql<{ n: number }>`select count(*)::int as n from generate_series(1, ${rows}) g
  where (g::bigint * 7919) % 13 = 5 and md5(g::text) like '%a%'`;

/** Finds how many rows make one query last about QUERY_MS on this machine. */
async function calibrate(db: DB): Promise<{ rows: number; ms: number }> {
  let rows = 20_000;
  for (;;) {
    const started = performance.now();
    await heavy(rows).execute(db);
    const ms = performance.now() - started;
    process.stdout.write(`  calibrating: ${rows} rows in ${Math.round(ms)} ms\n`);
    if (ms >= QUERY_MS * 0.7) return { rows, ms };
    rows = Math.ceil(rows * Math.min(10, Math.max(1.5, QUERY_MS / Math.max(ms, 1))));
  }
}

async function measure(mode: 'in-process' | 'worker', rows?: number) {
  process.env.PGLITE_IN_PROCESS = mode === 'in-process' ? '1' : '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-bench-health-'));
  const db = createDatabase({ databaseUrl: undefined, dataDir, inMemory: true });
  const config = loadConfig({ inMemory: true, dataDir, jwtSecret: randomUUID(), webDistDir: undefined }, {});
  const app = await buildApp({ config, db, logger: false, storage: createStorage(db) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await sql`select 1`.execute(db);
    const calibration = rows ? undefined : await calibrate(db);
    const heavyRows = rows ?? (calibration as { rows: number }).rows;
    if (calibration) process.stdout.write(`  one query of ${heavyRows} rows: ${Math.round(calibration.ms)} ms\n`);
    process.stdout.write(`  ${mode}: /api/health idle…\n`);
    const idle = await probe(url);
    process.stdout.write(`  ${mode}: /api/health under load…\n`);
    // The callers stop by the clock, not by a timer: in the old mode the timers of this process wait too.
    const deadline = Date.now() + SECONDS * 1000;
    let queries = 0;
    const callers = Array.from({ length: CALLERS }, async () => {
      while (Date.now() < deadline) {
        await heavy(heavyRows).execute(db);
        queries++;
        // Each query stands for one request: the event loop turns between two, as between two requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const loaded = await probe(url);
    await Promise.all(callers);
    return { mode, idle, loaded, queries, heavyRows, calibration };
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    process.env.PGLITE_IN_PROCESS = '';
  }
}

const f = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)}`;

/** /api/health while four callers ask 12-month reports of the scale-100 business over HTTP. */
async function measureReports(dataset: Dataset) {
  const server = await startServer({ dataDir: dataset.dataDir, databaseUrl: dataset.databaseUrl });
  try {
    const token = await signIn(server.url);
    const today = businessDay(new Date());
    const { start, end } = dayPeriod(businessDay(new Date(Date.now() - 364 * 86_400_000)), today);
    const p = `start/${start}/end/${end}`;
    const reports = [
      `/api/reports/products/sold/${p}/desc?items=100`,
      `/api/reports/customers/purchases/${p}/desc?items=100`,
      `/api/reports/product/viewed/${p}`,
      `/api/reports/order/transfer/${p}?items=100`,
    ];
    const ask = async (url: string) => {
      const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    };
    // Warm: the first calls read the summaries from disk.
    for (const url of reports) await ask(url);
    const idle = await probe(server.url);
    const deadline = Date.now() + SECONDS * 1000;
    let requests = 0;
    const callers = reports.map(async (url) => {
      while (Date.now() < deadline) {
        await ask(url);
        requests++;
      }
    });
    const loaded = await probe(server.url);
    await Promise.all(callers);
    return { engine: dataset.engine, idle, loaded, requests };
  } finally {
    await server.stop();
  }
}

async function main() {
  const parts = (process.env.BENCH_HEALTH_PARTS ?? 'synthetic,reports').split(',');
  if (parts.includes('synthetic')) await synthetic();
  if (parts.includes('reports')) {
    const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
    const datasets: Dataset[] = [];
    if (engines.includes('postgres')) {
      const pg = await postgresScale100();
      if (pg) datasets.push(pg);
    }
    if (engines.includes('pglite')) datasets.push(pgliteScale100());
    const rows = [];
    for (const dataset of datasets) rows.push(await measureReports(dataset));
    console.log(
      `\n/api/health (one request every 20 ms) while ${CALLERS} callers ask 12-month reports back to back, scale 100, ${SECONDS} s\n`,
    );
    console.log(
      '| Engine | idle p50 / p99 ms | loaded p50 ms | loaded p99 ms | loaded max ms | health answers | reports answered |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(
        `| ${r.engine} | ${f(r.idle.p50)} / ${f(r.idle.p99)} | ${f(r.loaded.p50)} | ${f(r.loaded.p99)} | ${f(r.loaded.max)} | ${r.loaded.count} | ${r.requests} |`,
      );
  }
}

async function synthetic() {
  // The in-process mode first: it calibrates the query size, the worker then runs the same queries.
  const before = await measure('in-process');
  const after = await measure('worker', before.heavyRows);
  console.log(
    `\n/api/health while ${CALLERS} callers run a CPU-bound query of ${before.heavyRows.toLocaleString('en')} rows back to back` +
      ` (${Math.round(before.calibration?.ms ?? 0)} ms alone, in-process), ${SECONDS} s per phase, one request every 20 ms\n`,
  );
  console.log(
    `${'PGlite runs'.padEnd(26)} ${'idle p50/p99'.padStart(14)} ${'loaded p50'.padStart(11)} ${'loaded p99'.padStart(11)} ${'loaded max'.padStart(11)} ${'answers'.padStart(8)} ${'queries'.padStart(8)}`,
  );
  for (const r of [before, after]) {
    const label = r.mode === 'in-process' ? 'in the HTTP thread (old)' : 'in a worker thread (new)';
    console.log(
      `${label.padEnd(26)} ${`${f(r.idle.p50)} / ${f(r.idle.p99)} ms`.padStart(14)} ${`${f(r.loaded.p50)} ms`.padStart(11)} ${`${f(r.loaded.p99)} ms`.padStart(11)} ${`${f(r.loaded.max)} ms`.padStart(11)} ${String(r.loaded.count).padStart(8)} ${String(r.queries).padStart(8)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

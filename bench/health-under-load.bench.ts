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
 * Then (issue 34 §1, part `imports`) the built server on a fresh PGlite demo business: the spreadsheets of
 * the issue (a header in columns A and XFD over 5,000 and 1,000 lines, a 1 GB hidden zip entry, 20 MB of
 * blank lines, a 19 MB header of ';') and the largest files the limits allow (CSV and XLSX, 50,000 lines of
 * 39 columns) are previewed one after the other while the probe asks /api/health; prints each answer, the
 * server's RSS added at its peak (sampled every 50 ms) and /api/health p50/p99/max. Targets: the largest
 * allowed file adds ≤ 256 MB, /api/health p99 ≤ 200 ms. BENCH_SERVER_MAIN=… measures another build.
 *
 *   npm run bench -- health          BENCH_HEALTH_SECONDS=10 (each phase)   BENCH_QUERY_MS=1000 (one query)
 *   BENCH_HEALTH_PARTS=synthetic,reports,imports   BENCH_ENGINES=postgres,pglite   BENCH_PG_DATABASE=…
 *   BENCH_IMPORT_CASES=wide-5000,… (part of the case names)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDay, dayPeriod } from '@backoffice/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type DB } from '../apps/api/src/db/database';
import { createStorage } from '../apps/api/src/lib/storage';
import {
  multipart,
  textCell,
  wideHeaderXlsx,
  xlsx,
  zerosPart,
} from '../apps/api/src/modules/imports/imports.test-files';
import { benchDatasets, type Dataset } from './lib/datasets';
import { probeHealth } from './lib/health-probe';
import { signIn, startServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 10);
const QUERY_MS = Number(process.env.BENCH_QUERY_MS ?? 1000);
const CALLERS = 4;

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
    const idle = await probeHealth(url, SECONDS);
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
    const loaded = await probeHealth(url, SECONDS);
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
    const idle = await probeHealth(server.url, SECONDS);
    const deadline = Date.now() + SECONDS * 1000;
    let requests = 0;
    const callers = reports.map(async (url) => {
      while (Date.now() < deadline) {
        await ask(url);
        requests++;
      }
    });
    const loaded = await probeHealth(server.url, SECONDS);
    await Promise.all(callers);
    return { engine: dataset.engine, idle, loaded, requests };
  } finally {
    await server.stop();
  }
}

// ---------- Spreadsheets (issue 34 §1) ----------

const EXTRA_COLUMNS = 20;
const PRODUCT_HEADERS = [
  'Código',
  'Nome',
  'Marca',
  'Referência',
  'Preço de compra',
  'Preço de venda',
  '% Prata',
  '% Ouro',
  '% Bronze',
  'Estoque',
  'Alerta de estoque',
  'Tags',
  'Descrição',
  'NCM',
  'CEST',
  'Unidade',
  'Origem',
  'IMEIs',
  'Fornecedor',
  ...Array.from({ length: EXTRA_COLUMNS }, (_, i) => `Observação ${i + 1}`),
];

/** One product line of the largest file: the template's columns, a supplier and 20 notes (39 cells). */
const productCells = (n: number) => [
  `LA-${n}`,
  `Capa de silicone ${n}`,
  ['Samsung', 'Apple', 'Motorola', 'Xiaomi'][n % 4] as string,
  `Modelo ${n % 40}`,
  '12,50',
  '29,90',
  '10',
  '5',
  '15',
  String(n % 100),
  '2',
  'capa, silicone',
  `Capa de silicone macio, cor ${n % 12}`,
  '3926.90.90',
  '',
  'UN',
  '0',
  '',
  `Fornecedor ${n % 300}`,
  ...Array.from({ length: EXTRA_COLUMNS }, (_, i) => `obs ${i}-${n}`),
];

const LARGEST_LINES = 50_000;

function largestCsv(count = LARGEST_LINES): Buffer {
  const lines = [PRODUCT_HEADERS.join(';')];
  for (let n = 1; n <= count; n++) lines.push(productCells(n).join(';'));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const letters = (column: number) => {
  let text = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) text = String.fromCharCode(65 + ((c - 1) % 26)) + text;
  return text;
};

/** The same lines as Excel saves them: texts in the shared strings (the notes repeat every 1,000 lines). */
function largestXlsx(): Buffer {
  const shared = new Map<string, number>();
  const index = (text: string) => {
    const at = shared.get(text);
    if (at !== undefined) return at;
    shared.set(text, shared.size);
    return shared.size - 1;
  };
  const row = (line: number, cells: string[]) =>
    `<row r="${line}">${cells.map((cell, i) => (cell === '' ? '' : `<c r="${letters(i + 1)}${line}" t="s"><v>${index(cell)}</v></c>`)).join('')}</row>`;
  const rows = [row(1, PRODUCT_HEADERS)];
  for (let n = 1; n <= LARGEST_LINES; n++)
    rows.push(
      row(
        n + 1,
        productCells(n).map((cell) => cell.replace(/^obs (\d+)-(\d+)$/, (_, i, m) => `obs ${i}-${Number(m) % 1000}`)),
      ),
    );
  return xlsx({
    dimension: `A1:${letters(PRODUCT_HEADERS.length)}${LARGEST_LINES + 1}`,
    rows: rows.join(''),
    sharedStrings: [...shared.keys()],
  });
}

interface ImportCase {
  name: string;
  label: string;
  file: () => Promise<Buffer> | Buffer;
  fileName: string;
  kind: 'products' | 'customers';
}

const IMPORT_CASES: ImportCase[] = [
  {
    name: 'wide-5000',
    label: 'XLSX, header in A and XFD, 5,000 lines',
    file: () => wideHeaderXlsx(5000),
    fileName: 'clientes.xlsx',
    kind: 'customers',
  },
  {
    name: 'wide-1000',
    label: 'XLSX, header in A and XFD, 1,000 lines',
    file: () => wideHeaderXlsx(1000),
    fileName: 'clientes.xlsx',
    kind: 'customers',
  },
  {
    name: 'zip-bomb',
    label: 'XLSX of 1 MB with a hidden entry of 1 GB',
    file: async () =>
      xlsx({ rows: `<row r="1">${textCell('A1', 'Nome')}</row><row r="2">${textCell('A2', 'Ana')}</row>` }, [
        await zerosPart('xl/media/oculto.bin', 1024),
      ]),
    fileName: 'clientes.xlsx',
    kind: 'customers',
  },
  {
    name: 'blank-lines',
    label: 'CSV, a line of data then 20 MB of blank lines',
    file: () => Buffer.from(`Nome\r\nAna Souza\r\n${'\r\n'.repeat(10_000_000 - 20)}`),
    fileName: 'clientes.csv',
    kind: 'customers',
  },
  {
    name: 'huge-header',
    label: "CSV, a header of 19 MB of ';'",
    file: () => Buffer.from(`${';'.repeat(19 * 1024 * 1024)}\r\nAna Souza\r\n`),
    fileName: 'clientes.csv',
    kind: 'customers',
  },
  {
    // Read whole, then refused at its last line: the read alone, without the preview's checks after it.
    name: 'read-only',
    label: `the read alone: ${(LARGEST_LINES + 1).toLocaleString('en')} products × ${PRODUCT_HEADERS.length} columns (CSV), refused at the last line`,
    file: () => largestCsv(LARGEST_LINES + 1),
    fileName: 'produtos.csv',
    kind: 'products',
  },
  {
    name: 'largest-csv',
    label: `largest allowed CSV: ${LARGEST_LINES.toLocaleString('en')} products × ${PRODUCT_HEADERS.length} columns`,
    file: largestCsv,
    fileName: 'produtos.csv',
    kind: 'products',
  },
  {
    name: 'largest-xlsx',
    label: `largest allowed XLSX: ${LARGEST_LINES.toLocaleString('en')} products × ${PRODUCT_HEADERS.length} columns`,
    file: largestXlsx,
    fileName: 'produtos.xlsx',
    kind: 'products',
  },
];

/** The preview of each case while the probe asks /api/health; the server's RSS sampled every 50 ms. */
async function measureImports() {
  const only = process.env.BENCH_IMPORT_CASES?.split(',');
  const cases = IMPORT_CASES.filter((c) => !only || only.some((name) => c.name.includes(name)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-bench-imports-'));
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } });
  const rows: string[] = [];
  try {
    const token = await signIn(server.url);
    let dead = false;
    for (const c of cases) {
      if (dead) {
        rows.push(`| ${c.label} | — | server dead | | | | |`);
        continue;
      }
      const file = await c.file();
      const body = multipart(file, c.fileName);
      // Settle: a collection between cases, as a quiet minute would bring.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = server.rssMb();
      let peak = before;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, server.rssMb());
        } catch {
          dead = true;
        }
      }, 50);
      const window = probeHealth(server.url, Number(process.env.BENCH_IMPORT_SECONDS ?? 20));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      let answer: string;
      try {
        const response = await fetch(`${server.url}/api/imports/${c.kind}?dryRun=true&createMissing=true`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...body.headers },
          body: body.payload,
          signal: AbortSignal.timeout(180_000),
        });
        const json = (await response.json()) as { errors?: string[]; data?: { rows: number; errorCount: number } };
        answer =
          response.status === 200
            ? `200, ${json.data?.rows.toLocaleString('en')} lines, ${json.data?.errorCount} errors`
            : `${response.status} '${json.errors?.[0]}'`;
      } catch (error) {
        answer = `no answer (${(error as Error).message})`;
      }
      const seconds = (performance.now() - started) / 1000;
      const health = await window;
      clearInterval(sampler);
      const size =
        file.length >= 1024 * 1024
          ? `${(file.length / 1024 / 1024).toFixed(1)} MB`
          : `${Math.round(file.length / 1024)} KB`;
      rows.push(
        `| ${c.label} | ${size} | ${answer} | ${seconds.toFixed(1)} s | ${peak - before} MB (${before} → ${peak}) | ${f(health.p50)} / ${f(health.p99)} / ${f(health.max)} ms | ${health.failures} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    '\nSpreadsheet previews (dry run) over HTTP on the built server (PGlite), /api/health asked every 20 ms meanwhile\n',
  );
  console.log('| File | Size | Answer | Time | RSS added at peak | /api/health p50 / p99 / max | health failures |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

async function main() {
  const parts = (process.env.BENCH_HEALTH_PARTS ?? 'synthetic,reports,imports').split(',');
  if (parts.includes('imports')) await measureImports();
  if (parts.includes('synthetic')) await synthetic();
  if (parts.includes('reports')) {
    const rows = [];
    for (const dataset of await benchDatasets()) rows.push(await measureReports(dataset));
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

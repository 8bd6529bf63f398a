/**
 * Benchmark of the dashboard and the reports (issue 11.5): p50/p95 of every chart (5) and general report
 * (17) through the real app (routing, auth, SQL, serialization) for a 12-month period, on the `--scale 100`
 * demo business (300,000 orders, 1.2 million items, 3.3 million analytics rows). Target: every chart and
 * report ≤ 150 ms p95 on PostgreSQL (pages of 100 for the long lists; whole lists are measured too).
 *
 *   npm run bench -- reports      the scale-100 datasets of bench/lib/datasets.ts (seeded once)
 *   BENCH_ENGINES=postgres|pglite   BENCH_RUNS=30   BENCH_PG_DATABASE=a copy of bench_scale100
 *   BENCH_CASE=<part of a label>   BENCH_SKIP_WHOLE=1 (no whole lists)
 *   REPORTS_BENCH_URL=postgres://…  another database seeded with `npm run db:seed -- --scale 100`
 *   BENCH_EXPLAIN=1   after each case, `EXPLAIN (ANALYZE, BUFFERS)` of its statements (run once more, captured)
 *
 * The database is migrated to the latest migration first (0007 and 0009 backfill their summary tables
 * on an older seed), then vacuumed and analysed as the server keeps it (PostgreSQL's autovacuum, PGlite's
 * nightly maintenance: decision 0024). Nothing else is written.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { businessDay, dayPeriod } from '@backoffice/contract';
import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, migrateToLatest } from '../apps/api/src/db/database';
import { maintainEmbedded } from '../apps/api/src/db/maintenance';
import { createStorage } from '../apps/api/src/lib/storage';
import { benchDatasets, type Dataset } from './lib/datasets';
import { benchSignIn, percentile, timedGets } from './lib/in-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

interface Result {
  label: string;
  p50: number;
  p95: number;
  rows: number;
  kb: number;
}

async function measure(dataset: Dataset): Promise<Result[]> {
  const { databaseUrl } = dataset;
  // PostgreSQL: a scratch directory for the app's files; PGlite: the dataset's own directory.
  const dataDir = databaseUrl ? mkdtempSync(path.join(tmpdir(), 'backoffice-reports-bench-')) : dataset.dataDir;
  const base = createDatabase({ databaseUrl, dataDir, inMemory: false });
  // BENCH_EXPLAIN=1: the app's statements are captured (compiled with their parameters) while `capturing`.
  const explain = process.env.BENCH_EXPLAIN === '1';
  const captured: CompiledQuery[] = [];
  let capturing = false;
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (capturing) captured.push(base.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const db = explain ? base.withPlugin(capture) : base;
  const results: Result[] = [];
  const config = loadConfig(
    { inMemory: false, dataDir, jwtSecret: `bench-${randomUUID()}`, databaseUrl, logLevel: 'error' },
    {},
  );
  const app = await buildApp({ config, db, logger: false, storage: createStorage(db) });
  try {
    const started = performance.now();
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Migrated ${applied.join(', ')} in ${Math.round(performance.now() - started)} ms`);
    // As a server keeps them: PostgreSQL's autovacuum; PGlite's after-seed and nightly maintenance (decision 0024).
    if (databaseUrl) await sql`vacuum analyze`.execute(db).catch(() => undefined);
    else if (!(await maintainEmbedded(base))) await sql`analyze`.execute(db);
    await app.ready();
    const token = await benchSignIn(app, 'gerente@demo.com.br');
    const counts = await sql<{ orders: number; items: number }>`select
      (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`.execute(db);
    // The 12 months up to the newest order, whole days.
    const { rows } = await sql<{ last: Date }>`select max(created_at) as last from orders`.execute(db);
    const lastDay = businessDay(rows[0]?.last ?? new Date());
    const firstDay = businessDay(new Date(new Date(`${lastDay}T12:00:00Z`).getTime() - 364 * 86_400_000));
    const { start, end } = dayPeriod(firstDay, lastDay);
    const p = `start/${start}/end/${end}`;
    const busiest = async (column: 'deliverer_id' | 'attendant_id' | 'employee_id') => {
      const table = column === 'employee_id' ? 'order_adjustments' : 'orders';
      const r = await sql<{ id: number }>`select ${sql.ref(column)} as id from ${sql.table(table)}
        where ${sql.ref(column)} is not null group by 1 order by count(*) desc limit 1`.execute(db);
      return r.rows[0]?.id ?? 1;
    };
    const courier = await busiest('deliverer_id');
    const attendant = await busiest('attendant_id');
    const registrar = await busiest('employee_id');
    const order = await sql<{ id: number }>`select original_order_id as id from order_adjustments
      where kind = 'EXCHANGE' limit 1`.execute(db);
    const returned = await sql<{ id: number }>`select original_order_id as id from order_adjustments
      where kind = 'RETURN' limit 1`.execute(db);
    const brand = await sql<{ brand: string; reference: string }>`select b.name as brand, r.name as reference
      from products p join brands b on b.id = p.brand_id join brand_references r on r.id = p.reference_id limit 1`.execute(
      db,
    );
    const cases: [string, string][] = [
      ['GET /dashboard', '/api/dashboard'],
      ['chart signed in, 7 days', '/api/reports/customer/top-ten/signedin'],
      ['chart viewed, 7 days', '/api/reports/product/top-ten/viewed'],
      ['chart searched, 7 days', '/api/reports/product/top-ten/searched-by-term'],
      ['chart not found, 7 days', '/api/reports/product/not-exists/top-ten/searched-by-term'],
      ['chart sold, 7 days', '/api/reports/top-ten/products/sold/desc'],
      ['chart signed in, 12 months', `/api/reports/customer/top-ten/signedin/${p}`],
      ['chart viewed, 12 months', `/api/reports/product/viewed/${p}`],
      ['chart searched, 12 months', `/api/reports/product/searched-by-term/${p}`],
      ['chart not found, 12 months', `/api/reports/product/not-exists/searched-by-term/${p}`],
      ['chart sold, 12 months (items=10)', `/api/reports/products/sold/${p}/desc?items=10`],
      ['1 customers most, page of 100', `/api/reports/customers/purchases/${p}/desc?items=100`],
      ['2 customers least, page of 100', `/api/reports/customers/purchases/${p}/asc?items=100`],
      ['1 customers most, whole list', `/api/reports/customers/purchases/${p}/desc`],
      ['3 best-selling, page of 100', `/api/reports/products/sold/${p}/desc?items=100`],
      ['4 worst-selling, page of 100', `/api/reports/products/sold/${p}/asc?items=100`],
      ['3 best-selling, whole list', `/api/reports/products/sold/${p}/desc`],
      ['5 low stock', '/api/reports/products/low/stock'],
      ['6 orders by motoboy (busiest)', `/api/reports/order/${p}/deliverer/${courier}`],
      ['7 stock vs sales, level 0, page of 100', '/api/reports/product/stock/sales/level/0?items=100'],
      ['7 stock vs sales, level 1, page of 100', '/api/reports/product/stock/sales/level/1?items=100'],
      ['7 stock vs sales, whole list', '/api/reports/product/stock/sales'],
      ['8 exchanges by attendant', `/api/reports/order/exchange/${p}/employee/${registrar}`],
      ['9 returns by attendant', `/api/reports/order/return/${p}/employee/${registrar}`],
      ['10 exchanges by motoboy', `/api/reports/order/exchange/${p}/employee/${courier}`],
      ['11 returns by motoboy', `/api/reports/order/return/${p}/employee/${courier}`],
      ['12 orders by attendant (busiest)', `/api/reports/order/${p}/attendant/${attendant}`],
      ['13 customers by motoboy', `/api/reports/deliverer-customers/${courier}`],
      ['14 awaiting motoboy', `/api/reports/awaiting-motoboy-orders/${courier}`],
      [
        '15 brand and reference',
        `/api/reports/products/${encodeURIComponent(brand.rows[0]?.brand ?? 'x')}/${encodeURIComponent(brand.rows[0]?.reference ?? 'x')}`,
      ],
      ['16 deposits, page of 100', `/api/reports/order/transfer/${p}?items=100`],
      ['16 deposits, whole list', `/api/reports/order/transfer/${p}`],
      ['17 fast-delivery customers', '/api/reports/customer/fast-delivery'],
      ['exchange detail', `/api/reports/order/exchange/${order.rows[0]?.id ?? 1}`],
      ['return detail', `/api/reports/order/return/${returned.rows[0]?.id ?? 1}`],
    ];
    console.log(
      `\nReports benchmark on ${dataset.engine}: ${counts.rows[0]?.orders.toLocaleString('en')} orders, ${counts.rows[0]?.items.toLocaleString('en')} items; period ${start} – ${end}`,
    );
    console.log(`${RUNS} timed requests per case after ${WARMUP} warm-ups, through app.inject (HTTP stack included)\n`);
    console.log(
      `${'case'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'rows'.padStart(8)} ${'KB'.padStart(7)}`,
    );
    // BENCH_CASE=<part of a label> runs only those cases; BENCH_SKIP_WHOLE=1 skips the whole lists (megabytes).
    const only = process.env.BENCH_CASE;
    const skipWhole = process.env.BENCH_SKIP_WHOLE === '1';
    for (const [label, url] of cases) {
      if ((only && !label.includes(only)) || (skipWhole && label.includes('whole list'))) continue;
      const { times, body } = await timedGets(app, url, token, { warmup: WARMUP, runs: RUNS });
      const d = JSON.parse(body).data;
      const rowsCount = Array.isArray(d) ? d.length : (d?.orders?.length ?? d?.products?.length ?? 1);
      const size = body.length;
      results.push({ label, p50: percentile(times, 50), p95: percentile(times, 95), rows: rowsCount, kb: size / 1024 });
      console.log(
        `${label.padEnd(42)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${String(rowsCount).padStart(8)} ${(size / 1024).toFixed(0).padStart(7)}`,
      );
      if (explain) {
        captured.length = 0;
        capturing = true;
        await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        capturing = false;
        for (const query of captured.filter((q) => /^\s*(with|select)\b/i.test(q.sql))) {
          const plan = await base.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
          );
          console.log(`\n  ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}…`);
          console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
        }
        console.log('');
      }
    }
    return results;
  } finally {
    await app.close();
    await base.destroy();
  }
}

async function main() {
  const all: [Dataset, Result[]][] = [];
  for (const dataset of await benchDatasets(process.env.REPORTS_BENCH_URL)) all.push([dataset, await measure(dataset)]);
  console.log(`\n| Case | ${all.map(([d]) => `${d.engine} p50 / p95 ms`).join(' | ')} | rows |`);
  console.log(`|---|${all.map(() => '---:|').join('')}---:|`);
  const labels = all[0]?.[1].map((r) => r.label) ?? [];
  for (const [i, label] of labels.entries()) {
    const cells = all.map(([, results]) => {
      const r = results[i];
      return r ? `${Math.round(r.p50)} / ${Math.round(r.p95)}${r.p95 > 150 ? ' ✗' : ''}` : '';
    });
    console.log(`| ${label} | ${cells.join(' | ')} | ${all[0]?.[1][i]?.rows ?? ''} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Benchmark of the money screens at a wholesaler's size (issue 59): p50/p95 through the real app (routing, auth,
 * SQL, serialization) of 'Fluxo de caixa', the notes list ('Notas fiscais': a page, a month, its searches, an
 * order's notes), report 20 'Recebimentos de cartão', 19 'Margem' and 21 'Faturamento' for 12 months, the lists of
 * 'Contas a receber' and 'Contas a pagar', and the dashboard's first row. Then `/api/health` and the dashboard while
 * two callers ask the 12-month card report back to back (in this process: what the HTTP thread is kept from doing);
 * then ten callers at once on each 12-month money report, health beside them.
 * Targets (issue 59): the cash flow p95 ≤ 50 ms, the notes p50 ≤ 30 ms, the money reports p95 ≤ 150 ms at c=10.
 *
 *   npm run bench -- money          on the scale-100 datasets of bench/lib/datasets.ts (seeded once)
 *   MONEY_BENCH_URL=postgres://…    another PostgreSQL database seeded with `npm run db:seed -- --scale N`
 *   BENCH_ENGINES=postgres|pglite   BENCH_RUNS=30   BENCH_CASE=<part of a label>   BENCH_HEALTH_SECONDS=10
 *   BENCH_NOTES=25000               the notes written when the database holds fewer (the demo seeds none)
 *   BENCH_SKIP_HEALTH=1             no /api/health phase     BENCH_SKIP=margin,revenue (parts of labels)
 *   BENCH_SKIP_C10=1                no ten-callers phase     BENCH_C10_SECONDS=8 (each report's)
 *
 * The database is migrated to the latest migration first and vacuumed and analysed. It WRITES notes: the demo business has none,
 * so the newest orders get an authorised NF-e each (an XML of about 15 KB, as a real one), up to BENCH_NOTES.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { businessDay, dayPeriod, shiftDay } from '@backoffice/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type DB, migrateToLatest } from '../apps/api/src/db/database';
import { createStorage } from '../apps/api/src/lib/storage';
import { benchDatasets, type Dataset } from './lib/datasets';
import { benchSignIn, percentile, timedGets } from './lib/in-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const NOTES = Number(process.env.BENCH_NOTES ?? 25_000);
const HEALTH_SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 10);
const C10_SECONDS = Number(process.env.BENCH_C10_SECONDS ?? 8);

/** The newest orders' notes, written in one statement when the database holds fewer than NOTES. */
async function writeNotes(db: DB) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from fiscal_notes`.execute(db);
  const have = rows[0]?.n ?? 0;
  if (have >= NOTES) return;
  const started = performance.now();
  // About 15 KB of XML a note (the issue measured 377 KB for a page of 25).
  const det = `<det nItem="1"><prod><cProd>000123</cProd><xProd>CAPA SILICONE IPHONE 15 PRETA</xProd><NCM>39269090</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>2.0000</qCom><vUnCom>19.9000000000</vUnCom><vProd>39.80</vProd></prod><imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>`;
  await sql`insert into fiscal_notes (order_id, model, series, number, environment, access_key, status, total_cents,
      recipient_document, recipient_name, xml, proc_xml, issued_at, authorized_at, protocol)
    select o.id, 55, 1, m.base + o.rank, 2, '352611112223330001' || lpad((m.base + o.rank)::text, 26, '0'), 'AUTHORIZED',
      o.total_cents, c.document, c.name, '<NFe>' || repeat(${det}, 40) || '</NFe>',
      '<nfeProc><NFe>' || repeat(${det}, 40) || '</NFe></nfeProc>', o.created_at, o.created_at, '135260000000001'
    from (select id, customer_id, total_cents, created_at, row_number() over (order by created_at desc, id desc) as rank
          from orders o where not exists (select 1 from fiscal_notes n where n.order_id = o.id)
          order by created_at desc, id desc limit ${NOTES - have}) o
    join customers c on c.id = o.customer_id
    cross join (select coalesce(max(number), 0) as base from fiscal_notes) m`.execute(db);
  console.log(`Wrote ${NOTES - have} notes in ${Math.round(performance.now() - started)} ms`);
}

interface Result {
  label: string;
  p50: number;
  p95: number;
  rows: number;
  kb: number;
}

const countOf = (data: unknown): number => {
  if (Array.isArray(data)) return data.length;
  const d = data as Record<string, unknown> | undefined;
  for (const key of ['items', 'rows', 'settlements', 'products', 'periods'])
    if (Array.isArray(d?.[key])) return (d[key] as unknown[]).length;
  return 1;
};

async function measure(dataset: Dataset): Promise<Result[]> {
  const { databaseUrl } = dataset;
  const dataDir = databaseUrl ? mkdtempSync(path.join(tmpdir(), 'backoffice-money-bench-')) : dataset.dataDir;
  const db = createDatabase({ databaseUrl, dataDir, inMemory: false, timeouts: { connectionMs: 3000 } });
  const config = loadConfig(
    { inMemory: false, dataDir, jwtSecret: `bench-${randomUUID()}`, databaseUrl, logLevel: 'error' },
    {},
  );
  const app = await buildApp({ config, db, logger: false, storage: createStorage(db) });
  const results: Result[] = [];
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`Migrated ${applied.join(', ')}`);
    await writeNotes(db);
    // As autovacuum leaves a shop that has run for a year: the statistics read, the visibility map set (index-only
    // scans without heap fetches). The seed analyses but never vacuums.
    await sql`vacuum analyze`.execute(db);
    await app.ready();
    const token = await benchSignIn(app, 'gerente@demo.com.br');
    const admin = await benchSignIn(app, 'admin@demo.com.br');
    const { rows } = await sql<{ last: Date }>`select max(created_at) as last from orders`.execute(db);
    const lastDay = businessDay(rows[0]?.last ?? new Date());
    const { start, end } = dayPeriod(shiftDay(lastDay, -364), lastDay);
    const p = `start/${start}/end/${end}`;
    const month = `from=${shiftDay(lastDay, -29)}&to=${lastDay}`;
    const note = await sql<{ number: number; order_id: number; code: string }>`select n.number, n.order_id, o.code
      from fiscal_notes n join orders o on o.id = n.order_id order by n.issued_at desc limit 1 offset 500`.execute(db);
    const some = note.rows[0] ?? { number: 1, order_id: 1, code: 'X' };
    const counts = await sql<{ orders: number; notes: number; parts: number; receivables: number; payables: number }>`
      select (select count(*)::int from orders) as orders, (select count(*)::int from fiscal_notes) as notes,
        (select count(*)::int from order_payments where method = 'CARD' and status = 'CONFIRMED') as parts,
        (select count(*)::int from receivables) as receivables, (select count(*)::int from payables) as payables`.execute(
      db,
    );
    const c = counts.rows[0];
    console.log(
      `\nMoney benchmark on ${dataset.engine}: ${c?.orders} orders, ${c?.notes} notes, ${c?.parts} confirmed card parts, ${c?.receivables} instalments, ${c?.payables} bills; 12 months ${start} – ${end}`,
    );
    // The card report's last page of 100 (its total from the first page).
    const first = await app.inject({
      method: 'GET',
      url: `/api/reports/card/settlements/${p}?items=100`,
      headers: { authorization: `Bearer ${token}` },
    });
    const lastPage = Math.max(0, Math.ceil(Number(first.json().data?.total ?? 0) / 100) - 1);
    const cases: [string, string, string][] = [
      ['cash flow, 90 + 90 days', '/api/cash-flow', token],
      ['cash flow, by week', '/api/cash-flow?grain=week', token],
      ['notes, first page', '/api/fiscal/notes', admin],
      ['notes, a month', `/api/fiscal/notes?${month}`, admin],
      ['notes, a month, search a name', `/api/fiscal/notes?${month}&search=silva`, admin],
      ['notes, search a number', `/api/fiscal/notes?search=${some.number}`, admin],
      ['notes, search an order code', `/api/fiscal/notes?search=${some.code}`, admin],
      ["notes, an order's", `/api/fiscal/notes?orderId=${some.order_id}`, admin],
      ['20 card settlements, 12 months, page of 100', `/api/reports/card/settlements/${p}?items=100`, token],
      [
        '20 card settlements, 12 months, last page',
        `/api/reports/card/settlements/${p}?items=100&page=${lastPage}`,
        token,
      ],
      ['19 margin, 12 months, page of 100', `/api/reports/margin/${p}?items=100`, token],
      ['19 margin by customer, 12 months, page of 25', `/api/reports/margin/${p}?groupBy=customer&items=25`, token],
      ['19 margin by brand, 12 months', `/api/reports/margin/${p}?groupBy=brand&items=25`, token],
      ['19 margin by attendant, 12 months', `/api/reports/margin/${p}?groupBy=attendant`, token],
      ['21 revenue, 12 months, by month', `/api/reports/revenue/${p}?bucket=month`, token],
      ['receivables, first page', '/api/receivables', token],
      ['payables, first page', '/api/payables', admin],
      ['dashboard today', '/api/dashboard/today', admin],
    ];
    console.log(`${RUNS} timed requests per case after ${WARMUP} warm-ups, through app.inject\n`);
    console.log(
      `${'case'.padEnd(46)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'rows'.padStart(7)} ${'KB'.padStart(6)}`,
    );
    const only = process.env.BENCH_CASE;
    // BENCH_SKIP=margin,revenue: the cases whose label holds one of these are left out.
    const skip = (process.env.BENCH_SKIP ?? '').split(',').filter(Boolean);
    for (const [label, url, bearer] of cases) {
      if ((only && !label.includes(only)) || skip.some((part) => label.includes(part))) continue;
      const { times, body } = await timedGets(app, url, bearer, { warmup: WARMUP, runs: RUNS });
      const count = countOf(JSON.parse(body).data);
      const size = body.length;
      const r = { label, p50: percentile(times, 50), p95: percentile(times, 95), rows: count, kb: size / 1024 };
      results.push(r);
      console.log(
        `${label.padEnd(46)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(count).padStart(7)} ${r.kb.toFixed(0).padStart(6)}`,
      );
    }
    if (process.env.BENCH_SKIP_HEALTH !== '1') await healthUnderReports(app, token, admin, p);
    if (process.env.BENCH_SKIP_C10 !== '1') await tenAtOnce(app, token, p);
    return results;
  } finally {
    await app.close();
    await db.destroy();
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * `url` asked (as `bearer`, when given) until the instant `until` of performance.now(), 20 ms after each answer: the
 * answers' times, sorted, and the statuses other than 200.
 */
async function probe(app: App, until: number, url: string, bearer?: string) {
  const times: number[] = [];
  const failures: number[] = [];
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) failures.push(res.statusCode);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { times: times.sort((a, b) => a - b), failures };
}

/** `/api/health` and the dashboard's first row while two callers ask the 12-month card report back to back. */
async function healthUnderReports(app: App, token: string, admin: string, p: string) {
  const until = performance.now() + HEALTH_SECONDS * 1000;
  let reports = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/reports/card/settlements/${p}?items=100`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`card report: ${res.statusCode}`);
      reports++;
    }
  };
  const [health, dashboard] = await Promise.all([
    probe(app, until, '/api/health'),
    probe(app, until, '/api/dashboard/today', admin),
    caller(),
    caller(),
  ]);
  console.log(`\nFor ${HEALTH_SECONDS} s, two callers asked the 12-month card report back to back: ${reports} answers`);
  for (const [label, r] of [
    ['/api/health', health],
    ['/api/dashboard/today', dashboard],
  ] as const)
    console.log(
      `${label.padEnd(24)} ${r.times.length} answers (every 20 ms after the last): p50 ${percentile(r.times, 50).toFixed(1)} ms, p95 ${percentile(r.times, 95).toFixed(1)} ms, max ${(r.times.at(-1) ?? 0).toFixed(1)} ms; not 200: ${r.failures.length}`,
    );
}

/**
 * Issue 59's measure: ten callers asking one 12-month money report back to back for C10_SECONDS, `/api/health` asked
 * beside them every 20 ms; p50/p95 of the report's answers and of health's.
 */
async function tenAtOnce(app: App, token: string, p: string) {
  const cases: [string, string][] = [
    ['19 margin by product, page of 25', `/api/reports/margin/${p}?items=25`],
    ['19 margin by customer, page of 25', `/api/reports/margin/${p}?groupBy=customer&items=25`],
    ['19 margin by brand, page of 25', `/api/reports/margin/${p}?groupBy=brand&items=25`],
    ['19 margin by attendant', `/api/reports/margin/${p}?groupBy=attendant`],
    ['21 revenue by month', `/api/reports/revenue/${p}?bucket=month`],
    ['21 revenue by day, page of 31', `/api/reports/revenue/${p}?bucket=day&items=31`],
    ['20 card settlements, page of 100', `/api/reports/card/settlements/${p}?items=100`],
    ['cash flow, 90 + 90 days', '/api/cash-flow'],
  ];
  console.log(`\nTen callers back to back for ${C10_SECONDS} s each, /api/health beside them every 20 ms`);
  console.log(
    `${'case'.padEnd(40)} ${'answers'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'health p95'.padStart(11)}`,
  );
  const only = process.env.BENCH_CASE;
  for (const [label, url] of cases) {
    if (only && !label.includes(only)) continue;
    const until = performance.now() + C10_SECONDS * 1000;
    const times: number[] = [];
    const refused = new Map<number, number>();
    const caller = async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        // A refusal (503: no report connection within the pool's wait) is counted, not timed.
        if (res.statusCode === 200) times.push(performance.now() - t0);
        else refused.set(res.statusCode, (refused.get(res.statusCode) ?? 0) + 1);
      }
    };
    const health = probe(app, until, '/api/health');
    await Promise.all([health, ...Array.from({ length: 10 }, caller)]);
    times.sort((a, b) => a - b);
    const healthTimes = (await health).times;
    const refusals = [...refused].map(([status, n]) => `${n} × ${status}`).join(', ');
    console.log(
      `${label.padEnd(40)} ${String(times.length).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${percentile(healthTimes, 95).toFixed(1).padStart(11)}  ${refusals || 'all 200'}`,
    );
  }
}

async function main() {
  for (const dataset of await benchDatasets(process.env.MONEY_BENCH_URL)) await measure(dataset);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

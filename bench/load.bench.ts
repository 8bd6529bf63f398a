/**
 * Load harness (issue 8 §5): the built server as a child process, over real HTTP, on the demo business at
 * `--scale 100` (seeded once, kept in bench/.data and the PostgreSQL database `bench_scale100`), on
 * PostgreSQL and on PGlite. autocannon drives each case with 10 connections; prints requests per second,
 * p50 and p99, and the server's RSS before and after.
 *
 *   npm run bench -- load
 *   BENCH_ENGINES=postgres|pglite   BENCH_DURATION=10 (seconds per case)   BENCH_CONNECTIONS=10
 *   BENCH_CASE=galaxy   only the cases whose label contains it, and /api/health (e.g. to profile one endpoint)
 *   BENCH_CPU_PROF=1    the server runs with --cpu-prof; the top frames of its main thread are printed
 *   BENCH_POSTGRES_URL  the PostgreSQL server (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432)
 *   BENCH_RESEED=1      seeds again
 *
 * Targets (measured, not asserted): ≥ 300 requests/s and p99 ≤ 50 ms at 10 connections on PostgreSQL.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { lastDays } from '@backoffice/contract';
import autocannon from 'autocannon';
import { benchDatasets, type Dataset, SCALE } from './lib/datasets';
import { topFrames } from './lib/profile';
import { benchData, signIn, startServer } from './lib/server';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = 2;
const PROFILE = process.env.BENCH_CPU_PROF === '1';
const ONLY = process.env.BENCH_CASE;

/** Waits until the server answers /api/health quickly again: the previous case's backlog is gone. */
async function drained(url: string) {
  for (let i = 0; i < 120; i++) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Case {
  label: string;
  path: string;
}

interface Row {
  engine: string;
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function run(url: string, token: string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 60,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The customers list and search take `?page=&items=&search=` and answer `{ customers, total }` once the
 * paged list lands; before that the list ignores the parameters (it answers every approved customer) and
 * the search is GET /customers/full-search?param= (up to 50).
 */
async function customerCases(url: string, token: string): Promise<Case[]> {
  const page = '/api/customers?page=0&items=20&search=';
  const response = await fetch(`${url}${page}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { total?: number };
  const paged = response.status === 200 && typeof body.total === 'number';
  return [
    paged
      ? { label: "customer search 'silva'", path: '/api/customers?page=0&items=20&search=silva' }
      : { label: "customer search 'silva' (full-search)", path: '/api/customers/full-search?param=silva' },
    // Last: unpaged, it answers tens of megabytes per request and the server needs a while to drain them.
    { label: paged ? 'customers page (20)' : 'customers page (params ignored: every approved)', path: page },
  ];
}

/**
 * Orders (issue 9.6): the counters of every status, page 0 and the deepest page (the middle: pages past it
 * are read from the index's other end) of the status holding most orders, 10 a page, and an order by code
 * (lower case, no dash: the normalised-code index).
 */
async function orderCases(url: string, token: string): Promise<Case[]> {
  const headers = { authorization: `Bearer ${token}` };
  const counts = (await (await fetch(`${url}/api/orders/status`, { headers })).json()) as {
    data: { key: number; quantity: number }[];
  };
  const biggest = [...counts.data].sort((a, b) => b.quantity - a.quantity)[0] ?? { key: 1, quantity: 0 };
  const middle = Math.floor(biggest.quantity / 10 / 2);
  const page = (await (
    await fetch(`${url}/api/orders/status/${biggest.key}?page=${middle}&items=10`, { headers })
  ).json()) as {
    orders: { code: string }[];
  };
  const code = (page.orders[0]?.code ?? 'AAA-AAA').replace('-', '').toLowerCase();
  return [
    { label: 'orders: status counts', path: '/api/orders/status' },
    { label: 'orders: count', path: '/api/orders/count' },
    {
      label: `orders: status ${biggest.key} (${biggest.quantity}) page 0`,
      path: `/api/orders/status/${biggest.key}?page=0&items=10`,
    },
    {
      label: `orders: status ${biggest.key} page ${middle} (deepest)`,
      path: `/api/orders/status/${biggest.key}?page=${middle}&items=10`,
    },
    { label: `orders: by code '${code}'`, path: `/api/orders/${code}` },
  ];
}

/**
 * What every screen reads (issue 36): the bell's list of 30 and unread count, today's dispatch board (São
 * Paulo's day: the whole board of every order, and what the screen reads, its summary and the first page of
 * its biggest departure), the palette with an order code and with an IMEI, an IMEI's unit.
 */
async function shopCases(url: string, token: string): Promise<Case[]> {
  const headers = { authorization: `Bearer ${token}` };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const orders = (await (await fetch(`${url}/api/orders/status/1?page=0&items=1`, { headers })).json()) as {
    orders?: { code: string }[];
  };
  const code = orders.orders?.[0]?.code ?? 'AAA-AAA';
  // A phone of the demo: the first IMEI prefix (four digits, the palette's shortest) it finds one for.
  let imei = '';
  for (let prefix = 1000; prefix <= 9900 && !imei; prefix += 100) {
    const units = (await (await fetch(`${url}/api/search?q=${prefix}&limit=12`, { headers })).json()) as {
      data?: { kind: string; id: string }[];
    };
    imei = units.data?.find((hit) => hit.kind === 'unit')?.id ?? '';
  }
  // The board's biggest place of today (the next departure, where the late orders go), for its first page.
  const summary = (await (await fetch(`${url}/api/dispatch/board/summary?date=${today}`, { headers })).json()) as {
    data?: { departureAt: string | null; ordersCount: number }[];
  };
  const biggest = [...(summary.data ?? [])].sort((a, b) => b.ordersCount - a.ordersCount)[0];
  const place = biggest?.departureAt ?? 'immediate';
  return [
    { label: 'notifications: the bell (30 and the unread count)', path: '/api/notifications?limit=30' },
    { label: `dispatch board of today (${today}), every order`, path: `/api/dispatch/departures?date=${today}` },
    { label: 'dispatch board: the summary of today', path: `/api/dispatch/board/summary?date=${today}` },
    {
      label: `dispatch board: first page (50) of ${place} (${biggest?.ordersCount ?? 0} orders)`,
      path: `/api/dispatch/board/orders?departure=${encodeURIComponent(place)}&page=0&items=50`,
    },
    { label: `palette: an order code (${code})`, path: `/api/search?q=${encodeURIComponent(code)}&limit=12` },
    { label: 'palette: an IMEI', path: `/api/search?q=${imei}&limit=12` },
    { label: 'an IMEI unit', path: `/api/units/${imei}` },
  ];
}

/**
 * The other lists a user pages (issue 36): an order's history ('Histórico de alterações': the audit of the
 * first order of Finalizados), the phones in analysis, the couriers' settlements of the last 30 days, the
 * quotes, the entries by NF-e, the suppliers, the open bills to pay, the registers and the cash sessions, each as
 * its page first asks.
 */
async function listCases(url: string, token: string): Promise<Case[]> {
  const headers = { authorization: `Bearer ${token}` };
  const finished = (await (await fetch(`${url}/api/orders/status/13?page=0&items=1`, { headers })).json()) as {
    orders?: { orderId: number }[];
  };
  const orderId = finished.orders?.[0]?.orderId ?? 1;
  // A customer with instalments open: the receivables' list by customer, as his details link to it.
  const open = (await (await fetch(`${url}/api/receivables?status=open&page=0&pageSize=1`, { headers })).json()) as {
    data?: { items?: { customer: { id: number } }[] };
  };
  const debtor = open.data?.items?.[0]?.customer.id ?? 1;
  // The business clock's last 30 days, as the settlements' period buttons ask.
  const { first: start, last: end } = lastDays(new Date(), 30);
  return [
    {
      label: `list: the history of an order (${orderId})`,
      path: `/api/audit?entity=order&id=${orderId}&page=0&items=20`,
    },
    { label: 'list: phones in analysis, page 0', path: '/api/units/in-analysis?page=0&items=20' },
    {
      label: 'list: settlements of the last 30 days, page 0',
      path: `/api/dispatch/settlements?start=${start}&end=${end}&page=0&items=20`,
    },
    // Issue 38's and 39's lists, as their pages first ask.
    { label: 'list: quotes, page 0', path: '/api/quotes?page=0&size=20' },
    { label: 'list: entries by NF-e (Entradas), page 0', path: '/api/purchases?page=0&size=20' },
    { label: 'list: suppliers, page 0', path: '/api/suppliers?page=0&size=25' },
    { label: 'list: bills to pay, open, page 0', path: '/api/payables?status=open&page=0&pageSize=25' },
    { label: "list: suppliers searched 'dist'", path: '/api/suppliers?page=0&size=25&search=dist' },
    // Issue 40's drawer: the registers with their open sessions' totals, and the sessions as 'Caixa' pages them.
    { label: "list: cash registers ('Caixa')", path: '/api/cash-registers' },
    { label: 'list: cash sessions, page 0', path: '/api/cash-registers/sessions?page=0&pageSize=20' },
    // Issue 40's receivables, as 'Contas a receber' first asks them, overdue, and one customer's.
    { label: 'list: receivables open, page 0', path: '/api/receivables?status=open&page=0&pageSize=25' },
    { label: 'list: receivables overdue, page 0', path: '/api/receivables?status=overdue&page=0&pageSize=25' },
    {
      label: `list: receivables of a customer (${debtor})`,
      path: `/api/receivables?customerId=${debtor}&page=0&pageSize=25`,
    },
    { label: "list: receivables' summary (the dashboard's card)", path: '/api/receivables/summary' },
  ];
}

type Wasm = { size: number; resident: number } | undefined;

async function measure(
  dataset: Dataset,
): Promise<{ rows: Row[]; rssBefore: number; rssAfter: number; wasmBefore: Wasm; wasmAfter: Wasm }> {
  const profileDir = path.join(benchData, 'profiles', dataset.engine.toLowerCase());
  if (PROFILE) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const server = await startServer({
    dataDir: dataset.dataDir,
    databaseUrl: dataset.databaseUrl,
    nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const rows: Row[] = [];
  let rssBefore = 0;
  let wasmBefore: Wasm;
  try {
    const token = await signIn(server.url);
    const cases: Case[] = [
      { label: '/api/health', path: '/api/health' },
      { label: 'products page (100), whole products (section 7)', path: '/api/products?offset=0&limit=100' },
      { label: "products page (100), the list's rows (the web's call)", path: '/api/products/list?offset=0&limit=100' },
      {
        label: "product search 'galaxy' (every match counted)",
        path: '/api/products?offset=0&limit=100&search=galaxy',
      },
      {
        label: "product search 'galaxy' counted to 1,000, whole products",
        path: '/api/products?offset=0&limit=100&search=galaxy&countUpTo=1000',
      },
      {
        label: "product search 'galaxy' counted to 1,000, the list's rows (the web's call)",
        path: '/api/products/list?offset=0&limit=100&search=galaxy&countUpTo=1000',
      },
      {
        label: "product search 'galaxy' page 60 (counted to its end)",
        path: '/api/products/list?offset=5900&limit=100&search=galaxy&countUpTo=1000',
      },
      ...(await orderCases(server.url, token)),
      ...(await shopCases(server.url, token)),
      ...(await listCases(server.url, token)),
      ...(await customerCases(server.url, token)),
      // /api/health always: every case is read beside it (the share of health).
    ].filter((c) => !ONLY || c.path === '/api/health' || c.label.includes(ONLY));
    rssBefore = server.rssMb();
    wasmBefore = server.wasmMb();
    for (const c of cases) {
      await drained(server.url);
      await run(`${server.url}${c.path}`, token, WARMUP);
      const result = await run(`${server.url}${c.path}`, token, DURATION);
      rows.push({
        engine: dataset.engine,
        label: c.label,
        path: c.path,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
      process.stdout.write(`  ${dataset.engine} ${c.label}: ${Math.round(result.requests.average)} req/s\n`);
    }
    return { rows, rssBefore, rssAfter: server.rssMb(), wasmBefore, wasmAfter: server.wasmMb() };
  } finally {
    await server.stop();
    if (PROFILE) {
      // One profile per thread (the HTTP thread, and PGlite's worker when it runs): biggest first.
      const files = readdirSync(profileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(profileDir, f))
        .sort((a, b) => statSync(b).size - statSync(a).size);
      for (const file of files) {
        console.log(`\nCPU profile ${path.relative(process.cwd(), file)} — top self time:`);
        console.log(topFrames(file, 25));
      }
    }
  }
}

async function main() {
  const datasets = await benchDatasets();
  const results = [];
  for (const dataset of datasets) results.push(await measure(dataset));

  console.log(
    `\nLoad over HTTP, demo business × ${SCALE}, ${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s warm-up\n`,
  );
  console.log('| Engine | Case | Requests/s | share of health | p50 ms | p99 ms | Errors |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const { rows } of results) {
    // Each case beside /api/health of the same run on the same machine (issue 36's measure).
    const health = rows.find((r) => r.path === '/api/health')?.rps;
    for (const r of rows) {
      const share = health ? `${((100 * r.rps) / health).toFixed(1)} %` : '—';
      console.log(
        `| ${r.engine} | ${r.label} | ${Math.round(r.rps)} | ${share} | ${r.p50} | ${r.p99} | ${r.errors || ''} |`,
      );
    }
  }
  console.log(
    '\n| Engine | Server RSS before | after | PGlite WebAssembly memory before: size / resident | after |\n|---|---:|---:|---:|---:|',
  );
  const wasm = (w: Wasm) => (w ? `${w.size} / ${w.resident} MB` : '—');
  results.forEach(({ rssBefore, rssAfter, wasmBefore, wasmAfter }, i) => {
    console.log(
      `| ${datasets[i]?.engine} | ${rssBefore} MB | ${rssAfter} MB | ${wasm(wasmBefore)} | ${wasm(wasmAfter)} |`,
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

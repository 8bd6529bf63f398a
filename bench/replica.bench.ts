/**
 * Past one machine (issue 43): the reports' p95 and the checkouts' throughput with and without the read replica, with
 * one and two web processes, in the same run. A primary and its streaming standby made for the run (Debian's
 * PostgreSQL, `apps/api/src/test/replica-cluster.ts`), the demo business at `--scale` BENCH_REPLICA_SCALE (100 by
 * default: the scale-100 database the other benchmarks keep, copied in; another scale is seeded) in the primary, which
 * the standby streams. Each case starts its web processes (the built server,
 * `ROLE=web`), then for BENCH_DURATION seconds runs BENCH_LANES checkout lanes (an attendant adds a product to a
 * customer's cart and checks it out, as the counter does) beside BENCH_READERS report readers (the year's rankings, the
 * dashboard, stock against sales), the client taking the web processes in turn as nginx does. Prints checkouts per
 * second and the reports' p50 and p95.
 *
 *   npm run bench -- replica
 *   BENCH_REPLICA_SCALE=100   BENCH_DURATION=30   BENCH_LANES=4   BENCH_READERS=4
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { businessDay, dayPeriod } from '@backoffice/contract';
import pg from 'pg';
import { startReplicaCluster } from '../apps/api/src/test/replica-cluster';
import { postgresScale100 } from './lib/datasets';
import { benchData, type RunningServer, root, seedMain, signIn, startServer } from './lib/server';

const SCALE = Number(process.env.BENCH_REPLICA_SCALE ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const LANES = Number(process.env.BENCH_LANES ?? 4);
const READERS = Number(process.env.BENCH_READERS ?? 4);

interface Case {
  label: string;
  webs: number;
  replica: boolean;
}

const CASES: Case[] = [
  { label: '1 web process, primary only', webs: 1, replica: false },
  { label: '1 web process, reports on the replica', webs: 1, replica: true },
  { label: '2 web processes, primary only', webs: 2, replica: false },
  { label: '2 web processes, reports on the replica', webs: 2, replica: true },
];

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

async function main() {
  const cluster = await startReplicaCluster();
  const dirs: string[] = [];
  try {
    const seeding = performance.now();
    if (SCALE === 100) {
      // The scale-100 demo kept between runs (bench/lib/datasets.ts: seeded once, about 19 minutes), copied in.
      const dataset = await postgresScale100();
      if (!dataset?.databaseUrl) throw new Error('the replica benchmark needs PostgreSQL (BENCH_POSTGRES_URL)');
      // Its dump is kept beside it (bench/.data, git-ignored) until the database is seeded again.
      const dump = path.join(benchData, 'postgres-scale100.dump');
      const marker = path.join(dataset.dataDir, 'seeded.json');
      if (!existsSync(dump) || statSync(dump).mtimeMs < statSync(marker).mtimeMs) {
        process.stdout.write('Dumping the scale-100 demo (pg_dump, once per seed)…\n');
        execFileSync('pg_dump', ['-Fc', '-Z1', '-f', `${dump}.part`, dataset.databaseUrl], { stdio: 'inherit' });
        renameSync(`${dump}.part`, dump);
      }
      process.stdout.write('Restoring it into the primary (pg_restore)…\n');
      execFileSync('pg_restore', ['--no-owner', '-j', '2', '-d', cluster.primaryUrl, dump], { stdio: 'inherit' });
    } else {
      const seedDir = mkdtempSync(path.join(tmpdir(), 'backoffice-replica-bench-seed-'));
      dirs.push(seedDir);
      process.stdout.write(`Seeding the demo business × ${SCALE} into the primary…\n`);
      execFileSync(process.execPath, [seedMain, '--scale', String(SCALE)], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, DATA_DIR: seedDir, DATABASE_URL: cluster.primaryUrl, INIT_CWD: root },
      });
    }
    const primary = new pg.Client({ connectionString: cluster.primaryUrl });
    await primary.connect();
    await primary.query('vacuum analyze');
    const seededIn = Math.round((performance.now() - seeding) / 1000);

    const counts = (
      await primary.query<{ orders: number; items: number }>(
        'select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items',
      )
    ).rows[0];
    const customers = (
      await primary.query<{ id: number }>(`select id from customers where status = 'APPROVED' order by id limit $1`, [
        LANES * CASES.length,
      ])
    ).rows.map((row) => row.id);
    const products = (
      await primary.query<{ id: number }>(
        'select id from products where not serialized and stock > 0 order by id limit 20',
      )
    ).rows.map((row) => row.id);
    await primary.query('delete from cart_items where customer_id = any($1)', [customers]);
    // The checkouts take stock: enough for every case's lanes whatever their pace.
    await primary.query('update products set stock = stock + 100000 where id = any($1)', [products]);
    const last = (await primary.query<{ last: Date }>('select max(created_at) as last from orders')).rows[0]?.last;
    const lastDay = businessDay(last ?? new Date());
    const firstDay = businessDay(new Date(new Date(`${lastDay}T12:00:00Z`).getTime() - 364 * 86_400_000));
    const { start, end } = dayPeriod(firstDay, lastDay);
    const p = `start/${start}/end/${end}`;
    await primary.end();
    const reports = [
      '/api/dashboard',
      `/api/reports/products/sold/${p}/desc?items=100`,
      `/api/reports/customers/purchases/${p}/desc?items=100`,
      '/api/reports/product/stock/sales/level/0?items=100',
      `/api/reports/product/viewed/${p}`,
    ];

    console.log(
      `\nReplica benchmark: ${counts?.orders.toLocaleString('en')} orders, ${counts?.items.toLocaleString('en')} items (scale ${SCALE}, in the primary in ${seededIn} s); ${cpus().length} cores, everything on this one machine (primary, standby, web processes, client)`,
    );
    console.log(`${DURATION} s per case; ${LANES} checkout lanes and ${READERS} report readers at once\n`);
    console.log(
      `${'case'.padEnd(42)} ${'checkouts/s'.padStart(11)} ${'reports/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
    );

    const jwtSecret = `bench-${randomUUID()}`;
    for (const [index, entry] of CASES.entries()) {
      const webs: RunningServer[] = [];
      for (let i = 0; i < entry.webs; i++) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-replica-bench-web-'));
        dirs.push(dataDir);
        webs.push(
          await startServer({
            dataDir,
            databaseUrl: cluster.primaryUrl,
            env: {
              ROLE: 'web',
              JWT_SECRET: jwtSecret,
              LOG_LEVEL: 'warn',
              ...(entry.replica ? { DATABASE_REPLICA_URL: cluster.replicaUrl } : {}),
            },
          }),
        );
      }
      try {
        const attendant = await signIn(webs[0]?.url ?? '', 'atendente@demo.com.br');
        const manager = await signIn(webs[0]?.url ?? '', 'gerente@demo.com.br');
        let turn = 0;
        let firstError: string | undefined;
        const next = () => webs[turn++ % webs.length]?.url ?? '';
        const request = async (url: string, token: string, method = 'GET', body?: unknown, key?: string) => {
          const response = await fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...(key ? { 'idempotency-key': key } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          if (response.status !== 200)
            firstError ??= `${method} ${new URL(url).pathname} ${response.status} ${text.slice(0, 300)}`;
          return response.status;
        };
        // A warm-up read of each report on each process (plans and caches, as a server that has been up a while).
        for (const web of webs) for (const report of reports) await request(`${web.url}${report}`, manager);

        let checkouts = 0;
        let errors = 0;
        const latencies: number[] = [];
        const until = performance.now() + DURATION * 1000;
        const lane = async (customerId: number, n: number) => {
          for (let i = 0; performance.now() < until; i++) {
            const productId = products[(n + i) % products.length] as number;
            const added = await request(`${next()}/api/orders/cart/add/${customerId}`, attendant, 'POST', {
              productId,
              quantity: 1,
            });
            const key = randomUUID();
            const done = await request(
              `${next()}/api/orders/checkout/${customerId}`,
              attendant,
              'POST',
              { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: key },
              key,
            );
            if (added === 200 && done === 200) checkouts++;
            else errors++;
          }
        };
        const reader = async (n: number) => {
          for (let i = n; performance.now() < until; i++) {
            const started = performance.now();
            const status = await request(`${next()}${reports[i % reports.length]}`, manager);
            if (status === 200) latencies.push(performance.now() - started);
            else errors++;
          }
        };
        const started = performance.now();
        await Promise.all([
          ...Array.from({ length: LANES }, (_, n) => lane(customers[index * LANES + n] as number, n)),
          ...Array.from({ length: READERS }, (_, n) => reader(n)),
        ]);
        const seconds = (performance.now() - started) / 1000;
        latencies.sort((a, b) => a - b);
        console.log(
          `${entry.label.padEnd(42)} ${(checkouts / seconds).toFixed(1).padStart(11)} ${(latencies.length / seconds).toFixed(1).padStart(10)} ${percentile(latencies, 50).toFixed(0).padStart(8)} ${percentile(latencies, 95).toFixed(0).padStart(8)} ${String(errors).padStart(7)}`,
        );
        if (firstError) console.log(`  first error: ${firstError}`);
      } finally {
        for (const web of webs) await web.stop();
      }
    }
  } finally {
    cluster.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { businessDay } from '@backoffice/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB } from '../db/database';
import { DEMO_PASSWORD } from '../db/seed/foundation';
import { freePort } from '../test/free-port';
import { type ReplicaCluster, startReplicaCluster } from '../test/replica-cluster';

/**
 * Issue 43's proof: a primary and its streaming replica, two web processes and two workers, each a real process
 * (`node --import tsx src/main.ts --role=…`, as `npm run serve` starts them), all starting together on the empty
 * database. 200 checkouts and the dashboard's reads go to both web processes, a client retrying on the other one when a
 * process does not answer (as nginx does, deploy/nginx/backoffice.conf), while one web process and one worker are
 * killed with SIGKILL. Then: every acknowledged order is there once and no other was made, the stock is its ledger,
 * the day's backup was made once, no read failed. In .ci/run's PostgreSQL part (a `.pg.test.ts`), on its own cluster.
 */
const tsx = createRequire(import.meta.url).resolve('tsx');
const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const CHECKOUTS = 200;
const LANES = 10;

interface Running {
  role: 'web' | 'worker';
  child: ChildProcess;
  dataDir: string;
  base: string | undefined;
  exited: Promise<unknown>;
}

let cluster: ReplicaCluster;
let db: DB;
const running: Running[] = [];
const jwtSecret = `processes-${randomUUID()}`;

async function start(role: 'web' | 'worker'): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `backoffice-${role}-`));
  const port = role === 'web' ? await freePort() : undefined;
  const child = spawn(process.execPath, ['--import', tsx, MAIN, `--role=${role}`], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URL: cluster.replicaUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port ?? 0),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk) => errors.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const process_: Running = { role, child, dataDir, base: port ? `http://127.0.0.1:${port}` : undefined, exited };
  running.push(process_);
  // Ready when it says so (main.ts): 'BackOffice pronto em …' or, for a worker, 'tarefas agendadas em execução'.
  const said = role === 'web' ? 'BackOffice pronto em' : 'tarefas agendadas em execução';
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream }))
      if (line.includes(said)) return;
    throw new Error(`the ${role} process ended before it was ready: ${errors.join('').slice(-2000)}`);
  })();
  await ready;
  return process_;
}

/** A request to one web process, or to the other when this one does not answer (nginx's `proxy_next_upstream`). */
async function call(
  webs: Running[],
  turn: number,
  init: { method?: string; path: string; token?: string; body?: unknown; key?: string },
) {
  for (let attempt = 0; attempt < 2 * webs.length; attempt++) {
    const web = webs[(turn + attempt) % webs.length] as Running;
    try {
      const response = await fetch(`${web.base}${init.path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch {
      // Refused or cut: a process killed. The same request goes to the next one.
    }
  }
  throw new Error(`no web process answered ${init.path}`);
}

beforeAll(async () => {
  cluster = await startReplicaCluster();
  db = createDatabase({ databaseUrl: cluster.primaryUrl, dataDir: '/nonexistent', inMemory: true });
  // All four at once on the empty database: one migrates and seeds the demo, the others wait for it.
  await Promise.all([start('web'), start('web'), start('worker'), start('worker')]);
}, 600_000);

afterAll(async () => {
  for (const { child, exited } of running) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
  await db?.destroy();
  cluster?.close();
  for (const { dataDir } of running) rmSync(dataDir, { recursive: true, force: true });
});

describe('two web processes and two workers, one of each killed under load', () => {
  it('keeps every acknowledged order once, the stock as its ledger, one backup of the day and every read', async () => {
    const webs = running.filter((process_) => process_.role === 'web');
    const workers = running.filter((process_) => process_.role === 'worker');
    const signIn = async (email: string) => {
      const answer = await call(webs, 0, {
        method: 'POST',
        path: '/api/accounts/signin',
        body: { email, password: DEMO_PASSWORD },
      });
      expect(answer.status).toBe(200);
      return (answer.body.data as { accessToken: string }).accessToken;
    };
    const attendant = await signIn('atendente@demo.com.br');
    const admin = await signIn('admin@demo.com.br');
    // The day's backup due now whatever the hour (a time already past): the workers make it at their next look.
    const settings = await call(webs, 0, {
      method: 'PUT',
      path: '/api/backups/settings',
      token: admin,
      body: { timeOfDay: '00:00', keep: 14 },
    });
    expect(settings.status).toBe(200);

    const customers = (
      await db
        .selectFrom('customers')
        .select('id')
        .where('status', '=', 'APPROVED')
        .orderBy('id')
        .limit(LANES)
        .execute()
    ).map((row) => row.id);
    const products = (
      await db
        .selectFrom('products')
        .select('id')
        .where('serialized', '=', false)
        .where('stock', '>=', 100)
        .orderBy('id')
        .limit(5)
        .execute()
    ).map((row) => row.id);
    expect(customers).toHaveLength(LANES);
    expect(products).toHaveLength(5);
    await db.deleteFrom('cart_items').where('customer_id', 'in', customers).execute();
    const startedAt = new Date();

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let turn = 0;
    let killed = false;
    const killOneOfEach = async () => {
      killed = true;
      for (const victim of [webs[0], workers[0]] as Running[]) {
        victim.child.kill('SIGKILL');
        await victim.exited;
      }
    };
    const lane = async (customerId: number, index: number) => {
      while (acknowledged.length < CHECKOUTS) {
        const productId = products[(index + acknowledged.length) % products.length] as number;
        const added = await call(webs, turn++, {
          method: 'POST',
          path: `/api/orders/cart/add/${customerId}`,
          token: attendant,
          body: { productId, quantity: 1 },
        });
        if (added.status !== 200) refused.push(`add ${added.status} ${JSON.stringify(added.body)}`);
        const key = randomUUID();
        const checkout = await call(webs, turn++, {
          method: 'POST',
          path: `/api/orders/checkout/${customerId}`,
          token: attendant,
          key,
          body: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: key },
        });
        if (checkout.status === 200) acknowledged.push(String(checkout.body.code));
        else refused.push(`checkout ${checkout.status} ${JSON.stringify(checkout.body)}`);
        if (refused.length > 0) return;
        if (!killed && acknowledged.length >= CHECKOUTS / 4) await killOneOfEach();
      }
    };
    const readFailures: string[] = [];
    let reads = 0;
    let selling = true;
    const reader = async () => {
      while (selling) {
        const answer = await call(webs, turn++, { path: '/api/dashboard/today', token: admin });
        reads++;
        if (answer.status !== 200) readFailures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const readers = [reader(), reader()];
    await Promise.all(customers.map((customerId, index) => lane(customerId, index)));
    selling = false;
    await Promise.all(readers);

    expect(refused).toEqual([]);
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(CHECKOUTS);
    // Each acknowledged order once, and no order the client was not told of.
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const made = await db
      .selectFrom('orders')
      .select('code')
      .where('customer_id', 'in', customers)
      .where('created_at', '>=', startedAt)
      .execute();
    expect(made.map((row) => row.code).sort()).toEqual([...acknowledged].sort());
    // The stock is its ledger (stock.service `moveStock`: one row per change, never below zero).
    const drift = await sql<{ id: number }>`select p.id from products p
        left join (select product_id, sum(quantity_in - quantity_out)::int as net from stock_movements group by product_id) s
          on s.product_id = p.id
        where coalesce(s.net, 0) <> p.stock or p.stock < 0`.execute(db);
    expect(drift.rows).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    expect(readFailures).toEqual([]);

    // The day's backup: once, by whichever worker took it (the killed one's round taken up by the other).
    const today = businessDay(new Date());
    const backups = async () =>
      db
        .selectFrom('backup_runs')
        .select(['file_name', 'error'])
        .where('kind', '=', 'scheduled')
        .where(sql<boolean>`slot::date = ${today}::date`)
        .execute();
    for (;;) {
      const runs = await backups();
      if (runs.some((run) => run.error === null)) break;
      await new Promise((settle) => setTimeout(settle, 500));
    }
    const madeToday = (await backups()).filter((run) => run.error === null);
    expect(madeToday).toHaveLength(1);
    const files = workers.flatMap(({ dataDir }) => {
      try {
        return readdirSync(path.join(dataDir, 'backups')).filter((name) => name.endsWith('-scheduled.pgdump.backup'));
      } catch {
        return [];
      }
    });
    expect(files).toEqual([madeToday[0]?.file_name]);
  }, 600_000);
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { DATABASE_UNAVAILABLE_TEXT } from '@backoffice/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../config';
import { createCustomer, createProduct, ledgerOf } from '../modules/selling/test-selling';
import { type RunningServer, startServer } from '../server';
import { DEMO } from '../test/helpers';
import { startTcpProxy } from '../test/tcp-proxy';
import { createDatabase, type DB, reportsDatabase } from './database';
import { migrations } from './migrations';
import { DEMO_PASSWORD, seedFoundation } from './seed/foundation';

/**
 * The database going away under a running API, and an API started before its database: a TCP proxy of the
 * test's own stands between the API and the machine's PostgreSQL and plays the restart or failover.
 * PostgreSQL only: vitest.config.ts collects `*.pg.test.ts` only when DATABASE_URL is set (.ci/run).
 */
const DATABASE_URL = process.env.DATABASE_URL as string;
const UNAVAILABLE = { errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' };
/** Bounded waits for what must happen "within seconds" (generous: the machine is shared). */
const WITHIN_MS = 15_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A schema of the test's own, a proxy to the server, and a database handle that bypasses the proxy. */
async function world({ proxyOpen = true } = {}) {
  const schema = `away_${randomUUID().replace(/-/g, '')}`;
  await admin(`create schema ${schema}`);
  const target = new URL(DATABASE_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { open: proxyOpen });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-away-'));
  const direct = createDatabase({ databaseUrl: DATABASE_URL, dataDir, inMemory: true, schema });
  cleanups.push(async () => {
    await proxy.close();
    await direct.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop schema ${schema} cascade`);
  });
  const url = new URL(proxy.url(DATABASE_URL));
  url.searchParams.set('options', `-c search_path=${schema}`);
  // Names the API's sessions in pg_stat_activity, so the test finds its own among parallel runs'.
  url.searchParams.set('application_name', schema);
  // Every replica shares the secret, as docs/architecture.md's "Running several replicas" asks.
  const jwtSecret = `away-${randomUUID()}`;
  const config = (overrides: Partial<AppConfig> = {}) =>
    loadConfig(
      {
        inMemory: true,
        dataDir,
        jwtSecret,
        webDistDir: undefined,
        port: 0,
        host: '127.0.0.1',
        databaseUrl: url.toString(),
        demoData: false,
        adminEmail: undefined,
        adminPassword: undefined,
        ...overrides,
      },
      {},
    );
  return { schema, proxy, direct, config };
}

/** Starts an API server as main.ts does (real HTTP on a free port), closed after the test. */
/** Where a server's log lines go, kept: a test waits on what the server says rather than on the clock. */
function logKept() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: { level: 'warn', stream } };
}

async function serve(config: AppConfig, logger: object | false = false): Promise<RunningServer & { base: string }> {
  const running = await startServer(config, { logger, retry: { minDelayMs: 100, maxDelayMs: 500 } });
  // Settled by the test (awaited) or by the close (aborted): never an unhandled rejection.
  running.ready.catch(() => undefined);
  cleanups.push(() => running.app.close());
  const { port } = running.app.server.address() as AddressInfo;
  return { ...running, base: `http://127.0.0.1:${port}` };
}

interface Answer {
  kind: 'list' | 'checkout';
  status: number;
  body: unknown;
  startedAt: number;
  endedAt: number;
}

async function call(base: string, init: { method?: string; path: string; token?: string; body?: unknown }) {
  const startedAt = Date.now();
  const response = await fetch(`${base}${init.path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, startedAt, endedAt: Date.now() };
}

async function signIn(base: string, email: string): Promise<string> {
  const answer = await call(base, {
    method: 'POST',
    path: '/api/accounts/signin',
    body: { email, password: DEMO_PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: { accessToken: string } }).data.accessToken;
}

/** Resolves when `check` holds, polling every 50 ms; rejects after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = WITHIN_MS, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

/** Reads a live-updates stream over HTTP; `text()` is what arrived so far. */
async function openStream(base: string, token: string) {
  const response = await fetch(`${base}/api/orders/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  let raw = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        raw += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // closed
    }
  })();
  // No abort of our own: closing the app ends the stream (a client abort racing the close holds the close
  // until Node's headers timeout).
  return { text: () => raw };
}

const ordersOf = (db: DB, productId: number) =>
  db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.code', 'orders.customer_id'])
    .where('order_items.product_id', '=', productId)
    .execute();

describe('the database goes away and comes back', () => {
  it('a restart under load (lists and checkouts): the API lives, answers 503 within 5 s while cut, serves again by itself, keeps every acknowledged checkout, and a retried checkout gives one order', async () => {
    const { proxy, direct, config } = await world();
    const server = await serve(config());
    await server.ready;
    await seedFoundation(direct);
    const token = await signIn(server.base, DEMO.attendant);
    const product = await createProduct(direct, {
      name: 'iPhone 15 Queda de Banco',
      costCents: 400_000,
      sellCents: 520_000,
      stock: 500,
    });
    const customers: { id: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const customer = await createCustomer(direct);
      await direct
        .insertInto('cart_items')
        .values({ customer_id: customer.id, product_id: product.id, quantity: 1 })
        .execute();
      customers.push(customer);
    }
    const stream = await openStream(server.base, await signIn(server.base, DEMO.admin));

    // Load: 4 callers list customers and products, 3 callers check out one customer each, back to back.
    const answers: Answer[] = [];
    const checkouts: { customerId: number; key: string; status: number }[] = [];
    let stop = false;
    const lister = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const path = (i + n) % 2 === 0 ? '/api/customers?items=20' : '/api/products?items=20';
        answers.push({ kind: 'list', ...(await call(server.base, { path, token })) });
      }
    };
    // A seller checks a customer out; after a 503 the screen lets the attendant send it again (same key)
    // a moment later, or the attendant moves on to the next customer (the test sends those again at the end).
    let nextCustomer = 0;
    const seller = async (retries: boolean) => {
      while (!stop && nextCustomer < customers.length) {
        const customer = customers[nextCustomer++] as { id: number };
        const key = randomUUID();
        for (;;) {
          const answer = await call(server.base, {
            method: 'POST',
            path: `/api/orders/checkout/${customer.id}`,
            token,
            body: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: key },
          });
          answers.push({ kind: 'checkout', ...answer });
          checkouts.push({ customerId: customer.id, key, status: answer.status });
          if (answer.status !== 503 || stop) break;
          await sleep(200);
          if (!retries) break;
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(lister).concat([seller(true), seller(true), seller(false)]));
    let cutAt = 0;
    let restoredAt = 0;
    try {
      await until(() => checkouts.filter((c) => c.status === 200).length >= 5, WITHIN_MS, 'checkouts before the cut');
      await proxy.cut();
      cutAt = Date.now();
      // The scenario: the database stays away for 3 seconds.
      await sleep(3000);
      restoredAt = Date.now();
      await proxy.restore();
      await until(
        () => answers.some((a) => a.kind === 'list' && a.startedAt >= restoredAt && a.status === 200),
        WITHIN_MS,
        'a list answered after the restore',
      );
      await until(
        () => answers.some((a) => a.kind === 'checkout' && a.startedAt >= restoredAt && a.status === 200),
        WITHIN_MS,
        'a checkout answered after the restore',
      );
    } finally {
      stop = true;
      await load;
    }

    // Never a hang, never a 500: every answer within 10 s (the 3-second connection timeout, with room for a
    // loaded machine: CI runs this niced beside the journeys, and one answer took 6.9 s there), each 200 or 503
    // with the database's message. That every request during the cut was a 503 is checked below.
    const slowest = Math.max(...answers.map((a) => a.endedAt - a.startedAt));
    expect(slowest).toBeLessThanOrEqual(10_000);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => [a.status, a.body])).toEqual([]);
    for (const a of answers.filter((a) => a.status === 503)) expect(a.body).toEqual(UNAVAILABLE);
    // While the database was away, every request answered 503.
    const duringCut = answers.filter((a) => a.startedAt >= cutAt && a.endedAt <= restoredAt);
    expect(duringCut.length).toBeGreaterThan(10);
    expect(duringCut.filter((a) => a.status !== 503)).toEqual([]);

    // The process is alive and healthy; the live-updates listener came back and told the stream to refresh.
    expect((await call(server.base, { path: '/api/health' })).status).toBe(200);
    await until(() => stream.text().includes('"kind":"many"'), WITHIN_MS, 'the many event');

    // Every acknowledged checkout is in the database.
    const acknowledged = checkouts.filter((c) => c.status === 200);
    const cut = checkouts.filter((c) => c.status === 503);
    expect(cut.length).toBeGreaterThan(0);
    // Some were sent again with their key during the load and then answered 200.
    expect(cut.some((c) => acknowledged.some((a) => a.key === c.key))).toBe(true);
    const orders = await ordersOf(direct, product.id);
    for (const c of acknowledged) expect(orders.map((o) => o.customer_id)).toContain(c.customerId);
    // The cut ones, sent again with their keys: one order each (a commit that landed before the cut is replayed).
    for (const c of cut) {
      const again = await call(server.base, {
        method: 'POST',
        path: `/api/orders/checkout/${c.customerId}`,
        token,
        body: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: c.key },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }
    const after = await ordersOf(direct, product.id);
    const sold = new Set([...acknowledged, ...cut].map((c) => c.customerId));
    expect(after).toHaveLength(sold.size);
    expect(new Set(after.map((o) => o.customer_id))).toEqual(sold);
    // Stock equals its ledger: 500 in, one out per order.
    expect(await ledgerOf(direct, product.id)).toMatchObject({
      stock: 500 - sold.size,
      sum: 500 - sold.size,
      last: 500 - sold.size,
      chained: true,
    });
  }, 180_000);

  it('started before its database: listens at once and answers 503, then migrates and serves when the database appears; two replicas migrate once', async () => {
    const { proxy, direct, config } = await world({ proxyOpen: false });
    const firstLog = logKept();
    const secondLog = logKept();
    const first = await serve(config(), firstLog.logger);
    const second = await serve(config(), secondLog.logger);
    let ready = 0;
    // A rejection (the close aborting the wait) is the test's failure elsewhere, never an unhandled one.
    void first.ready.then(
      () => ready++,
      () => undefined,
    );
    void second.ready.then(
      () => ready++,
      () => undefined,
    );

    const health = await call(first.base, { path: '/api/health' });
    expect(health.status).toBe(503);
    expect((await call(second.base, { path: '/api/customers' })).status).toBe(503);
    // The scenario: the database stays away a while; each has said three times that it retries (the
    // sentinel: no clock), and both keep waiting, neither exits.
    const retries = (log: { lines: string[] }) =>
      log.lines.filter((line) => line.includes('database unreachable at start, retrying')).length;
    await until(() => retries(firstLog) >= 3 && retries(secondLog) >= 3, WITHIN_MS, 'three retries each');
    expect(ready).toBe(0);
    expect((await call(first.base, { path: '/api/health' })).status).toBe(503);

    await proxy.restore();
    // Both come up: the second waits on Kysely's migration lock instead of failing on the first's tables.
    expect(await Promise.all([first.ready, second.ready])).toEqual(['nobody', 'nobody']);
    expect((await call(first.base, { path: '/api/health' })).status).toBe(200);
    expect((await call(second.base, { path: '/api/health' })).status).toBe(200);
    // Every migration applied, each once.
    const applied = await direct
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`)
      .execute();
    expect(applied.map((m) => m.name)).toEqual(Object.keys(migrations).sort());
    // And they serve: sign-in and a list through either replica.
    await seedFoundation(direct);
    const token = await signIn(second.base, DEMO.admin);
    const list = await call(first.base, { path: '/api/customers', token });
    expect(list.status).toBe(200);
  }, 120_000);
});

describe('bounded waits on PostgreSQL', () => {
  /** A running server whose checkouts of one customer wait on a row lock the test holds. */
  async function lockedCustomer(overrides: Partial<AppConfig>) {
    const { direct, config, schema } = await world();
    const server = await serve(config(overrides));
    await server.ready;
    await seedFoundation(direct);
    const token = await signIn(server.base, DEMO.attendant);
    const product = await createProduct(direct, {
      name: 'Capa Bloqueada',
      costCents: 1000,
      sellCents: 2990,
      stock: 10,
    });
    const customer = await createCustomer(direct);
    await direct
      .insertInto('cart_items')
      .values({ customer_id: customer.id, product_id: product.id, quantity: 2 })
      .execute();
    // Another session holds the customer's row: checkouts lock it first and wait.
    const holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('begin');
    await holder.query(`select id from ${schema}.customers where id = $1 for update`, [customer.id]);
    const checkout = (key: string) =>
      call(server.base, {
        method: 'POST',
        path: `/api/orders/checkout/${customer.id}`,
        token,
        body: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false, idempotencyKey: key },
      });
    return { server, token, product, direct, holder, schema, checkout };
  }

  it('a query beyond DB_STATEMENT_TIMEOUT_MS is cancelled: 503, and its connection is free again (more cancellations than the pool has connections)', async () => {
    // 1 s: the bound the locked checkouts pass, far above any statement of a checkout that is not waiting (at
    // 300 ms, CI's loaded machine once took longer than that for the last, unlocked checkout).
    const { server, token, product, direct, holder, checkout } = await lockedCustomer({ dbStatementTimeoutMs: 1000 });
    const key = randomUUID();
    // 12 checkouts one after the other, each cancelled after 1 s: more than the pool's 10 connections.
    for (let i = 0; i < 12; i++) {
      const answer = await checkout(key);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(UNAVAILABLE);
    }
    // No connection was kept by the cancelled ones: the API still serves.
    expect((await call(server.base, { path: '/api/customers', token })).status).toBe(200);
    await holder.query('rollback');
    const sold = await checkout(key);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await ledgerOf(direct, product.id)).toMatchObject({ stock: 8, sum: 8, chained: true });
  }, 120_000);

  it('no free connection within DB_CONNECTION_TIMEOUT_MS: 503 in about that time instead of an endless wait', async () => {
    const { server, token, direct, holder, schema, checkout } = await lockedCustomer({
      dbConnectionTimeoutMs: 1000,
      dbStatementTimeoutMs: 60_000,
    });
    // 10 checkouts wait on the lock and hold every connection of the pool.
    const key = randomUUID();
    const waiting = Array.from({ length: 10 }, () => checkout(key));
    await until(
      async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where application_name = ${schema} and wait_event_type = 'Lock'`.execute(
          direct,
        );
        return rows[0]?.n === 10;
      },
      WITHIN_MS,
      'ten checkouts waiting on the lock',
    );
    const list = await call(server.base, { path: '/api/customers', token });
    expect(list.status).toBe(503);
    expect(list.body).toEqual(UNAVAILABLE);
    // About the 1-second connection timeout, far from the 60-second statement timeout (room for a loaded machine).
    expect(list.endedAt - list.startedAt).toBeLessThan(WITHIN_MS);
    await holder.query('rollback');
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => (a.body as { code: string }).code)).size).toBe(1);
  }, 120_000);

  it('the reports read with their own, longer statement_timeout', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-away-'));
    const db = createDatabase({
      databaseUrl: DATABASE_URL,
      dataDir,
      inMemory: true,
      timeouts: { statementMs: 1500, reportStatementMs: 90_000 },
    });
    cleanups.push(async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const show = async (on: DB) =>
      (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(on)).rows[0]?.statement_timeout;
    expect(await show(db)).toBe('1500ms');
    expect(await show(reportsDatabase(db))).toBe('90s');
  });
});

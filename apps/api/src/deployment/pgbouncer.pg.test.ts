import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderEvent } from '@backoffice/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase, type DB, migrateToLatest } from '../db/database';
import { seedFoundation } from '../db/seed/foundation';
import { createOrderWorld, type OrderWorld } from '../modules/orders/test-orders';
import { type RunningServer, startServer } from '../server';
import { adminQuery } from '../test/database';
import { freePort } from '../test/free-port';
import { bearer, DEMO, signIn } from '../test/helpers';

/**
 * The API behind PgBouncer in transaction mode (issue 43 §3, decision 0064): Debian's PgBouncer 1.18 (`npm test`
 * installs it for the PostgreSQL part, scripts/pgbouncer.mjs; PGBOUNCER_PATH names another) in front of this run's
 * PostgreSQL, three server sessions shared by every client connection. DATABASE_URL goes through it and
 * DATABASE_DIRECT_URL to the server itself, as docs/deployment.md says. On a database made for the test: PgBouncer 1.18
 * passes no `options`, so the tests' schema of their own cannot be named through it.
 */
const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';
const SERVER_URL = process.env.DATABASE_URL as string;

let dir: string;
let bouncer: ChildProcess;
let server: RunningServer;
let direct: DB;
let world: OrderWorld;
const database = `bouncer_${randomUUID().replace(/-/g, '')}`;

/**
 * Waits until PgBouncer answers at `url`, for up to 60 s (a loaded machine starts it slowly); false as soon as the
 * process has ended (its port taken meanwhile by another test's server: the caller starts it again on another).
 */
async function answers(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PgBouncer did not answer at ${url} within 60 s`);
}

beforeAll(async () => {
  await adminQuery(`create database ${database}`, SERVER_URL);
  const target = new URL(SERVER_URL);
  const directUrl = new URL(SERVER_URL);
  directUrl.pathname = `/${database}`;
  dir = mkdtempSync(path.join(tmpdir(), 'backoffice-pgbouncer-'));
  chmodSync(dir, 0o777);
  let pooledUrl = '';
  for (let attempt = 1; !pooledUrl; attempt++) {
    const port = await freePort();
    const ini = path.join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      [
        '[databases]',
        `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username) || 'postgres'}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        'default_pool_size = 3',
        'max_client_conn = 200',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      ].join('\n'),
    );
    // PgBouncer refuses to run as root: as the postgres user then, as PostgreSQL itself runs.
    const asRoot = process.getuid?.() === 0;
    bouncer = spawn(asRoot ? 'runuser' : PGBOUNCER, asRoot ? ['-u', 'postgres', '--', PGBOUNCER, ini] : [ini], {
      stdio: 'ignore',
    });
    const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
    if (await answers(url, bouncer)) pooledUrl = url;
    else if (attempt === 3) {
      const log = path.join(dir, 'pgbouncer.log');
      throw new Error(`PgBouncer ended at its start three times:\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
    }
  }

  direct = createDatabase({ databaseUrl: directUrl.toString(), dataDir: '/nonexistent', inMemory: true });
  await migrateToLatest(direct);
  await seedFoundation(direct);
  world = await createOrderWorld(direct);

  const config = loadConfig(
    {
      inMemory: true,
      dataDir: path.join(dir, 'data'),
      jwtSecret: `bouncer-${randomUUID()}`,
      databaseUrl: pooledUrl,
      webDistDir: undefined,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'warn',
    },
    { DATABASE_DIRECT_URL: directUrl.toString() },
  );
  expect(config.databaseDirectUrl).toBe(directUrl.toString());
  server = await startServer(config, { logger: false });
  expect(await server.ready).toBe('existing');
}, 120_000);

afterAll(async () => {
  await server?.app.close();
  await direct?.destroy();
  bouncer?.kill('SIGTERM');
  if (bouncer && bouncer.exitCode === null) await new Promise((resolve) => bouncer.once('exit', resolve));
  await adminQuery(`drop database if exists ${database} with (force)`, SERVER_URL);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the API behind PgBouncer in transaction mode', () => {
  it('answers, signs in, reads the bell from many connections, checks out, hears its own announcement and backs up', async () => {
    const { app } = server;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const attendant = await signIn(app, DEMO.attendant);
    const admin = await signIn(app, DEMO.admin);

    // The bell's read is a named prepared statement on a session of its own; through the pooler it is a plain one:
    // 30 at once over the API's 10 connections and PgBouncer's 3 server sessions, every one answered alike.
    const bells = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(attendant) }),
      ),
    );
    expect(bells.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(bells.map((res) => res.body)).size).toBe(1);

    // LISTEN holds a session: the announcements are heard on the server itself.
    const heard: OrderEvent[] = [];
    const unsubscribe = await app.deps.events.subscribe((event) => heard.push(event));
    const [productId] = world.products;
    const before = await direct
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId as number)
      .executeTakeFirstOrThrow();
    const added = await app.inject({
      method: 'POST',
      url: `/api/orders/cart/add/${world.customerId}`,
      headers: bearer(attendant),
      payload: { productId, quantity: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/orders/checkout/${world.customerId}`,
      headers: bearer(attendant),
      payload: { typeOfDelivery: 2, withWarranty: false, isFastDelivery: false },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const code = checkout.json().code as string;
    const order = await direct
      .selectFrom('orders')
      .select(['id', 'code'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const after = await direct
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId as number)
      .executeTakeFirstOrThrow();
    expect(before.stock - after.stock).toBe(2);
    for (let i = 0; i < 200 && !heard.some((event) => 'id' in event && event.id === order.id); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toContainEqual(expect.objectContaining({ kind: 'created', id: order.id, code }));
    unsubscribe();

    // pg_dump on the server itself, in the snapshot of a transaction opened through the pooler.
    const backup = await app.inject({ method: 'POST', url: '/api/backups', headers: bearer(admin) });
    expect(backup.statusCode, backup.body).toBe(201);
    const listed = await app.inject({ method: 'GET', url: '/api/backups', headers: bearer(admin) });
    expect(listed.json().data).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createStorage } from '../lib/storage';
import { createOrder, createOrderWorld, type OrderWorld } from '../modules/orders/test-orders';
import { bearer, DEMO, signIn } from '../test/helpers';
import { type ReplicaCluster, startReplicaCluster } from '../test/replica-cluster';
import { createDatabase, type DB, migrateToLatest, replicaOf } from './database';
import { seedFoundation } from './seed/foundation';

/**
 * The reports read from a real streaming replica (issue 43 §2, decision 0062): a primary and its standby started for
 * this test (test/replica-cluster.ts). Runs in .ci/run's PostgreSQL part (a `.pg.test.ts`), on clusters of its own.
 * The dashboard's "waiting for the stocker" count tells where a read went: an order made on the primary while the
 * replica's replay is paused is counted by a read of the primary only; so does a customer made then for the reads that
 * may lag (the lists' CSV, the palette's search).
 */
const LATE_CUSTOMER = 'Cliente Réplica Atrasada';

describe('reads from a streaming replica', () => {
  let cluster: ReplicaCluster;
  let dataDir: string;
  const opened: { db: DB; app: FastifyInstance }[] = [];
  let world: OrderWorld;

  /** An API on the cluster whose reports may read the replica while it is at most `maxLagMs` behind. */
  async function api(maxLagMs: number) {
    const config = loadConfig(
      {
        inMemory: true,
        dataDir,
        jwtSecret: `replica-${randomUUID()}`,
        databaseUrl: cluster.primaryUrl,
        databaseReplicaUrl: cluster.replicaUrl,
        replicaMaxLagMs: maxLagMs,
        webDistDir: undefined,
      },
      {},
    );
    const db = createDatabase({ ...config, log: { warn: () => undefined, error: () => undefined } });
    const app = await buildApp({ config, db, logger: false, storage: createStorage(db) });
    await app.ready();
    opened.push({ db, app });
    const token = await signIn(app, DEMO.admin);
    const monitor = replicaOf(db);
    if (!monitor) throw new Error('no replica monitor');
    const waitingForStocker = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/dashboard/today', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const waiting = res.json().data.waiting as { status: number; orders: number }[];
      return waiting.find((row) => row.status === ORDER_STATUS.AGUARDANDO_ESTOQUISTA)?.orders;
    };
    const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json();
    /** Whether the reads that may lag (the customers' CSV, the palette's search) find the customer made late. */
    const findsLateCustomer = async () => {
      const csv = await app.inject({
        method: 'GET',
        url: '/api/customers/export.csv?list=active',
        headers: bearer(token),
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const search = await app.inject({ method: 'GET', url: '/api/search?q=atrasada', headers: bearer(token) });
      expect(search.statusCode, search.body).toBe(200);
      const titles = (search.json().data as { kind: string; title: string }[]).map((r) => `${r.kind}:${r.title}`);
      return { csv: csv.body.includes(LATE_CUSTOMER), search: titles.includes(`customer:${LATE_CUSTOMER}`) };
    };
    return { app, db, monitor, waitingForStocker, health, findsLateCustomer };
  }

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-replica-api-'));
    const setup = createDatabase({ databaseUrl: cluster.primaryUrl, dataDir, inMemory: true });
    try {
      await migrateToLatest(setup);
      await seedFoundation(setup);
      world = await createOrderWorld(setup);
      await createOrder(setup, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
    } finally {
      await setup.destroy();
    }
  }, 120_000);

  afterAll(async () => {
    for (const { app, db } of opened) {
      await app.close();
      await db.destroy();
    }
    cluster?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the replica while it is close enough; a lag over the limit sends the reads to the primary', async () => {
    const near = await api(60_000);
    const strict = await api(1);
    // Caught up and streaming: no lag, both read the replica.
    expect((await near.monitor.measure()).state).toBe('replica');
    expect(await near.waitingForStocker()).toBe(1);

    await cluster.pauseReplay();
    const primary = createDatabase({ databaseUrl: cluster.primaryUrl, dataDir, inMemory: true });
    try {
      await createOrder(primary, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
      await primary
        .insertInto('customers')
        .values({
          name: LATE_CUSTOMER,
          email: 'replica.atrasada@example.com',
          phone: '11999990001',
          document: '11144477735',
          status: 'APPROVED',
          shipping_cost_cents: 1500,
          neighborhood: 'Centro',
          search_text: 'cliente replica atrasada',
        })
        .execute();
    } finally {
      await primary.destroy();
    }
    // The replica received the order but applies nothing: behind by the age of its last replayed change.
    const behind = await near.monitor.measure();
    expect(behind.state).toBe('replica');
    expect(behind.lagMs).toBeGreaterThan(0);
    expect(await near.waitingForStocker()).toBe(1);
    expect(await near.health()).toEqual({ status: 'ok', replica: { state: 'replica', lagMs: behind.lagMs } });
    // The exports and the palette's search read it too: the customer made on the primary is not there yet.
    expect(await near.findsLateCustomer()).toEqual({ csv: false, search: false });

    // Over a 1 ms limit: the reports read the primary, which has both orders, and the health says so.
    expect((await strict.monitor.measure()).state).toBe('lagging');
    expect(await strict.waitingForStocker()).toBe(2);
    expect((await strict.health()).replica.state).toBe('lagging');
    expect(await strict.findsLateCustomer()).toEqual({ csv: true, search: true });

    // Replay resumed: caught up again, the replica has the order too.
    await cluster.resumeReplay();
    for (;;) if ((await strict.monitor.measure()).state === 'replica') break;
    expect(await strict.waitingForStocker()).toBe(2);
    expect(await near.waitingForStocker()).toBe(2);
    expect(await near.findsLateCustomer()).toEqual({ csv: true, search: true });
  });

  it('a replica stopped under reads fails none: they move to the primary, and back once it returns', async () => {
    const { monitor, waitingForStocker, health } = await api(60_000);
    expect((await monitor.measure()).state).toBe('replica');
    const reads: Promise<number | undefined>[] = [];
    for (let i = 0; i < 10; i++) reads.push(waitingForStocker());
    cluster.stopReplica();
    for (let i = 0; i < 10; i++) reads.push(waitingForStocker());
    // Every read answered 200 (asserted in waitingForStocker) with the count both databases hold.
    expect(new Set(await Promise.all(reads))).toEqual(new Set([2]));
    expect((await monitor.measure()).state).toBe('away');
    expect(await health()).toEqual({ status: 'ok', replica: { state: 'away', lagMs: null } });
    expect(await waitingForStocker()).toBe(2);

    await cluster.startReplica();
    expect((await monitor.measure()).state).toBe('replica');
    // Just started, it may still be replaying what it missed: its lag is whatever it is, under the limit.
    expect((await health()).replica.state).toBe('replica');
    expect(await waitingForStocker()).toBe(2);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase, type DB, migrateToLatest } from '../../db/database';
import { seedFoundation } from '../../db/seed/foundation';
import { createStorage } from '../../lib/storage';
import { bearer, DEMO, signIn } from '../../test/helpers';
import { createOrder, createOrderWorld, picture } from '../orders/test-orders';
import { onePictureProductBody } from '../products/test-products';

/**
 * Two API processes on one database (spec §3.9): two apps, each with its own connection pool to the same
 * PostgreSQL schema when DATABASE_URL is set. On PGlite (one connection, it cannot be shared between
 * processes) both apps use one database object: the test still proves that what one app decides is kept in
 * the database, not in its own memory, because the other app sees it.
 */
async function sharedDatabase() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-replicas-'));
  const schema = databaseUrl ? `replicas_${randomUUID().replace(/-/g, '')}` : undefined;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (schema) await admin(`create schema ${schema}`);
  const first = createDatabase({ databaseUrl, dataDir, inMemory: true, schema });
  const second = databaseUrl ? createDatabase({ databaseUrl, dataDir, inMemory: true, schema }) : first;
  return {
    first,
    second,
    databaseUrl,
    dataDir,
    async close() {
      await first.destroy();
      if (second !== first) await second.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`drop schema ${schema} cascade`);
    },
  };
}

describe('several API processes on one database', () => {
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    shared = await sharedDatabase();
    await migrateToLatest(shared.first);
    await seedFoundation(shared.first);
    // The same JWT_SECRET on every replica, as docs/architecture.md asks.
    const config = loadConfig(
      {
        inMemory: true,
        dataDir: shared.dataDir,
        jwtSecret: `replicas-${randomUUID()}`,
        databaseUrl: shared.databaseUrl,
        webDistDir: undefined,
      },
      {},
    );
    const app = async (db: DB) => {
      const built = await buildApp({ config, db, logger: false, storage: createStorage(db) });
      await built.ready();
      return built;
    };
    a = await app(shared.first);
    b = await app(shared.second);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) });
  const signinFrom = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/accounts/signin', payload: { email, password }, remoteAddress });

  it('a block on one app ends the session on the other, also after the unblock', async () => {
    const admin = await signIn(a, DEMO.admin);
    const courier = await signIn(b, DEMO.courier);
    expect((await me(a, courier)).statusCode).toBe(200);
    const base = { name: 'Diego Motoboy', email: DEMO.courier };
    const row = await shared.first
      .selectFrom('employees')
      .select(['document', 'phone', 'role_id'])
      .where('email', '=', DEMO.courier)
      .executeTakeFirstOrThrow();
    const edit = (blocked: boolean) =>
      a.inject({
        method: 'PUT',
        url: '/api/employees/deliverer',
        headers: bearer(admin),
        payload: { ...base, document: row.document, phone: row.phone, roleId: row.role_id, blocked },
      });
    expect((await edit(true)).statusCode).toBe(200);
    expect((await me(b, courier)).statusCode).toBe(401);
    expect((await signinFrom(b, DEMO.courier, 'demo1234', '127.0.0.1')).statusCode).toBe(403);
    expect((await edit(false)).statusCode).toBe(200);
    expect((await me(b, courier)).statusCode).toBe(401);
    expect((await me(a, await signIn(b, DEMO.courier))).statusCode).toBe(200);
  });

  it('a password change on one app ends the sessions on the other', async () => {
    const onA = await signIn(a, DEMO.attendant);
    const onB = await signIn(b, DEMO.attendant);
    const changed = await b.inject({
      method: 'PATCH',
      url: '/api/accounts/me/password',
      headers: bearer(onB),
      payload: { currentPassword: 'demo1234', newPassword: 'ponte-de-ferro-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(a, onA)).statusCode).toBe(401);
    expect((await me(a, changed.json().data.accessToken)).statusCode).toBe(200);
    expect((await signinFrom(a, DEMO.attendant, 'ponte-de-ferro-9', '127.0.0.1')).statusCode).toBe(200);
  });

  it('failed sign-ins counted on one app limit the other', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signinFrom(a, DEMO.manager, `errada-${i}`, '203.0.113.9')).statusCode).toBe(401);
      expect((await signinFrom(b, DEMO.manager, `errada-b-${i}`, '203.0.113.9')).statusCode).toBe(401);
    }
    // Ten failures for this e-mail from this address, five on each app: both refuse now.
    expect((await signinFrom(a, DEMO.manager, 'demo1234', '203.0.113.9')).statusCode).toBe(429);
    expect((await signinFrom(b, DEMO.manager, 'demo1234', '203.0.113.9')).statusCode).toBe(429);
    expect((await signinFrom(b, DEMO.manager, 'demo1234', '203.0.113.10')).statusCode).toBe(200);
  });

  it('a product picture and a packaging photo uploaded through one app are served by the other (files in PostgreSQL)', async () => {
    const world = await createOrderWorld(shared.first);
    await shared.first.insertInto('brands').values({ name: 'Marca Réplicas' }).execute();
    const stocker = await signIn(a, DEMO.stocker);
    const created = await a.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(stocker),
      payload: onePictureProductBody(
        { name: 'Cabo USB-C', description: 'Cabo de 1 m', brand: 'Marca Réplicas', cost: 8, sellPrice: 29.9 },
        await picture('png', 52, 52),
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const productPicture = await b.inject({ method: 'GET', url: created.json().data.imagesUrl[0] });
    expect(productPicture.statusCode).toBe(200);
    expect(productPicture.headers['content-type']).toBe('image/jpeg');

    const order = await createOrder(shared.first, world, {
      status: ORDER_STATUS.EM_PREPARACAO,
      stockerId: world.staff.stocker,
    });
    const photo = Buffer.from(await picture('jpeg', 44, 33), 'base64');
    const packed = await a.inject({
      method: 'PATCH',
      url: '/api/workflow/order/pack',
      headers: bearer(stocker),
      payload: { orderId: order.id, images: [photo.toString('base64')] },
    });
    expect(packed.statusCode, packed.body).toBe(200);
    // The link handed out by one replica opens the photo on the other (the same JWT_SECRET signs both).
    const admin = await signIn(a, DEMO.admin);
    const images = await a.inject({
      method: 'GET',
      url: `/api/orders/stocking/images/${order.id}`,
      headers: bearer(admin),
    });
    const served = await b.inject({ method: 'GET', url: images.json().data[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

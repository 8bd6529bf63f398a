import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ORDER_STATUS } from '@backoffice/contract';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../bootstrap';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { insertBrandProduct, insertRoleWithEmployee } from '../test/plain-rows';
import { migrationProvider } from './migrations';

const log = pino({ level: 'silent' });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('files of a former DATA_DIR/files move into PostgreSQL once, at the start after migration 0013', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it('stores each file once, rewrites the rows to the new keys, reports the missing ones, and never runs again', async () => {
    // Kysely's bookkeeping in this test's own schema (a private one on PostgreSQL), as migrateToLatest does.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0012-order-status-days')).error).toBeUndefined();
    // Someone works here (a database with employees is an existing one), as plain rows of migration 0001's
    // tables: the demo's foundation writes columns of later migrations (a role's maximum discount, 0056).
    await insertRoleWithEmployee(
      t.db,
      { name: 'Administração', permissions: ['full:access'] },
      { name: 'Ana', email: 'ana@example.com', phone: '11999990000', document: '52998224725', func: 1 },
    );
    // A product and an order as the database of migration 0012 holds them (plain rows: the live stock and
    // order code of later migrations would ask for columns this database does not have yet).
    const product = {
      id: await insertBrandProduct(t.db, 'Marca Arquivos', {
        code: 'ARQ-1',
        name: 'Produto Arquivos',
        cost_cents: 1000,
        sell_price_cents: 1990,
        search_text: 'produto arquivos',
      }),
    };
    const customer = await t.db
      .insertInto('customers')
      .values({
        name: 'Cliente Arquivos',
        email: 'arquivos@example.com',
        phone: '11988887777',
        document: '52998224725',
        search_text: 'cliente arquivos',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await t.db
      .insertInto('orders')
      .values({
        code: 'ARQ-001',
        customer_id: customer.id,
        status: ORDER_STATUS.AGUARDANDO_MOTOBOY,
        delivery_type: 1,
        payment_method: 'CASH',
        items_total_cents: 1990,
        total_cents: 1990,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const world = { products: [product.id] };

    // The disk store as it was: a product picture, two packaging photos with the same bytes, one lost file.
    const disk = (key: string, data: Buffer) => {
      const file = path.join(t.dataDir, 'files', key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
    };
    const productBytes = Buffer.from('foto do produto');
    const photoBytes = Buffer.from('foto da embalagem');
    const productKey = 'products/0b8f6a52-7a4e-4a55-9d51-6a0e4f3c2b11.jpg';
    const photoKeys = [
      'orders/5d1c9b0e-3f2a-4e7c-8a61-2b9d0c4e7f10.jpg',
      'orders/9a7e2c41-6b3d-4f88-a1c5-0d2e3f4a5b62.jpg',
    ];
    const lostKey = 'orders/c3d4e5f6-0718-4293-a4b5-c6d7e8f90a1b.png';
    disk(productKey, productBytes);
    for (const key of photoKeys) disk(key, photoBytes);
    await t.db
      .insertInto('product_images')
      .values({ product_id: world.products[0] as number, path: productKey, name: 'P-1.jpg' })
      .execute();
    await t.db
      .insertInto('order_images')
      .values([...photoKeys, lostKey].map((key) => ({ order_id: order.id, kind: 'PACKAGING' as const, path: key })))
      .execute();

    const settings = {
      demoData: false,
      adminEmail: undefined,
      adminPassword: undefined,
      databaseUrl: undefined,
      dataDir: t.dataDir,
      inMemory: false,
    };
    expect(await bootstrapDatabase(t.db, settings, { storage: t.storage, log })).toBe('existing');

    const productPath = `products/${sha256(productBytes)}.jpg`;
    const photoPath = `orders/${sha256(photoBytes)}.jpg`;
    const products = await t.db.selectFrom('product_images').select('path').execute();
    expect(products).toEqual([{ path: productPath }]);
    const photos = await t.db.selectFrom('order_images').select('path').orderBy('id').execute();
    expect(photos.map((p) => p.path)).toEqual([photoPath, photoPath, lostKey]);
    // Two files: the product's and the photo stored once for its two rows.
    const files = await t.db.selectFrom('files').select(['hash', 'size']).orderBy('size').execute();
    expect(files).toEqual([
      { hash: sha256(productBytes), size: 15 },
      { hash: sha256(photoBytes), size: 17 },
    ]);
    expect((await t.storage.get(photoPath))?.data).toEqual(photoBytes);
    const step = await t.db.selectFrom('bootstrap_steps').select(['name', 'details']).executeTakeFirstOrThrow();
    expect(step.name).toBe('files-from-disk');
    const details = typeof step.details === 'string' ? JSON.parse(step.details) : step.details;
    expect(details).toEqual({ moved: 3, missing: 1 });

    // Once: a later start finds the step done and leaves an old key alone, even when its file is back.
    disk(lostKey, Buffer.from('achado'));
    expect(await bootstrapDatabase(t.db, settings, { storage: t.storage, log })).toBe('existing');
    const after = await t.db.selectFrom('order_images').select('path').orderBy('id').execute();
    expect(after.map((p) => p.path)).toEqual([photoPath, photoPath, lostKey]);
    expect(await t.db.selectFrom('files').select('hash').execute()).toHaveLength(2);
  });
});

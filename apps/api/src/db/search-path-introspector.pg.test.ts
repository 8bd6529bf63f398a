import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { migrateToLatest } from './database';

/**
 * PostgreSQL only (vitest.config.ts collects `*.pg.test.ts` only when DATABASE_URL is set): tests each migrate
 * a schema of their own in one database while others drop theirs. Kysely's own introspector read every
 * schema's columns and waited on, then failed over, a schema being dropped ("schema ... does not exist").
 */
const DATABASE_URL = process.env.DATABASE_URL as string;

describe('migrating while another schema of the database is dropped', () => {
  const opened: (TestDatabase | pg.Client)[] = [];
  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await ('db' in item ? item.close() : item.end());
  });

  it('neither waits for the drop nor fails over it, and reads only its own schema', async () => {
    const other = `other_${randomUUID().replace(/-/g, '')}`;
    const dropping = new pg.Client({ connectionString: DATABASE_URL });
    await dropping.connect();
    opened.push(dropping);
    await dropping.query(`create schema ${other}`);
    await dropping.query(`create table ${other}.things (id serial primary key, name text)`);
    // The drop is done but not committed: its schema and table stay locked until the transaction ends.
    await dropping.query('begin');
    await dropping.query(`drop schema ${other} cascade`);

    const database = await emptyTestDatabase('introspect');
    opened.push(database);
    const done = await migrateToLatest(database.db);
    expect(done).toContain('0001-foundation');
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    const schemas = new Set(tables.map((table) => table.schema));
    expect([...schemas]).toEqual([expect.stringMatching(/^introspect_/)]);
    const names = tables.map((table) => table.name);
    expect(names).toContain('kysely_migration');
    expect(names).toContain('orders');
    expect(names).not.toContain('things');
    const orders = tables.find((table) => table.name === 'orders');
    expect(orders?.columns.find((column) => column.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      isNullable: false,
    });
    await dropping.query('commit');
  });
});

import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from './bootstrap';
import { createDatabase } from './db/database';
import { createStorage } from './lib/storage';
import { adminQuery } from './test/database';

/**
 * Web and worker processes started together on an empty PostgreSQL (issue 43, decision 0061): three pools on one
 * schema stand for three processes; one fills the database, the others wait and find it filled.
 */
const DATABASE_URL = process.env.DATABASE_URL as string;
const schema = `together_${randomUUID().replace(/-/g, '')}`;
const log = pino({ level: 'silent' });

const admin = (statement: string) => adminQuery(statement);

describe('processes starting together on an empty database', () => {
  const pools = [0, 1, 2].map(() =>
    createDatabase({ databaseUrl: DATABASE_URL, schema, dataDir: '/nonexistent', inMemory: true }),
  );
  afterAll(async () => {
    await Promise.all(pools.map((db) => db.destroy()));
    await admin(`drop schema if exists ${schema} cascade`);
  });

  it('one creates the first administrator, the others find him: one account, no start fails', async () => {
    await admin(`create schema ${schema}`);
    const settings = {
      demoData: false,
      adminEmail: 'dona@loja.com.br',
      adminPassword: 'senha-segura-1',
      databaseUrl: DATABASE_URL,
    };
    const outcomes = await Promise.all(
      pools.map((db) => bootstrapDatabase(db, settings, { storage: createStorage(db), log })),
    );
    expect(outcomes.sort()).toEqual(['administrator', 'existing', 'existing']);
    const [{ n }] = (await admin(`select count(*)::int as n from ${schema}.employees`)) as [{ n: number }];
    expect(n).toBe(1);
  });
});

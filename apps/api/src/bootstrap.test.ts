import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { bootstrapDatabase } from './bootstrap';
import { loadConfig } from './config';
import { emptyTestDatabase, type TestDatabase } from './test/database';

const log = pino({ level: 'silent' });

describe('bootstrap of an empty database', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('without demo data creates only the first administrator, who signs in with full access', async () => {
    database = await emptyTestDatabase();
    const { db, storage } = database;
    const settings = {
      demoData: false,
      adminEmail: 'Dona@Loja.com.br',
      adminPassword: 'senha-segura-1',
      databaseUrl: undefined,
    };
    expect(await bootstrapDatabase(db, settings, { storage, log })).toBe('administrator');
    expect(await bootstrapDatabase(db, settings, { storage, log })).toBe('existing');

    const config = loadConfig(
      { inMemory: true, dataDir: database.dataDir, jwtSecret: randomUUID(), webDistDir: undefined },
      {},
    );
    const app = await buildApp({ config, db, storage, logger: false });
    try {
      const signin = await app.inject({
        method: 'POST',
        url: '/api/accounts/signin',
        payload: { email: 'dona@loja.com.br', password: 'senha-segura-1' },
      });
      expect(signin.statusCode).toBe(200);
      expect(signin.json().data.permissions).toEqual(['full:access']);
      const employees = await db.selectFrom('employees').select('email').execute();
      expect(employees).toEqual([{ email: 'dona@loja.com.br' }]);
      const customers = await db.selectFrom('customers').select('id').execute();
      expect(customers).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('without demo data nor administrator leaves the database empty and says so', async () => {
    database = await emptyTestDatabase();
    const settings = { demoData: false, adminEmail: undefined, adminPassword: undefined, databaseUrl: undefined };
    expect(await bootstrapDatabase(database.db, settings, { storage: database.storage, log })).toBe('nobody');
    expect(await database.db.selectFrom('employees').select('id').execute()).toEqual([]);
  });

  it('a weak ADMIN_PASSWORD stops the start with the reason and creates nobody', async () => {
    database = await emptyTestDatabase();
    const settings = {
      demoData: false,
      adminEmail: 'dona@loja.com.br',
      adminPassword: '12341234',
      databaseUrl: undefined,
    };
    await expect(bootstrapDatabase(database.db, settings, { storage: database.storage, log })).rejects.toThrow(
      'ADMIN_PASSWORD refused, no administrator created: Senha fraca, fácil de adivinhar.',
    );
    expect(await database.db.selectFrom('employees').select('id').execute()).toEqual([]);
  });

  it('answers 503 on every API call, health included, until the server is ready', async () => {
    database = await emptyTestDatabase();
    const { db, storage } = database;
    let ready = false;
    const config = loadConfig(
      { inMemory: true, dataDir: database.dataDir, jwtSecret: randomUUID(), webDistDir: undefined },
      {},
    );
    const app = await buildApp({ config, db, storage, logger: false, isReady: () => ready });
    try {
      const starting = await app.inject({ method: 'GET', url: '/api/health' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json().errors[0]).toContain('Servidor iniciando');
      await bootstrapDatabase(
        db,
        { demoData: false, adminEmail: 'a@b.com.br', adminPassword: 'lua-cheia-na-serra', databaseUrl: undefined },
        { storage, log },
      );
      ready = true;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

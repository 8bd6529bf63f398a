import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createStorage, type Storage } from '../../../lib/storage';
import { createDatabase, type DB } from '../../database';

export interface TestDatabase {
  db: DB;
  storage: Storage;
  close(): Promise<void>;
}

/**
 * An empty database without migrations (for the seed and migration tests): in-memory PGlite, or a
 * schema of its own in the PostgreSQL database of DATABASE_URL (dropped on close), as helpers.ts does.
 */
export async function emptyTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `test_${randomUUID().replace(/-/g, '')}` : undefined;
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-seed-test-'));
  const db = createDatabase({ databaseUrl, dataDir, inMemory: true, schema });
  return {
    db,
    storage: createStorage({ dataDir, inMemory: true }),
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`drop schema ${schema} cascade`);
    },
  };
}

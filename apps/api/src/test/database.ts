import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DB } from '../db/database';
import { createStorage, type Storage } from '../lib/storage';

export interface TestDatabase {
  db: DB;
  storage: Storage;
  databaseUrl: string | undefined;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * An empty database of its own, without migrations, for tests and benchmarks: in-memory PGlite, or a
 * fresh schema in the PostgreSQL database of DATABASE_URL (dropped on close).
 */
export async function emptyTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `${prefix}_${randomUUID().replace(/-/g, '')}` : undefined;
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
  const dataDir = mkdtempSync(path.join(tmpdir(), `backoffice-${prefix}-`));
  const db = createDatabase({ databaseUrl, dataDir, inMemory: true, schema });
  return {
    db,
    storage: createStorage(db),
    databaseUrl,
    dataDir,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await admin(`drop schema ${schema} cascade`);
    },
  };
}

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB, migrateToLatest } from '../../db/database';
import { seedDemo } from '../../db/seed/demo';
import { createStorage, sha256Hex } from '../../lib/storage';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { createBackupsService } from './backups.service';
import { RestoreRefused, restoreBackup, tablesWithRows } from './restore';

/**
 * Issue 21 §3: a backup, the database wiped, the backup restored — every table of the schema holds the same
 * rows (count and a checksum over all its rows), the files are the same bytes, stock equals its ledger. On
 * PGlite (on disk, as a server keeps it) and, with DATABASE_URL, on PostgreSQL through pg_dump/pg_restore.
 */
const NOW = new Date('2026-11-21T23:30:00Z');
const silent = { info: () => undefined, error: () => undefined };
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Fingerprint {
  table: string;
  rows: number;
  checksum: string;
}

/** Every table of the current schema: its row count and the md5 of all its rows as text, in order. */
async function fingerprint(db: DB): Promise<Fingerprint[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Fingerprint[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number; checksum: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum
      from ${sql.table(name)} t`.execute(db);
    result.push({ table: name, rows: Number(rows[0]?.n), checksum: String(rows[0]?.checksum) });
  }
  return result;
}

/** Products whose stock is not the sum of their ledger (in minus out). */
async function stockOffLedger(db: DB): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select p.id from products p
    left join (select product_id, sum(quantity_in - quantity_out)::int as net from stock_movements group by product_id) s
      on s.product_id = p.id
    where coalesce(s.net, 0) <> p.stock`.execute(db);
  return rows.map((r) => r.id);
}

/** A database the test can wipe and open again: PGlite on disk, or a schema of DATABASE_URL. */
interface Subject {
  dataDir: string;
  databaseUrl: string | undefined;
  schema: string | undefined;
  db: DB;
  wipe(): Promise<void>;
  reopen(): DB;
  close(): Promise<void>;
}

async function subject(): Promise<Subject> {
  if (onPostgres) {
    const t: TestDatabase = await emptyTestDatabase('restore');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const schema = String(rows[0]?.schema);
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    const s: Subject = {
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
      schema,
      db: t.db,
      wipe: () => admin(`drop schema ${schema} cascade`),
      reopen: () => {
        s.db = createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, inMemory: false, schema });
        return s.db;
      },
      close: async () => {
        await t.close().catch(() => undefined);
        await s.db.destroy().catch(() => undefined);
      },
    };
    return s;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h-backups-restore-'));
  const open = () => createDatabase({ databaseUrl: undefined, dataDir, inMemory: false });
  const s: Subject = {
    dataDir,
    databaseUrl: undefined,
    schema: undefined,
    db: open(),
    wipe: async () => {
      await s.db.destroy();
      rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    },
    reopen: () => {
      s.db = open();
      return s.db;
    },
    close: async () => {
      await s.db.destroy().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return s;
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL, pg_dump' : 'PGlite on disk'})`, () => {
  let s: Subject;
  let before: Fingerprint[];
  let fileHashes: string[];
  let backupFile: string;

  beforeAll(async () => {
    s = await subject();
    await migrateToLatest(s.db);
    await seedDemo(s.db, { storage: createStorage(s.db), scale: 0.02, now: NOW });
    before = await fingerprint(s.db);
    const files = await s.db.selectFrom('files').select(['hash', 'data']).orderBy('hash').execute();
    fileHashes = files.map((f) => sha256Hex(Buffer.from(f.data)));
    const service = createBackupsService({ db: s.db, config: s, log: silent });
    expect(await service.method()).toBe(onPostgres ? 'pg_dump' : 'pglite');
    const backup = await service.backup('manual');
    backupFile = path.join(service.dir, backup.name);
    // Only the whole backup is in the folder.
    expect(readdirSync(service.dir)).toEqual([backup.name]);
    await s.wipe();
  }, 300_000);

  afterAll(async () => {
    await s?.close();
  });

  it('the seeded database has rows in the business tables and files to lose', () => {
    const count = (table: string) => before.find((f) => f.table === table)?.rows ?? 0;
    for (const table of ['products', 'customers', 'orders', 'order_items', 'stock_movements', 'employees', 'files'])
      expect(count(table), table).toBeGreaterThan(0);
    expect(fileHashes.length).toBeGreaterThan(0);
  });

  it('restores every table with the same rows, the same files, and stock equal to its ledger', async () => {
    const result = await restoreBackup(s, backupFile, { schema: s.schema });
    expect(result.method).toBe(onPostgres ? 'pg_restore' : 'pglite');
    const db = s.reopen();
    const after = await fingerprint(db);
    expect(after.map((f) => f.table)).toEqual(before.map((f) => f.table));
    expect(after).toEqual(before);
    const files = await db.selectFrom('files').select(['hash', 'data']).orderBy('hash').execute();
    // Each file's bytes still hash to the name it is stored under.
    expect(files.map((f) => sha256Hex(Buffer.from(f.data)))).toEqual(fileHashes);
    expect(files.map((f) => f.hash)).toEqual(fileHashes);
    expect(await stockOffLedger(db)).toEqual([]);
  }, 300_000);

  it('refuses to restore over a database with data unless --force', async () => {
    expect((await tablesWithRows(s.db)).length).toBeGreaterThan(0);
    if (!onPostgres) await s.db.destroy(); // PGlite's folder has one owner: the server is stopped to restore
    await expect(restoreBackup(s, backupFile, { schema: s.schema })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(s, backupFile, { schema: s.schema })).rejects.toThrow(/não está vazio.*--force/);
    const forced = await restoreBackup(s, backupFile, { schema: s.schema, force: true });
    if (!onPostgres) expect(forced.previous).toMatch(/pglite\.before-restore-/);
    const db = onPostgres ? s.db : s.reopen();
    expect(await fingerprint(db)).toEqual(before);
  }, 300_000);
});

import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB, migrateToLatest } from '../../db/database';
import { seedDemo } from '../../demo';
import { createStorage, sha256Hex } from '../../lib/storage';
import { emptyTestDatabase, migratedPGliteTemplate, type TestDatabase } from '../../test/database';
import { ENVELOPE_MAGIC, readBackupFile } from './backup-envelope';
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
    // First opened on a copy of the migrated template (the callers' migrateToLatest then has nothing to do).
    db: createDatabase({ databaseUrl: undefined, dataDir, inMemory: false, template: await migratedPGliteTemplate() }),
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

/**
 * Issue 34 §4: a backup changed after it was made is refused before it replaces anything — a flipped byte in
 * the archive (its SHA-256), and a file consistent with itself whose data is not the manifest's (the restored
 * database is opened and every table counted before the swap) — with a Portuguese reason, the current
 * database as it was and no folder left behind. Older backups (no manifest) only with `unverified`; an
 * encrypted one only with its passphrase.
 */
/**
 * PGlite's tar.gz with 5 bytes of the first page header of `relation` (pd_lower, pd_upper) changed, gzipped
 * again: a whole archive whose table PostgreSQL refuses to read ('invalid page in block 0').
 */
function damagedDataFolder(archive: Buffer, relation: string): Buffer {
  const tar = gunzipSync(archive);
  let damaged = false;
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar
      .subarray(at, at + 100)
      .toString('latin1')
      .replace(/\0.*$/s, '');
    const size = Number.parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('latin1')
        .trim() || '0',
      8,
    );
    if (name === '' && size === 0) break;
    if (name.endsWith(relation) && size >= 8192) {
      tar.fill(0xee, at + 512 + 12, at + 512 + 17);
      damaged = true;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  if (!damaged) throw new Error(`${relation} not found in the archive`);
  return gzipSync(tar);
}

/** A pg_dump -Fc archive with 5 bytes changed in its last table data (compressed: it no longer inflates). */
function damagedDump(archive: Buffer): Buffer {
  const damaged = Buffer.from(archive);
  damaged.fill(0xee, damaged.length - 40, damaged.length - 35);
  return damaged;
}

describe(`a backup that is not the one made (${onPostgres ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  let s: Subject;
  let original: Buffer;
  let fewer: Buffer;
  let current: Fingerprint[];
  /** Where ballast's rows are, inside the data folder (`base/<db>/<relfilenode>`). */
  let ballastFile: string;

  /** The database as it is now, read through a connection opened for it (PGlite: the folder, server stopped). */
  async function currentState(): Promise<Fingerprint[]> {
    if (onPostgres) return fingerprint(s.db);
    const db = s.reopen();
    try {
      return await fingerprint(db);
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    s = await subject();
    await migrateToLatest(s.db);
    await sql`create table ballast (id int primary key, v text)`.execute(s.db);
    await sql`insert into ballast select g, md5(g::text) from generate_series(1, 200) g`.execute(s.db);
    const { rows } = await sql<{ file: string }>`select pg_relation_filepath('ballast') as file`.execute(s.db);
    ballastFile = String(rows[0]?.file);
    const service = createBackupsService({ db: s.db, config: s, log: silent });
    original = readFileSync(path.join(service.dir, (await service.backup('manual')).name));
    await sql`delete from ballast where id > 150`.execute(s.db);
    const later = await service.backup('scheduled');
    fewer = readFileSync(path.join(service.dir, later.name));
    current = await fingerprint(s.db);
    expect(current.find((f) => f.table === 'ballast')?.rows).toBe(150);
    if (!onPostgres) await s.db.destroy(); // the server is stopped to restore PGlite
  }, 300_000);

  afterAll(async () => {
    await s?.close();
  });

  /** Writes `bytes` as a backup file to restore. */
  const fileOf = (name: string, bytes: Buffer) => {
    const file = path.join(s.dataDir, name);
    writeFileSync(file, bytes);
    return file;
  };

  /** The folders of DATA_DIR: the database's own, nothing restoring nor kept from a restore. */
  const leftovers = () => readdirSync(s.dataDir).filter((name) => /^pglite\./.test(name));

  it('refuses a flipped byte in the archive: SHA-256, nothing changed, no folder left', async () => {
    const flipped = Buffer.from(original);
    const at = flipped.length - 4000;
    flipped[at] = (flipped[at] ?? 0) ^ 0x01;
    const file = fileOf('flipped.backup', flipped);
    await expect(restoreBackup(s, file, { schema: s.schema, force: true })).rejects.toThrow(
      new RestoreRefused(
        'O arquivo do backup foi alterado ou está corrompido: o SHA-256 do arquivo não confere com o manifesto gravado no backup. Nada foi alterado.',
      ),
    );
    expect(await currentState()).toEqual(current);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it("refuses a consistent archive whose data is not the manifest's: the restored database is counted before the swap", async () => {
    // The archive of a database whose ballast lost 50 of its 200 rows (the second backup) under the manifest of
    // one with 200: every SHA-256 matches the archive, only its data is not what was backed up.
    const first = await readBackupFile(fileOf('first.backup', original));
    const second = await readBackupFile(fileOf('second.backup', fewer));
    if (!first.manifest || !second.manifest) throw new Error('no manifest');
    const manifest = {
      ...second.manifest,
      tables: { ...second.manifest.tables, ballast: Number(first.manifest.tables.ballast) },
    };
    const forged = Buffer.concat([Buffer.from(`${ENVELOPE_MAGIC}${JSON.stringify(manifest)}\n`), second.archive]);
    const file = fileOf('forged.backup', forged);
    await expect(restoreBackup(s, file, { schema: s.schema, force: true })).rejects.toThrow(
      new RestoreRefused(
        'O banco do backup não confere com o manifesto: a tabela ballast tem 150 linhas, o manifesto diz 200. Nada foi alterado.',
      ),
    );
    expect(await currentState()).toEqual(current);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('refuses a consistent archive with damaged data: every table is read before the swap', async () => {
    // Every SHA-256 of the manifest made to match a damaged archive: only reading the database tells.
    const first = await readBackupFile(fileOf('first.backup', original));
    if (!first.manifest) throw new Error('no manifest');
    const archive = onPostgres ? damagedDump(first.archive) : damagedDataFolder(first.archive, ballastFile);
    const digest = { sha256: createHash('sha256').update(archive).digest('hex'), bytes: archive.length };
    const manifest = { ...first.manifest, archive: digest, data: digest };
    const file = fileOf(
      'damaged.backup',
      Buffer.concat([Buffer.from(`${ENVELOPE_MAGIC}${JSON.stringify(manifest)}\n`), archive]),
    );
    await expect(restoreBackup(s, file, { schema: s.schema, force: true })).rejects.toThrow(
      onPostgres
        ? /^(O backup não pôde ser lido pelo pg_restore|A restauração falhou e foi desfeita): .*\. Nada foi alterado\.$/
        : /^O banco do backup tem uma tabela ilegível: .*invalid page in block 0.*\. Nada foi alterado\.$/,
    );
    expect(await currentState()).toEqual(current);
    expect(leftovers()).toEqual([]);
  }, 120_000);

  it('refuses a backup without manifest (before issue 34) unless --unverified', async () => {
    const first = await readBackupFile(fileOf('first.backup', original));
    if (!first.manifest) throw new Error('no manifest');
    // The bare archive, as backups were written before.
    const file = fileOf(onPostgres ? 'old.pgdump' : 'old.pglite.tar.gz', first.archive);
    await expect(restoreBackup(s, file, { schema: s.schema, force: true })).rejects.toThrow(
      /não tem manifesto.*--unverified\. Nada foi alterado\./,
    );
    expect(await currentState()).toEqual(current);
    const result = await restoreBackup(s, file, { schema: s.schema, force: true, unverified: true });
    expect(result.verified).toBe(false);
    expect((await currentState()).find((f) => f.table === 'ballast')?.rows).toBe(200);
    if (result.previous) rmSync(result.previous, { recursive: true, force: true });
  }, 120_000);
});

describe(`BACKUP_PASSPHRASE (${onPostgres ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  let s: Subject;
  let file: string;
  let before: Fingerprint[];

  beforeAll(async () => {
    s = await subject();
    await migrateToLatest(s.db);
    await sql`create table ballast (id int primary key, v text)`.execute(s.db);
    await sql`insert into ballast select g, md5(g::text) from generate_series(1, 50) g`.execute(s.db);
    before = await fingerprint(s.db);
    const service = createBackupsService({
      db: s.db,
      config: { ...s, backupPassphrase: 'cavalo correto' },
      log: silent,
    });
    file = path.join(service.dir, (await service.backup('manual')).name);
    await s.wipe();
  }, 300_000);

  afterAll(async () => {
    await s?.close();
  });

  it('encrypts the archive in the age format; restore asks for the passphrase and refuses a wrong one', async () => {
    const read = await readBackupFile(file);
    if (!read.manifest) throw new Error('no manifest');
    expect(read.manifest.encryption).toBe('age-scrypt');
    expect(read.archive.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    // No row of the dump in clear.
    expect(read.archive.includes(Buffer.from(createHash('md5').update('7').digest('hex')))).toBe(false);

    await expect(restoreBackup(s, file, { schema: s.schema })).rejects.toThrow(
      new RestoreRefused(
        'Este backup é criptografado: informe a senha (BACKUP_PASSPHRASE ou quando o comando pedir). Nada foi alterado.',
      ),
    );
    await expect(restoreBackup(s, file, { schema: s.schema, passphrase: async () => 'cavalo errado' })).rejects.toThrow(
      new RestoreRefused('Senha do backup incorreta: o backup não foi aberto. Nada foi alterado.'),
    );
    let asked = 0;
    const result = await restoreBackup(s, file, {
      schema: s.schema,
      passphrase: async () => {
        asked += 1;
        return 'cavalo correto';
      },
    });
    expect(asked).toBe(1);
    expect(result.verified).toBe(true);
    expect(await fingerprint(s.reopen())).toEqual(before);
  }, 300_000);
});

describe(`the passphrase set in the app (issue 53 finding 13, ${onPostgres ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  let s: Subject;
  let file: string;
  let before: Fingerprint[];

  beforeAll(async () => {
    s = await subject();
    await migrateToLatest(s.db);
    await sql`create table ballast (id int primary key, v text)`.execute(s.db);
    await sql`insert into ballast select g, md5(g::text) from generate_series(1, 50) g`.execute(s.db);
    const service = createBackupsService({ db: s.db, config: s, log: silent });
    await service.setPassphrase(null, 'cavalo bateria grampo correto');
    before = await fingerprint(s.db);
    file = path.join(service.dir, (await service.backup('manual')).name);
    await s.wipe();
  }, 300_000);

  afterAll(async () => {
    await s?.close();
  });

  it('restores the backup encrypted to its key with the passphrase, and refuses a wrong one', async () => {
    const read = await readBackupFile(file);
    expect(read.manifest?.encryption).toBe('age-x25519-passphrase');
    await expect(
      restoreBackup(s, file, { schema: s.schema, passphrase: async () => 'cavalo bateria grampo errado' }),
    ).rejects.toThrow(new RestoreRefused('Senha do backup incorreta: o backup não foi aberto. Nada foi alterado.'));
    const result = await restoreBackup(s, file, {
      schema: s.schema,
      passphrase: async () => 'cavalo bateria grampo correto',
    });
    expect(result.verified).toBe(true);
    expect(await fingerprint(s.reopen())).toEqual(before);
  }, 300_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DB, dumpEmbeddedDatabase, pgliteNotificationFeed } from './database';

/**
 * The test databases share one worker thread per process (pglite-host.ts): each is still a database of its own,
 * whatever the others do beside it or after it.
 */
const opened: { db: DB; dir: string }[] = [];
function open(): DB {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-shared-'));
  const db = createDatabase({ databaseUrl: undefined, dataDir: dir, inMemory: true, sharedThread: true });
  opened.push({ db, dir });
  return db;
}
async function close(db: DB) {
  const at = opened.findIndex((entry) => entry.db === db);
  const [entry] = opened.splice(at, 1);
  await entry?.db.destroy();
  if (entry) rmSync(entry.dir, { recursive: true, force: true });
}
afterEach(async () => {
  for (const { db } of [...opened]) await close(db);
});

describe('PGlite databases in the shared thread', () => {
  it('keep their own tables, transactions and notifications side by side', async () => {
    const a = open();
    const b = open();
    await sql`create table things (name text)`.execute(a);
    await sql`insert into things values ('só em A')`.execute(a);
    await expect(sql`select * from things`.execute(b)).rejects.toThrow(/things/);

    // A transaction open on one leaves the other answering (each is its own backend).
    await sql`create table others (n int)`.execute(b);
    let inside: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release: () => void = () => undefined;
    const transaction = a.transaction().execute(async (trx) => {
      await sql`insert into things values ('na transação')`.execute(trx);
      inside();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await held;
    await sql`insert into others values (7)`.execute(b);
    expect((await sql<{ n: number }>`select n from others`.execute(b)).rows).toEqual([{ n: 7 }]);
    release();
    await transaction;
    expect((await sql<{ name: string }>`select name from things order by name`.execute(a)).rows).toEqual([
      { name: 'na transação' },
      { name: 'só em A' },
    ]);

    // A NOTIFY reaches the listeners of its own database only.
    const heardA: string[] = [];
    const heardB: string[] = [];
    pgliteNotificationFeed(a)?.((channel, payload) => heardA.push(`${channel}:${payload}`));
    pgliteNotificationFeed(b)?.((channel, payload) => heardB.push(`${channel}:${payload}`));
    await sql`listen pedidos`.execute(a);
    await sql`listen pedidos`.execute(b);
    await sql`notify pedidos, 'de B'`.execute(b);
    await sql`notify pedidos, 'de A'`.execute(a);
    expect(heardA).toEqual(['pedidos:de A']);
    expect(heardB).toEqual(['pedidos:de B']);
  });

  it('one closed leaves the other working, and a database opened after it starts empty', async () => {
    const a = open();
    const b = open();
    await sql`create table things (name text)`.execute(a);
    await sql`insert into things values ('fica')`.execute(a);
    await sql`create table gone (n int)`.execute(b);
    await close(b);

    expect((await sql<{ name: string }>`select name from things`.execute(a)).rows).toEqual([{ name: 'fica' }]);
    const dump = await dumpEmbeddedDatabase(a);
    expect(dump?.tables).toEqual({ things: 1 });

    const c = open();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(c);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

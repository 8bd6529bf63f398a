import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { embeddedDialectOf, executePreparedRead } from './database';

describe('executePreparedRead: a read prepared once per connection', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await emptyTestDatabase('prepared');
    await sql`create table things (id int primary key, name text not null)`.execute(t.db);
    await sql`insert into things values (1, 'um'), (2, 'dois'), (3, 'três')`.execute(t.db);
  });
  afterAll(() => t.close());

  const namesFrom = (min: number) =>
    sql<{ id: number; name: string }>`select id, name from things where id >= ${min} order by id`.compile(t.db);

  it('answers as the statement run plainly, with each run its own parameters', async () => {
    expect(await executePreparedRead(t.db, namesFrom(2))).toEqual([
      { id: 2, name: 'dois' },
      { id: 3, name: 'três' },
    ]);
    expect(await executePreparedRead(t.db, namesFrom(3))).toEqual([{ id: 3, name: 'três' }]);
    // Another statement (another text) beside it: never confused with the first.
    const count = sql<{ n: number }>`select count(*)::int as n from things`.compile(t.db);
    expect(await executePreparedRead(t.db, count)).toEqual([{ n: 3 }]);
    expect(await executePreparedRead(t.db, namesFrom(1))).toHaveLength(3);
  });

  it('inside a transaction, reads what the transaction wrote (run on its connection)', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into things values (4, 'quatro')`.execute(trx);
      const rows = await executePreparedRead(
        trx,
        sql<{ id: number }>`select id from things where id >= ${4}`.compile(trx),
      );
      expect(rows).toEqual([{ id: 4 }]);
      await sql`delete from things where id = 4`.execute(trx);
    });
  });

  const preparedNow = () =>
    executePreparedRead(
      t.db,
      sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.compile(t.db),
    );

  it('the connection keeps it prepared, named by its text and the connection', async () => {
    await executePreparedRead(t.db, namesFrom(2));
    expect((await preparedNow()).find((row) => row.statement === namesFrom(2).sql)?.name).toMatch(
      /^read_[0-9a-f]{24}_\d+$/,
    );
  });

  // PGlite is one session for every connection to its worker: a statement prepared by a connection that
  // closed must not stand in the way of the next one (which prepares it again), nor stay behind.
  const onPGlite = process.env.DATABASE_URL ? () => undefined : it;
  onPGlite(
    'on PGlite, a connection that closes leaves none of its statements; the next one prepares its own',
    async () => {
      const pool = embeddedDialectOf(t.db)?.pool;
      expect(pool).toBeDefined();
      await executePreparedRead(t.db, namesFrom(1));
      const before = (await preparedNow()).filter((row) => row.statement === namesFrom(1).sql);
      expect(before).toHaveLength(1);
      // The pool's one connection ends (as after a lost socket); the pool opens another on the next read.
      const client = await pool?.connect();
      client?.release(new Error('closed by the test'));
      expect(await executePreparedRead(t.db, namesFrom(3))).toEqual([{ id: 3, name: 'três' }]);
      expect(await executePreparedRead(t.db, namesFrom(1))).toHaveLength(3);
      const after = (await preparedNow()).filter((row) => row.statement === namesFrom(1).sql);
      expect(after).toHaveLength(1);
      expect(after[0]?.name).not.toBe(before[0]?.name);
    },
  );
});

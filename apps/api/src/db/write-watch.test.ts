import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createWriteWatch, writtenTables } from './write-watch';

// biome-ignore lint/suspicious/noExplicitAny: the statements' shapes, not the schema, are under test
type Any = any;
const db = new Kysely<Any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('writtenTables', () => {
  it('names the table an insert, an update (aliased too) or a delete writes; none for a read', () => {
    expect(writtenTables(db.insertInto('employees').values({ name: 'Ana' }).toOperationNode())).toEqual(['employees']);
    expect(writtenTables(db.updateTable('roles as r').set({ name: 'x' }).toOperationNode())).toEqual(['roles']);
    expect(writtenTables(db.deleteFrom('employees').where('id', '=', 1).toOperationNode())).toEqual(['employees']);
    expect(writtenTables(db.selectFrom('employees').selectAll().toOperationNode())).toEqual([]);
  });

  it('finds writes inside a with, and in raw SQL (quoted or schema-qualified)', () => {
    const withWrite = db
      .with('gone', (q) => q.deleteFrom('roles').where('id', '=', 2).returning('id'))
      .selectFrom('gone')
      .selectAll();
    expect(writtenTables(withWrite.toOperationNode())).toEqual(['roles']);
    expect(writtenTables(sql`update employees set blocked = true where id = ${1}`.toOperationNode())).toEqual([
      'employees',
    ]);
    expect(writtenTables(sql`UPDATE "public"."Roles" SET name = 'x'`.toOperationNode())).toEqual(['roles']);
    expect(writtenTables(sql`insert into orders (id) values (1)`.toOperationNode())).toEqual(['orders']);
    expect(writtenTables(sql`update ${sql.table('roles')} set name = ${'x'}`.toOperationNode())).toEqual(['roles']);
    expect(writtenTables(sql`select * from employees`.toOperationNode())).toEqual([]);
  });
});

describe('createWriteWatch', () => {
  it('tells a listener of the writes to its tables only, as each statement is sent, until it stops listening', async () => {
    const watch = createWriteWatch();
    const watched = new Kysely<Any>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      plugins: [watch.plugin],
    });
    const heard: string[][] = [];
    const stop = watch.onWrites(['employees', 'roles'], (tables) => heard.push([...tables]));
    await watched.updateTable('employees').set({ blocked: true }).execute();
    await watched.insertInto('orders').values({ id: 1 }).execute();
    await watched.selectFrom('roles').selectAll().execute();
    await watched.transaction().execute((trx) => trx.deleteFrom('roles').where('id', '=', 3).execute());
    await sql`update employees set token_version = token_version + 1`.execute(watched);
    stop();
    await watched.updateTable('employees').set({ blocked: false }).execute();
    expect(heard).toEqual([['employees'], ['roles'], ['employees']]);
    // Every writing statement counts, watched or not: three updates (one raw), the insert and the delete; not the read.
    expect(watch.writes()).toBe(5);
  });
});

import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { migrationProvider } from '../../db/migrations';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';

describe('migration 0015-code-purpose on a database with codes', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it('marks the codes that outlive an hour (the 48-hour welcome codes) as activation, the others as recovery', async () => {
    // Kysely's bookkeeping in this test's own schema (PostgreSQL runs each test database in one).
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({ db: t.db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema });
    expect((await migrator.migrateTo('0012-order-status-days')).error).toBeUndefined();
    const { id } = await t.db
      .insertInto('employees')
      .values({ name: 'Nina Nova', email: 'nina@demo.com.br', phone: '11912345678', document: '52998224725', func: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = new Date('2026-11-20T12:00:00Z');
    const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
    await t.db
      .insertInto('password_codes')
      .values([
        { employee_id: id, code_hash: 'a'.repeat(64), created_at: created, expires_at: at(48 * 60) },
        { employee_id: id, code_hash: 'b'.repeat(64), created_at: created, expires_at: at(15) },
      ])
      .execute();

    await migrateToLatest(t.db);

    const codes = await t.db.selectFrom('password_codes').select(['code_hash', 'purpose']).orderBy('id').execute();
    expect(codes).toEqual([
      { code_hash: 'a'.repeat(64), purpose: 'activation' },
      { code_hash: 'b'.repeat(64), purpose: 'recovery' },
    ]);
  });
});

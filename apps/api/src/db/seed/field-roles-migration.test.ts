import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { insertRoleWithEmployee } from '../../test/plain-rows';
import { migrateToLatest } from '../database';
import { migrationProvider } from '../migrations';

/** Migrates up to `name` in the test's own schema (PostgreSQL runs share one database, one schema each). */
async function migrateTo(t: TestDatabase, name: string) {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  const migrator = new Migrator({
    db: t.db,
    provider: migrationProvider,
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
}

describe('migration 0016-field-roles on a demo database seeded before it', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it("takes orders away from the demo couriers' role 'Entregas' and leaves every other role as it was", async () => {
    await migrateTo(t, '0012-order-status-days');
    const roles = await t.db
      .insertInto('roles')
      .values([
        { name: 'Administrador', permissions: ['full:access'] },
        { name: 'Entregas', permissions: ['bo:manage:orders'] },
        { name: 'Atendimento', permissions: ['bo:manage:dashboard', 'bo:manage:orders'] },
      ])
      .returning(['id', 'name'])
      .execute();
    const id = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
    const person = { phone: '11954321098', document: '98765432100', func: 2 };
    await t.db
      .insertInto('employees')
      .values([
        { ...person, name: 'Diego Motoboy', email: 'motoboy@demo.com.br', role_id: id('Entregas') },
        { ...person, name: 'Beatriz', email: 'atendente@demo.com.br', func: 1, role_id: id('Atendimento') },
      ])
      .execute();

    await migrateToLatest(t.db);

    const after = await t.db.selectFrom('roles').select(['name', 'permissions']).orderBy('id').execute();
    expect(after).toEqual([
      { name: 'Administrador', permissions: ['full:access'] },
      { name: 'Entregas', permissions: [] },
      { name: 'Atendimento', permissions: ['bo:manage:dashboard', 'bo:manage:orders'] },
    ]);
  });

  it("leaves alone a role 'Entregas' of a real business (no demo courier on it)", async () => {
    await migrateTo(t, '0012-order-status-days');
    await insertRoleWithEmployee(
      t.db,
      { name: 'Entregas', permissions: ['bo:manage:orders'] },
      { name: 'João', email: 'joao@loja.com.br', phone: '11954321098', document: '98765432100', func: 2 },
    );

    await migrateToLatest(t.db);

    const after = await t.db.selectFrom('roles').select('permissions').executeTakeFirstOrThrow();
    expect(after.permissions).toEqual(['bo:manage:orders']);
  });
});

import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';
import { migrateToLatest } from '../database';
import { migrationProvider } from '../migrations';

describe('migration 0016-field-roles on a demo database seeded before it', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await emptyTestDatabase();
  });
  afterEach(() => t.close());

  it("takes orders away from the demo couriers' role 'Entregas' and leaves every other role as it was", async () => {
    const migrator = new Migrator({ db: t.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0012-order-status-days')).error).toBeUndefined();
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
    const migrator = new Migrator({ db: t.db, provider: migrationProvider });
    expect((await migrator.migrateTo('0012-order-status-days')).error).toBeUndefined();
    const role = await t.db
      .insertInto('roles')
      .values({ name: 'Entregas', permissions: ['bo:manage:orders'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('employees')
      .values({
        name: 'João',
        email: 'joao@loja.com.br',
        phone: '11954321098',
        document: '98765432100',
        func: 2,
        role_id: role.id,
      })
      .execute();

    await migrateToLatest(t.db);

    const after = await t.db.selectFrom('roles').select('permissions').executeTakeFirstOrThrow();
    expect(after.permissions).toEqual(['bo:manage:orders']);
  });
});

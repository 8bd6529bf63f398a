import { FULL_ACCESS, PERMISSIONS, ROLE_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createRolesService } from './roles.service';

describe('roles API', () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    stocker = await signIn(t.app, DEMO.stocker);
  });
  afterAll(() => t.close());

  it('lists the demo roles in data.data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Administrador', 'Atendimento', 'Estoque', 'Entregas', 'Gerência']));
  });

  it('creates a role, refuses a duplicate name in any case, and updates it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(admin),
      payload: { name: 'Financeiro', permissions: ['bo:manage:reports', 'bo:manage:reports'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Financeiro', permissions: ['bo:manage:reports'] });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(admin),
      payload: { name: 'financeiro', permissions: ['bo:manage:orders'] },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ errors: ['Regra já existente, escolha outro nome.'], code: 'DUPLICATE' });

    const id = created.json().data.id;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${id}`,
      headers: bearer(admin),
      payload: { name: 'Financeiro e Relatórios', permissions: ['bo:manage:reports', 'bo:manage:orders'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.permissions).toEqual(['bo:manage:reports', 'bo:manage:orders']);
    const audit = await t.db.selectFrom('audit_events').selectAll().where('entity', '=', 'role').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses an empty permission list, unknown keys and unknown fields', async () => {
    const cases = [
      [{ name: 'Vazia', permissions: [] }, 'Adicione as permissões para a regra.'],
      [{ name: 'Estranha', permissions: ['bo:manage:rockets'] }, 'Permissão desconhecida.'],
      [{ name: '', permissions: ['bo:manage:orders'] }, 'Informe a regra'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/roles', headers: bearer(admin), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(admin),
      payload: { name: 'Extra', permissions: ['bo:manage:orders'], id: 1 },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 for an unknown role, 401 without token and 403 without the permission', async () => {
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/roles/99999',
      headers: bearer(admin),
      payload: { name: 'X', permissions: ['bo:manage:orders'] },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(stocker),
      payload: { name: 'Y', permissions: ['bo:manage:orders'] },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('applies a role change to tokens already issued, at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(stocker) });
    expect(before.statusCode).toBe(403);
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) })).json().data;
    const estoque = roles.find((r: { name: string }) => r.name === 'Estoque');
    const granted = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${estoque.id}`,
      headers: bearer(admin),
      payload: { name: 'Estoque', permissions: [...estoque.permissions, 'bo:manage:roles'] },
    });
    expect(granted.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(stocker) });
    expect(after.statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${estoque.id}`,
      headers: bearer(admin),
      payload: { name: 'Estoque', permissions: estoque.permissions },
    });
    const revoked = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(stocker) });
    expect(revoked.statusCode).toBe(403);
  });

  it('serves the permission catalogue with Portuguese labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: bearer(admin) });
    expect(res.json().data['bo:manage:customers']).toBe('Gerenciar clientes');
    expect(Object.keys(res.json().data)).toContain('full:access');
  });

  describe('the permission ceiling', () => {
    let rolesOnly: string;
    let rolesOnlyId: number;
    const roleIdOf = async (name: string) =>
      (await t.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const patch = (id: number, payload: object, token = rolesOnly) =>
      t.app.inject({ method: 'PATCH', url: `/api/roles/${id}`, headers: bearer(token), payload });
    const post = (payload: object, token = rolesOnly) =>
      t.app.inject({ method: 'POST', url: '/api/roles', headers: bearer(token), payload });

    beforeAll(async () => {
      // The courier becomes an employee whose role holds only `roles`.
      const role = await t.db
        .insertInto('roles')
        .values({ name: 'Só Regras', permissions: [PERMISSIONS.roles] })
        .returning('id')
        .executeTakeFirstOrThrow();
      rolesOnlyId = role.id;
      await t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.courier).execute();
      rolesOnly = await signIn(t.app, DEMO.courier);
    });

    it('closes: an employee holding only roles cannot create a role with full:access', async () => {
      const res = await post({ name: 'Tudo', permissions: [FULL_ACCESS] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [ROLE_TEXTS.permissionNotHeld], code: 'FORBIDDEN' });
      const more = await post({ name: 'Regras e Produtos', permissions: [PERMISSIONS.roles, PERMISSIONS.products] });
      expect(more.statusCode).toBe(403);
      const created = await t.db
        .selectFrom('roles')
        .select('name')
        .where('name', 'in', ['Tudo', 'Regras e Produtos'])
        .execute();
      expect(created).toEqual([]);
      // Within the ceiling it works.
      expect((await post({ name: 'Regras 2', permissions: [PERMISSIONS.roles] })).statusCode).toBe(201);
    });

    it('closes: an employee holding only roles cannot put full:access on their own role', async () => {
      const res = await patch(rolesOnlyId, { name: 'Só Regras', permissions: [PERMISSIONS.roles, FULL_ACCESS] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [ROLE_TEXTS.ownRole], code: 'FORBIDDEN' });
      // Not even within the ceiling: nobody edits their own role.
      const rename = await patch(rolesOnlyId, { name: 'Minha Regra', permissions: [PERMISSIONS.roles] });
      expect(rename.statusCode).toBe(403);
      const own = await t.db
        .selectFrom('roles')
        .select(['name', 'permissions'])
        .where('id', '=', rolesOnlyId)
        .executeTakeFirst();
      expect(own).toEqual({ name: 'Só Regras', permissions: [PERMISSIONS.roles] });
    });

    it("closes: an employee holding only roles cannot strip the administrator's role", async () => {
      const adminRole = await roleIdOf('Administrador');
      const res = await patch(adminRole, { name: 'Administrador', permissions: [PERMISSIONS.dashboard] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [ROLE_TEXTS.roleNotHeld], code: 'FORBIDDEN' });
      // Nor any role holding a permission they lack, nor give another role a permission they lack.
      expect(
        (await patch(await roleIdOf('Estoque'), { name: 'Estoque', permissions: [PERMISSIONS.roles] })).statusCode,
      ).toBe(403);
      const regras2 = await roleIdOf('Regras 2');
      const widen = await patch(regras2, { name: 'Regras 2', permissions: [PERMISSIONS.roles, PERMISSIONS.orders] });
      expect(widen.json()).toEqual({ errors: [ROLE_TEXTS.permissionNotHeld], code: 'FORBIDDEN' });
      expect((await patch(regras2, { name: 'Regras Dois', permissions: [PERMISSIONS.roles] })).statusCode).toBe(200);
      const adminPermissions = await t.db
        .selectFrom('roles')
        .select('permissions')
        .where('id', '=', adminRole)
        .executeTakeFirst();
      expect(adminPermissions?.permissions).toEqual([FULL_ACCESS]);
    });

    it('keeps at least one active employee with full access when a role loses it', async () => {
      const adminRole = await roleIdOf('Administrador');
      // An actor whose own role does not grant full access, yet calling with it: only the guard stands
      // between it and the last administrator's role.
      const manager = await t.db
        .selectFrom('employees')
        .select('id')
        .where('email', '=', DEMO.manager)
        .executeTakeFirstOrThrow();
      const outsider = {
        employeeId: manager.id,
        name: 'Gerente',
        permissions: [FULL_ACCESS],
        func: 1,
        tokenVersion: 0,
      };
      const service = createRolesService(t.db);
      await expect(
        service.update(outsider, adminRole, { name: 'Administrador', permissions: [PERMISSIONS.dashboard] }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT', message: ROLE_TEXTS.lastFullAccess });
      // With a second role holding full access and an employee on it, the first may lose it.
      const second = await t.db
        .insertInto('roles')
        .values({ name: 'Diretoria', permissions: [FULL_ACCESS] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('employees').set({ role_id: second.id }).where('email', '=', DEMO.manager).execute();
      const demoted = await service.update(outsider, adminRole, {
        name: 'Administrador',
        permissions: [PERMISSIONS.dashboard],
      });
      expect(demoted.permissions).toEqual([PERMISSIONS.dashboard]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

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
    expect(duplicate.json()).toMatchObject({ errors: ['Regra já existente, escolha outro nome.'] });

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
});

import { PERMISSIONS, roleSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

/**
 * Each role's maximum discount (issue 38 §3, decision 0041): 0 by default, edited on the roles screen by
 * whoever edits roles, never above the editor's own role's maximum (full:access: no maximum).
 */
describe("roles' maximum discount", () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
    // The manager edits roles here, under a role of 10 %.
    const role = await t.db
      .insertInto('roles')
      .values({
        name: 'Supervisão de vendas',
        permissions: [PERMISSIONS.roles, PERMISSIONS.internalSales, PERMISSIONS.orders],
        max_discount_hundredths: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('employees').set({ role_id: role.id }).where('email', '=', DEMO.manager).execute();
    supervisor = await signIn(t.app, DEMO.manager);
  }, 120_000);
  afterAll(() => t.close());

  const post = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/roles', headers: bearer(token), payload });
  const patch = (token: string, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/roles/${id}`, headers: bearer(token), payload });

  it('is 0 on a role created without it, and kept by an edit that does not send it', async () => {
    const created = await post(admin, { name: 'Caixa', permissions: [PERMISSIONS.internalSales] });
    expect(created.statusCode).toBe(201);
    const role = roleSchema.parse(created.json().data);
    expect(role.maxDiscountPercentage).toBe(0);
    const set = await patch(admin, role.id, {
      name: 'Caixa',
      permissions: [PERMISSIONS.internalSales],
      maxDiscountPercentage: 7.5,
    });
    expect(set.json().data.maxDiscountPercentage).toBe(7.5);
    const renamed = await patch(admin, role.id, { name: 'Caixa da loja', permissions: [PERMISSIONS.internalSales] });
    expect(renamed.json().data).toMatchObject({ name: 'Caixa da loja', maxDiscountPercentage: 7.5 });
    const audit = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'role')
      .where('entity_id', '=', String(role.id))
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(audit[0]?.changes).toEqual({ maxDiscountPercentage: { from: 0, to: 7.5 } });
  });

  it('a role editor cannot give a role more than their own maximum (10 %), nor edit a role allowed more', async () => {
    const above = await post(supervisor, {
      name: 'Vendas sênior',
      permissions: [PERMISSIONS.internalSales],
      maxDiscountPercentage: 10.01,
    });
    expect(above.statusCode).toBe(403);
    expect(above.json().errors).toEqual(['Você não pode dar a uma regra desconto máximo acima do seu (10 %).']);
    expect(
      await t.db.selectFrom('roles').select('id').where('name', '=', 'Vendas sênior').executeTakeFirst(),
    ).toBeUndefined();

    const within = await post(supervisor, {
      name: 'Vendas sênior',
      permissions: [PERMISSIONS.internalSales],
      maxDiscountPercentage: 10,
    });
    expect(within.statusCode).toBe(201);
    expect(within.json().data.maxDiscountPercentage).toBe(10);

    // A role the administrator allowed 20 %: the supervisor (10 %) cannot edit it, even just its name.
    const generous = roleSchema.parse(
      (
        await post(admin, {
          name: 'Gerência de loja',
          permissions: [PERMISSIONS.internalSales],
          maxDiscountPercentage: 20,
        })
      ).json().data,
    );
    const rename = await patch(supervisor, generous.id, { name: 'Gerência', permissions: [PERMISSIONS.internalSales] });
    expect(rename.statusCode).toBe(403);
    const lower = await patch(supervisor, generous.id, {
      name: 'Gerência de loja',
      permissions: [PERMISSIONS.internalSales],
      maxDiscountPercentage: 5,
    });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().data.maxDiscountPercentage).toBe(5);
  });

  it('refuses a maximum outside 0–100 % or with more than two decimals', async () => {
    for (const maxDiscountPercentage of [-1, 100.5, 7.555]) {
      const res = await post(admin, {
        name: `Regra ${maxDiscountPercentage}`,
        permissions: [PERMISSIONS.orders],
        maxDiscountPercentage,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain('Informe o desconto máximo de 0 a 100 %, com até duas casas decimais.');
    }
  });
});

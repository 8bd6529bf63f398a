import { EMPLOYEE_TEXTS, PERMISSIONS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp } from '../../test/helpers';
import type { TestInbox } from '../accounts/test-inbox';
import { closeEmployeesWorld, employeeCalls, openEmployeesWorld } from './test-employees';

/**
 * The guards of the employees' permissions: no one hands out what they do not hold, and one active employee with
 * full access remains (each file on an app and a database of its own: createTestApp through ./test-employees).
 */
describe('employees API', () => {
  let t: TestApp;
  let inbox: TestInbox;
  let admin: string;
  let stocker: string;
  let roleIds: Record<string, number>;

  const { call, signup, newEmployee, edit, activeEmployee } = employeeCalls(() => ({
    t,
    inbox,
    admin,
    stocker,
    roleIds,
  }));

  beforeAll(async () => {
    ({ t, inbox, admin, stocker, roleIds } = await openEmployeesWorld());
  });
  afterAll(() => closeEmployeesWorld({ t, inbox }));

  describe('no one hands out permissions they do not hold', () => {
    it('an employees manager without full access cannot grant or edit more than they hold', async () => {
      const role = await call('POST', '/api/roles', admin, { name: 'RH', permissions: [PERMISSIONS.employees] });
      const rh = role.json().data.id as number;
      const hr = await activeEmployee(
        'attendant',
        newEmployee({ name: 'Irene RH', email: 'irene@demo.com.br', roleId: rh }),
      );

      const grantAdmin = await signup('attendant', newEmployee({ roleId: roleIds.Administrador }), hr);
      expect(grantAdmin.statusCode).toBe(403);
      expect(grantAdmin.json()).toEqual({
        errors: ['Você não pode atribuir uma regra com permissões que você não possui.'],
        code: 'FORBIDDEN',
      });
      expect((await signup('attendant', newEmployee({ roleId: roleIds.Estoque }), hr)).statusCode).toBe(403);
      expect((await signup('attendant', newEmployee({ roleId: rh }), hr)).statusCode).toBe(201);
      expect((await signup('attendant', newEmployee({ roleId: undefined }), hr)).statusCode).toBe(201);

      const editAdmin = await edit(
        'attendant',
        { name: 'Ana', document: '52998224725', email: DEMO.admin, phone: '11987654321', roleId: rh, blocked: true },
        hr,
      );
      expect(editAdmin.statusCode).toBe(403);
      expect(editAdmin.json()).toEqual({
        errors: ['Você não pode alterar um funcionário com permissões que você não possui.'],
        code: 'FORBIDDEN',
      });
      const admin2 = await t.db
        .selectFrom('employees')
        .select('blocked')
        .where('email', '=', DEMO.admin)
        .executeTakeFirst();
      expect(admin2?.blocked).toBe(false);
    });
  });

  describe('at least one active employee with full access remains', () => {
    it('closes: two administrators blocking each other at once cannot leave the system without full access', async () => {
      const second = await activeEmployee(
        'attendant',
        newEmployee({ name: 'Olga Admin', email: 'olga@demo.com.br', roleId: roleIds.Administrador }),
      );
      const ana = {
        name: 'Ana Administradora',
        document: '52998224725',
        email: DEMO.admin,
        phone: '11987654321',
        roleId: roleIds.Administrador,
        blocked: true,
      };
      const olga = await t.db
        .selectFrom('employees')
        .select(['name', 'document', 'email', 'phone'])
        .where('email', '=', 'olga@demo.com.br')
        .executeTakeFirstOrThrow();
      const [olgaBlocksAna, anaBlocksOlga] = await Promise.all([
        edit('attendant', ana, second),
        edit('attendant', { ...olga, roleId: roleIds.Administrador, blocked: true }, admin),
      ]);
      const statuses = [olgaBlocksAna.statusCode, anaBlocksOlga.statusCode].sort();
      // One block goes through; the other is refused, by the guard (409) or because its author is blocked (401).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const active = await t.db
        .selectFrom('employees')
        .innerJoin('roles', 'roles.id', 'employees.role_id')
        .select('employees.email')
        .where('employees.blocked', '=', false)
        .where('roles.name', '=', 'Administrador')
        .execute();
      expect(active).toHaveLength(1);

      // The one left cannot be blocked or moved to a lesser role by anyone: only it holds full access.
      const survivor = active[0]?.email === DEMO.admin ? admin : second;
      const blockedOne = active[0]?.email === DEMO.admin ? { ...olga, roleId: roleIds.Administrador } : ana;
      const unblock = await edit('attendant', { ...blockedOne, blocked: false }, survivor);
      expect(unblock.statusCode).toBe(200);
    });

    it('the last active employee with full access can be neither blocked nor given a lesser role', async () => {
      const { createEmployeesService } = await import('./employees.service');
      const service = createEmployeesService(t.app.deps, t.app.log);
      // An actor outside the table holding full access: only the guard stands between it and the last administrator.
      const outsider = {
        employeeId: 999_999,
        name: 'Fora',
        permissions: [PERMISSIONS.fullAccess],
        func: 1,
        tokenVersion: 0,
      };
      const admins = await t.db
        .selectFrom('employees')
        .innerJoin('roles', 'roles.id', 'employees.role_id')
        .select(['employees.email', 'employees.name', 'employees.document', 'employees.phone', 'employees.func'])
        .where('employees.blocked', '=', false)
        .where('roles.name', '=', 'Administrador')
        .execute();
      // Leave exactly one: block the others directly.
      const [last, ...others] = admins;
      if (!last) throw new Error('no administrator');
      for (const other of others) {
        await t.db.updateTable('employees').set({ blocked: true }).where('email', '=', other.email).execute();
      }
      const base = { name: last.name, document: last.document, email: last.email, phone: last.phone };
      const kind = last.func === 1 ? 'attendant' : last.func === 2 ? 'deliverer' : 'stocker';
      await expect(
        service.update(outsider, kind, { ...base, roleId: roleIds.Administrador as number, blocked: true }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT', message: EMPLOYEE_TEXTS.lastFullAccess });
      await expect(
        service.update(outsider, kind, { ...base, roleId: roleIds.Gerência as number }),
      ).rejects.toMatchObject({ statusCode: 409, message: EMPLOYEE_TEXTS.lastFullAccess });
      const still = await t.db
        .selectFrom('employees')
        .select(['blocked', 'role_id'])
        .where('email', '=', last.email)
        .executeTakeFirstOrThrow();
      expect(still).toEqual({ blocked: false, role_id: roleIds.Administrador });
    });
  });
});

import { EMPLOYEE_FUNCS, REPAIR_TEXTS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer } from '../selling/test-selling';
import { READ_DEVICE_PASSWORD_ACTION, readDevicePassword } from './read-device-password';
import { imeiOf, openRepairsWorld, repairCalls } from './test-repairs';

/**
 * GET /repairs/{id}/device-password (issue 54 item 5): the technician and the counter read the password the customer
 * left, each reading audited; nobody else, and never once the device left (createTestApp through ./test-repairs: an
 * app and a database of this file's own; each test opens its own service orders).
 */
describe("a repair's device password read by the bench and the counter", () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;
  let technician: string;
  let technicianId: number;
  let attendant: string;
  let serial = (Date.now() % 1_000_000) + 500_000;

  beforeAll(async () => {
    ({ t, admin, stocker, technician, technicianId } = await openRepairsWorld());
    attendant = await signIn(t.app, DEMO.attendant);
  });
  afterAll(() => t.close());

  const { call, openRepair } = repairCalls(() => ({ t, admin, stocker, technician, technicianId }));

  const readings = (id: number) =>
    t.db
      .selectFrom('audit_events')
      .select(['employee_id', 'changes'])
      .where('entity', '=', 'repair')
      .where('entity_id', '=', String(id))
      .where('action', '=', READ_DEVICE_PASSWORD_ACTION)
      .orderBy('id')
      .execute();

  const employeeId = async (email: string) =>
    (await t.db.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('the technician reads it (200, the exact password, not cached), one audit row naming him and not the password', async () => {
    const customer = await createCustomer(t.db, { name: 'Teresa Teste' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { devicePassword: 'padrão L 7415963', photos: [] });

    const res = await call(technician, 'GET', `/repairs/${opened.id}/device-password`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { devicePassword: 'padrão L 7415963' } });
    expect(res.headers['cache-control']).toBe('no-store');

    const rows = await readings(opened.id);
    expect(rows).toEqual([{ employee_id: technicianId, changes: {} }]);
    expect(JSON.stringify(rows)).not.toContain('7415963');
  });

  it('the counter (Atendimento) reads it too, each reading one more audit row in its own name', async () => {
    const customer = await createCustomer(t.db, { name: 'Carla Balcão' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { devicePassword: '2580', photos: [] });

    for (let i = 0; i < 2; i++) {
      const res = await call(attendant, 'GET', `/repairs/${opened.id}/device-password`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.devicePassword).toBe('2580');
    }
    const who = await employeeId(DEMO.attendant);
    expect((await readings(opened.id)).map((row) => row.employee_id)).toEqual([who, who]);
  });

  it('403 to a role without repairs nor the technician function, 404 for an unknown order; neither audited', async () => {
    const customer = await createCustomer(t.db, { name: 'Sérgio Sem Acesso' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { photos: [] });

    expectApiError(await call(stocker, 'GET', `/repairs/${opened.id}/device-password`), 403, 'FORBIDDEN');
    expect(await readings(opened.id)).toEqual([]);

    const unknown = await call(technician, 'GET', '/repairs/2000000000/device-password');
    expect(expectApiError(unknown, 404, 'NOT_FOUND').errors).toEqual([REPAIR_TEXTS.notFound]);
    expect(await readings(2_000_000_000)).toEqual([]);
  });

  it('409 when no password was left, not audited', async () => {
    const customer = await createCustomer(t.db, { name: 'Nina Sem Senha' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { devicePassword: undefined, photos: [] });
    expect(opened.hasDevicePassword).toBe(false);

    const res = await call(technician, 'GET', `/repairs/${opened.id}/device-password`);
    expect(expectApiError(res, 409, 'REPAIR_NO_DEVICE_PASSWORD').errors).toEqual([REPAIR_TEXTS.devicePasswordNone]);
    expect(await readings(opened.id)).toEqual([]);
  });

  it('409 once the device was delivered (the password erased), not audited', async () => {
    const customer = await createCustomer(t.db, { name: 'Diana Entregue' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { devicePassword: '9999', photos: [] });
    const move = async (token: string, path: string, body: object = {}) =>
      expect((await call(token, 'POST', `/repairs/${opened.id}/${path}`, body)).statusCode).toBe(200);
    await move(technician, 'start-diagnosis');
    await move(technician, 'send-estimate', { diagnosis: 'Conector oxidado', labour: 80 });
    await move(admin, 'approve', { payment: 'CASH' });
    await move(technician, 'start-repair');
    await move(technician, 'finish-repair');
    await move(admin, 'deliver', { signature: await picture('png') });

    const res = await call(technician, 'GET', `/repairs/${opened.id}/device-password`);
    expect(expectApiError(res, 409, 'REPAIR_NO_DEVICE_PASSWORD').errors).toEqual([REPAIR_TEXTS.devicePasswordErased]);
    expect(await readings(opened.id)).toEqual([]);
  });

  it('409 when the server secret is not the one that sealed it (never a 500), not audited', async () => {
    const customer = await createCustomer(t.db, { name: 'Otávio Outra Chave' });
    const opened = await openRepair(customer.id, imeiOf(serial++), { devicePassword: '1357', photos: [] });
    const deps = { db: t.db, config: { ...t.app.deps.config, jwtSecret: 'another server secret, long enough' } };
    const principal = {
      employeeId: technicianId,
      name: 'Gustavo Técnico',
      permissions: [],
      func: EMPLOYEE_FUNCS.TECHNICIAN,
      tokenVersion: 0,
    };
    await expect(readDevicePassword(deps, principal, opened.id)).rejects.toMatchObject({
      statusCode: 409,
      code: 'REPAIR_NO_DEVICE_PASSWORD',
      message: REPAIR_TEXTS.devicePasswordUnreadable,
    });
    expect(await readings(opened.id)).toEqual([]);
  });
});

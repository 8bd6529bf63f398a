import { apiErrorSchema, creditSettingsSchema, customerCreditSchema } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrderWorld, type OrderWorld } from '../orders/test-orders';

/** Credit per customer and the credit settings through the API (issue 40 §1). */
type Role = keyof typeof DEMO;
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<Role, string>;

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  for (const [key, email] of Object.entries(DEMO)) tokens[key as Role] = await signIn(t.app, email);
}, 120_000);
afterAll(() => t.close());

describe("a customer's credit", () => {
  it('starts without credit; the manager gives R$ 5.000,00 at 28 or 30/60/90 days, audited with before and after', async () => {
    const url = `/customers/${world.customerId}/credit`;
    const none = customerCreditSchema.parse((await call('GET', url, tokens.attendant)).json().data);
    expect(none).toEqual({
      customerId: world.customerId,
      limit: null,
      terms: [],
      updatedAt: null,
      updatedBy: null,
      exposure: { undelivered: 0, openInstalments: 0, total: 0, available: null },
      overdue: { count: 0, amount: 0, maxDaysLate: 0, blockOverdueDays: 5 },
    });

    const saved = await call('PUT', url, tokens.manager, { limit: 5000, terms: ['30/60/90', ' 28 dias '] });
    expect(saved.statusCode).toBe(200);
    expect(customerCreditSchema.parse(saved.json().data)).toMatchObject({
      limit: 5000,
      terms: [[28], [30, 60, 90]],
      updatedBy: { id: world.staff.manager },
    });
    // The attendant reads it (he sells on it) but cannot change it; the stocker does not reach it.
    expect(customerCreditSchema.parse((await call('GET', url, tokens.attendant)).json().data).limit).toBe(5000);
    expectError(await call('PUT', url, tokens.attendant, { limit: 9000, terms: [] }), 403, 'FORBIDDEN');
    expectError(await call('GET', url, tokens.stocker), 403, 'FORBIDDEN');

    // Taken away: no limit, no plans.
    const removed = await call('PUT', url, tokens.admin, { limit: null, terms: [] });
    expect(customerCreditSchema.parse(removed.json().data)).toMatchObject({ limit: null, terms: [] });
    const audits = await t.db
      .selectFrom('audit_events')
      .select(['employee_id', 'changes'])
      .where('entity', '=', 'customer_credit')
      .where('entity_id', '=', String(world.customerId))
      .orderBy('id')
      .execute();
    const changes = audits.map((a) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes));
    expect(changes).toEqual([
      { before: { limit: null, terms: [] }, after: { limit: 5000, terms: ['28 dias', '30/60/90 dias'] } },
      { before: { limit: 5000, terms: ['28 dias', '30/60/90 dias'] }, after: { limit: null, terms: [] } },
    ]);
    expect(audits.map((a) => a.employee_id)).toEqual([world.staff.manager, world.staff.admin]);
  });

  it('refuses plans that are not increasing days, repeated plans, plans without a limit, and unknown customers', async () => {
    const url = `/customers/${world.customerId}/credit`;
    for (const terms of [['60/30'], ['30/30'], ['0'], ['366'], ['30/60/x'], ['1/2/3/4/5/6/7/8/9/10/11/12/13']]) {
      const body = expectError(await call('PUT', url, tokens.manager, { limit: 100, terms }), 400, 'VALIDATION_FAILED');
      expect(body.errors[0]).toContain('Prazo inválido');
    }
    expect(
      expectError(await call('PUT', url, tokens.manager, { limit: 100, terms: ['28', '28'] }), 400, 'VALIDATION_FAILED')
        .errors[0],
    ).toBe('Prazo repetido.');
    expect(
      expectError(await call('PUT', url, tokens.manager, { limit: null, terms: ['28'] }), 400, 'VALIDATION_FAILED')
        .errors[0],
    ).toBe('Informe o limite de crédito para oferecer prazos.');
    expectError(await call('PUT', url, tokens.manager, { limit: -1, terms: [] }), 400, 'VALIDATION_FAILED');
    expectError(await call('PUT', url, tokens.manager, { limit: 10.005, terms: [] }), 400, 'VALIDATION_FAILED');
    expectError(
      await call('PUT', '/customers/999999/credit', tokens.manager, { limit: 1, terms: [] }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('GET', '/customers/999999/credit', tokens.manager), 404, 'NOT_FOUND');
  });
});

describe('the credit settings', () => {
  it('default to 5 days, a 2 % fine and 1 % a month; the manager changes them, audited; limits refused', async () => {
    expect(creditSettingsSchema.parse((await call('GET', '/credit/settings', tokens.attendant)).json().data)).toEqual({
      blockOverdueDays: 5,
      fine: 2,
      monthlyInterest: 1,
    });
    const body = { blockOverdueDays: 7, fine: 2.5, monthlyInterest: 1.25 };
    expectError(await call('PUT', '/credit/settings', tokens.attendant, body), 403, 'FORBIDDEN');
    const saved = await call('PUT', '/credit/settings', tokens.manager, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(body);
    expect((await call('GET', '/credit/settings', tokens.manager)).json().data).toEqual(body);
    const [audit] = await t.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'credit_settings')
      .execute();
    const changes = typeof audit?.changes === 'string' ? JSON.parse(audit.changes) : audit?.changes;
    expect(changes).toEqual({ before: { blockOverdueDays: 5, fine: 2, monthlyInterest: 1 }, after: body });
    for (const bad of [
      { ...body, fine: 20.01 },
      { ...body, monthlyInterest: 10.5 },
      { ...body, blockOverdueDays: 1.5 },
      { ...body, blockOverdueDays: 366 },
      { ...body, fine: 2.555 },
    ]) {
      expectError(await call('PUT', '/credit/settings', tokens.manager, bad), 400, 'VALIDATION_FAILED');
    }
  });
});

import { AUTH_TEXTS, FULL_ACCESS, PERMISSIONS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers';

const signin = (t: TestApp, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/accounts/signin', payload: payload as object, remoteAddress });

describe('sign-in API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers data.{accessToken, expires, permissions}: an HS256 JWT with sub, unique_name, permissions, 8 hours', async () => {
    const before = Date.now();
    const res = await signin(t, { email: 'Atendente@Demo.com.br', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const { accessToken, expires, permissions } = res.json().data;
    expect(permissions).toEqual([
      PERMISSIONS.dashboard,
      PERMISSIONS.customers,
      PERMISSIONS.orders,
      PERMISSIONS.internalSales,
    ]);
    expect(expires).toBeGreaterThanOrEqual(before + 8 * 3600_000 - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 8 * 3600_000);
    const [header, payload] = (accessToken as string).split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ unique_name: 'Beatriz Atendente', permissions });
    expect(claims.exp * 1000).toBe(expires);
    expect(typeof claims.sub).toBe('string');

    const admin = await signin(t, { email: DEMO.admin, password: 'demo1234' });
    expect(admin.json().data.permissions).toEqual([FULL_ACCESS]);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await signin(t, { email: DEMO.stocker, password: 'wrong-password' });
    const unknown = await signin(t, { email: 'ninguem@demo.com.br', password: 'demo1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ errors: [AUTH_TEXTS.invalidCredentials] });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body with the exact Portuguese messages and refuses unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'demo1234' }, 'Informe o endereço de e-mail'],
      [{ email: '', password: 'demo1234' }, 'Informe o endereço de e-mail'],
      [{ email: 'not-an-email', password: 'demo1234' }, 'Informe um e-mail válido'],
      [{ email: DEMO.admin }, 'Informe a senha'],
      [{ email: DEMO.admin, password: '' }, 'Informe a senha'],
    ];
    for (const [payload, message] of cases) {
      const res = await signin(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    const extra = await signin(t, { email: DEMO.admin, password: 'demo1234', permissions: [FULL_ACCESS] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toHaveLength(1);
  });

  it('refuses a blocked employee with its own message, even with the right password', async () => {
    await t.db.updateTable('employees').set({ blocked: true }).where('email', '=', DEMO.courier2).execute();
    const res = await signin(t, { email: DEMO.courier2, password: 'demo1234' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errors: [AUTH_TEXTS.blocked] });
    const wrong = await signin(t, { email: DEMO.courier2, password: 'not-the-password' });
    expect(wrong.json()).toMatchObject({ errors: [AUTH_TEXTS.invalidCredentials] });
  });

  it('answers 429 after ten failed sign-ins for an e-mail from one address, and only there', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signin(t, { email: DEMO.manager, password: `wrong-${i}` }, '203.0.113.7');
      expect(res.statusCode).toBe(401);
    }
    const locked = await signin(t, { email: DEMO.manager, password: 'demo1234' }, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errors: ['Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.'],
    });
    const otherAddress = await signin(t, { email: DEMO.manager, password: 'demo1234' }, '203.0.113.8');
    expect(otherAddress.statusCode).toBe(200);
    const otherEmail = await signin(t, { email: DEMO.courier, password: 'demo1234' }, '203.0.113.7');
    expect(otherEmail.statusCode).toBe(200);
  });
});

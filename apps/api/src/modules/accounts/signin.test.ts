import { AUTH_TEXTS, accountBackoffText, FULL_ACCESS, PERMISSIONS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers';
import { backoffSeconds, SIGN_IN_LIMITS } from './sign-in-throttle';

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
      PERMISSIONS.invoices,
      PERMISSIONS.repairs,
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
    expect(wrong.json()).toEqual({ errors: [AUTH_TEXTS.invalidCredentials], code: 'INVALID_CREDENTIALS' });
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
    expect(res.json()).toEqual({ errors: [AUTH_TEXTS.blocked], code: 'ACCOUNT_BLOCKED' });
    const wrong = await signin(t, { email: DEMO.courier2, password: 'not-the-password' });
    expect(wrong.json()).toEqual({ errors: [AUTH_TEXTS.invalidCredentials], code: 'INVALID_CREDENTIALS' });
  });

  it('answers 429 after ten failed sign-ins for an e-mail from one address, and only there', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signin(t, { email: DEMO.manager, password: `wrong-${i}` }, '203.0.113.7');
      expect(res.statusCode).toBe(401);
    }
    const locked = await signin(t, { email: DEMO.manager, password: 'demo1234' }, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      errors: ['Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.'],
      code: 'TOO_MANY_REQUESTS',
    });
    const otherAddress = await signin(t, { email: DEMO.manager, password: 'demo1234' }, '203.0.113.8');
    expect(otherAddress.statusCode).toBe(200);
    const otherEmail = await signin(t, { email: DEMO.courier, password: 'demo1234' }, '203.0.113.7');
    expect(otherEmail.statusCode).toBe(200);
  });

  const failuresOf = async (email: string) =>
    Number(
      (
        await t.db
          .selectFrom('throttle_events')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('kind', '=', 'sign_in')
          .where('subject', '=', email)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('closes: rotating 20 addresses gave 180 guesses at one account', async () => {
    const victim = DEMO.courier;
    // The owner signed in from their usual address before the attack.
    expect((await signin(t, { email: victim, password: 'demo1234' }, '198.51.100.50')).statusCode).toBe(200);
    expect(await failuresOf(victim)).toBe(0);
    // Ten guesses through the API, one from each of ten addresses: each pair is far below its limit of 10.
    for (let i = 1; i <= 10; i++) {
      const res = await signin(t, { email: victim, password: `guess-${i}` }, `203.0.113.${100 + i}`);
      expect(res.statusCode).toBe(401);
    }
    expect(await failuresOf(victim)).toBe(10);
    // Sixteen more from sixteen other addresses, as the database holds them: 26 in the window.
    await t.db
      .insertInto('throttle_events')
      .values(
        Array.from({ length: 16 }, (_, i) => ({ kind: 'sign_in', subject: victim, address: `203.0.113.${150 + i}` })),
      )
      .execute();
    expect(backoffSeconds(SIGN_IN_LIMITS.accountFreeFailures - 1)).toBe(0);
    expect(backoffSeconds(SIGN_IN_LIMITS.accountFreeFailures)).toBe(1);
    expect(backoffSeconds(26)).toBe(60); // 2^(26-20) = 64, capped at a minute
    const slowed = await signin(t, { email: victim, password: 'demo1234' }, '203.0.113.201');
    expect(slowed.statusCode).toBe(429);
    const wait = slowed.json().details.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(slowed.json()).toEqual({
      errors: [accountBackoffText(wait)],
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: wait },
    });
    // A refused try is no guess: nothing was added.
    expect(await failuresOf(victim)).toBe(26);
    // The owner, from the address where they signed in before, is not locked out.
    expect((await signin(t, { email: victim, password: 'demo1234' }, '198.51.100.50')).statusCode).toBe(200);
  });

  it('closes: 60 accounts sprayed from one address were never slowed', async () => {
    const sprayer = '192.0.2.66';
    expect((await signin(t, { email: DEMO.admin, password: 'demo1234' }, sprayer)).statusCode).toBe(200);
    // Ten accounts tried through the API, twenty more as the database holds them: 30 failures from the address.
    for (let i = 0; i < 10; i++) {
      const res = await signin(t, { email: `alvo${i}@demo.com.br`, password: 'demo1234' }, sprayer);
      expect(res.statusCode).toBe(401);
    }
    await t.db
      .insertInto('throttle_events')
      .values(
        Array.from({ length: SIGN_IN_LIMITS.perAddress - 10 }, (_, i) => ({
          kind: 'sign_in',
          subject: `alvo${10 + i}@demo.com.br`,
          address: sprayer,
        })),
      )
      .execute();
    const next = await signin(t, { email: 'alvo-novo@demo.com.br', password: 'demo1234' }, sprayer);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({ errors: [AUTH_TEXTS.tooManyFromAddress], code: 'TOO_MANY_REQUESTS' });
    const realUser = await signin(t, { email: DEMO.attendant, password: 'demo1234' }, sprayer);
    expect(realUser.statusCode).toBe(429);
    // Elsewhere nothing is slowed, and an account that signed in from that address before still can.
    expect((await signin(t, { email: DEMO.attendant, password: 'demo1234' }, '192.0.2.67')).statusCode).toBe(200);
    expect((await signin(t, { email: DEMO.admin, password: 'demo1234' }, sprayer)).statusCode).toBe(200);
  });

  it('prunes counted events older than a day', async () => {
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.db
      .insertInto('throttle_events')
      .values({ kind: 'sign_in', subject: 'velho@demo.com.br', address: '192.0.2.1', created_at: old })
      .execute();
    const { createSignInThrottle } = await import('./sign-in-throttle');
    await createSignInThrottle(t.db).prune();
    const left = await t.db
      .selectFrom('throttle_events')
      .select('id')
      .where('subject', '=', 'velho@demo.com.br')
      .execute();
    expect(left).toEqual([]);
  });
});

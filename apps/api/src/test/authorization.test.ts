import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allows, EMPLOYEE_FUNCS, FULL_ACCESS, isPermissionKey, TASKS_ACCESS } from '@backoffice/contract';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../lib/jwt';
import { ORDER_EVENTS_PATH } from '../modules/events/events.routes';
import { authPlugin } from '../plugins/auth';
import { bearer, createTestApp, DEMO, type TestApp } from './helpers';

/**
 * Walks EVERY route the app registers (collected while the app is built, so routes added later by
 * anyone are walked too) × every demo role × bad tokens, and checks the authorisation contract:
 * - every /api route declares its permissions (a non-empty list of known keys) or 'public';
 * - 401 without a token, with an expired, a tampered and an `alg: none` token;
 * - 403 for a role without any of the route's permissions (nor, where the route names functions, one of
 *   them: the stocker's and the courier's field work), and never 401/auth-403 for one with them;
 * - never a 5xx, whatever the token and the path values.
 * Skipped: HEAD/OPTIONS duplicates and the OpenAPI page (/api/docs*), which is only checked to be open.
 */

const AUTH_FORBIDDEN = 'Você não tem permissão para realizar esta operação.';
const SAMPLE_TIMESTAMP = '2024-01-01T00:00:00';

interface WalkedRoute {
  method: string;
  url: string;
  permissions: unknown;
  /** The employee functions that also open the route (config.functions), whatever the role holds. */
  functions: readonly number[];
  isStaticFile: boolean;
}

/** Plausible path values by parameter name, then a second, implausible set ('x' everywhere). */
function fillPath(url: string, plausible: boolean): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment === '*') return plausible ? 'x.png' : 'x';
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\(.*$/, '');
      if (!plausible) return 'x';
      if (/email/i.test(name)) return encodeURIComponent(DEMO.attendant);
      if (/^(start|end)/i.test(name)) return SAMPLE_TIMESTAMP;
      if (name === 'kind') return 'attendant';
      if (/status/i.test(name)) return '13';
      return '1';
    })
    .join('/');
}

function token(header: object, payload: object, signature = ''): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

describe('authorisation of every route', () => {
  let t: TestApp;
  const routes: WalkedRoute[] = [];

  beforeAll(async () => {
    const channel = diagnostics.channel('fastify.initialization');
    const collect = (message: unknown) => {
      const { fastify } = message as { fastify: FastifyInstance };
      fastify.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          routes.push({
            method,
            url: route.url,
            permissions: route.config?.permissions,
            functions: route.config?.functions ?? [],
            isStaticFile: route.config !== undefined && 'file' in (route.config as object),
          });
        }
      });
    };
    channel.subscribe(collect);
    try {
      t = await createTestApp();
    } finally {
      channel.unsubscribe(collect);
    }
  });
  afterAll(() => t.close());

  it('401 without a valid token, 403 without the permission, never a 5xx, for every route × role', async () => {
    const walked = routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        !r.url.startsWith('/api/docs') &&
        // The live-updates stream never ends (inject would wait forever): events.test.ts covers its 401/403/200.
        r.url !== ORDER_EVENTS_PATH,
    );
    const api = walked.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(10);
    expect(api.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/accounts/signin', 'GET /api/employees', 'PATCH /api/roles/:id']),
    );
    const failures: string[] = [];

    // Every route outside /api is a static file of the built web app (when it exists), open to all.
    for (const route of walked.filter((r) => !r.url.startsWith('/api/'))) {
      if (!route.isStaticFile) failures.push(`${route.method} ${route.url}: a non-static route outside /api`);
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
      if (res.statusCode !== 200) failures.push(`${route.method} ${route.url}: static file answered ${res.statusCode}`);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (docs.statusCode !== 200) failures.push(`GET /api/docs/json answered ${docs.statusCode} without a token`);

    // Every /api route declares who may call it ('signed-in': any signed-in employee, whatever the role).
    for (const route of api) {
      const declared = route.permissions;
      const valid =
        declared === 'public' ||
        declared === 'signed-in' ||
        (Array.isArray(declared) &&
          declared.length > 0 &&
          declared.every((key) => typeof key === 'string' && isPermissionKey(key)));
      if (!valid) {
        failures.push(`${route.method} ${route.url}: config.permissions must be 'public' or known permission keys`);
      }
    }

    // Tokens: one per demo role, and three invalid ones.
    const roles: { name: string; token: string; permissions: string[]; func: number }[] = [];
    const signInAs = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/signin',
        payload: { email, password: 'demo1234' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { accessToken: string; permissions: string[] };
    };
    const funcs = new Map(
      (await t.db.selectFrom('employees').select(['email', 'func']).execute()).map((e) => [e.email, e.func]),
    );
    for (const email of Object.values(DEMO)) {
      const { accessToken, permissions } = await signInAs(email);
      roles.push({ name: email, token: accessToken, permissions, func: funcs.get(email) ?? 0 });
    }
    const admin = await t.db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('email', '=', DEMO.admin)
      .executeTakeFirstOrThrow();
    const claims = { sub: String(admin.id), unique_name: admin.name, permissions: [FULL_ACCESS] };
    const expired = signToken(claims, t.config.jwtSecret, -60_000).token;
    const [, , stockerSignature] = (roles.find((r) => r.name === DEMO.stocker)?.token ?? '').split('.');
    const future = Math.floor(Date.now() / 1000) + 3600;
    const tampered = token(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, iat: future - 7200, exp: future },
      stockerSignature,
    );
    const algNone = token({ alg: 'none', typ: 'JWT' }, { ...claims, iat: future - 7200, exp: future });
    const invalid = { 'no token': undefined, expired, tampered, 'alg none': algNone };

    const payloadFor = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);
    let requests = 0;
    const call = async (route: WalkedRoute, url: string, bearerToken: string | undefined) => {
      requests++;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: bearerToken ? bearer(bearerToken) : {},
        ...(payloadFor(route.method) ? { payload: payloadFor(route.method) } : {}),
      });
      if (res.statusCode >= 500) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    for (const route of api) {
      const plausible = fillPath(route.url, true);
      const implausible = fillPath(route.url, false);
      const isPublic = route.permissions === 'public';
      const declared = Array.isArray(route.permissions) ? (route.permissions as string[]) : [];

      for (const [label, bad] of Object.entries(invalid)) {
        const res = await call(route, plausible, bad);
        if (!isPublic && res.statusCode !== 401) {
          failures.push(`${route.method} ${plausible} with ${label}: expected 401, got ${res.statusCode}`);
        }
      }
      for (const role of roles) {
        for (const url of [plausible, implausible]) {
          const res = await call(route, url, role.token);
          if (isPublic) continue;
          // Signing out ends the session: the walk goes on with a new one.
          if (route.url === '/api/accounts/signout' && res.statusCode === 204) {
            role.token = (await signInAs(role.name)).accessToken;
          }
          const allowed =
            route.permissions === 'signed-in' ||
            allows({ permissions: declared, functions: route.functions }, role.permissions, role.func);
          const deniedByAuth = res.statusCode === 403 && res.json().errors?.[0] === AUTH_FORBIDDEN;
          if (res.statusCode === 401) {
            failures.push(`${route.method} ${url} as ${role.name}: 401 with a valid token`);
          } else if (!allowed && url === plausible && !deniedByAuth) {
            failures.push(`${route.method} ${url} as ${role.name}: expected 403, got ${res.statusCode}`);
          } else if (allowed && deniedByAuth) {
            failures.push(`${route.method} ${url} as ${role.name}: holds ${declared.join('|')} but got 403`);
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(api.length * (4 + 2 * roles.length));
  }, 600_000);
});

describe('auth plugin outside the API', () => {
  it('leaves the built web app files and the OpenAPI page open, and closes an /api route without a declaration', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'backoffice-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>BackOffice</title>');
    writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    const app = Fastify();
    await app.register(authPlugin, {
      secret: 'x',
      lookup: async () => ({ blocked: false, permissions: [], tokenVersion: 0, func: 1 }),
    });
    await app.register(fastifyStatic, { root, wildcard: false });
    app.get('/api/docs/json', async () => ({ openapi: '3.0.0' }));
    app.get('/api/undeclared', async () => ({ ok: true }));
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/undeclared' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('who the demo roles open the field work to', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a courier without orders opens 'Minhas tarefas' and his field moves by his function, and nothing of the desk", async () => {
    const courier = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email: DEMO.courier, password: 'demo1234' },
    });
    const { accessToken, permissions } = courier.json().data as { accessToken: string; permissions: string[] };
    // The demo role 'Entregas' holds nothing: the courier's function opens his work.
    expect(permissions).toEqual([]);
    expect(TASKS_ACCESS.functions).toEqual(expect.arrayContaining([EMPLOYEE_FUNCS.STOCKER, EMPLOYEE_FUNCS.DELIVERER]));
    const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
    const tasks = await call('GET', '/api/orders/tasks');
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().kinds).toEqual(['delivery']);
    // The field moves pass the route's check (an unknown order answers 404, not the 403 of the plugin).
    for (const path of ['withdraw', 'deliver', 'absent']) {
      const res = await call('PATCH', `/api/workflow/order/${path}`, {
        orderId: 999_999,
        signature: 'iVBORw0KGgo=',
      });
      expect(res.json().errors?.[0]).not.toBe(AUTH_FORBIDDEN);
    }
    // The desk stays closed: the orders screen's reads, the desk's moves, the settings.
    for (const [method, url] of [
      ['GET', '/api/orders/status'],
      ['GET', '/api/orders/count'],
      ['PATCH', '/api/workflow/order/approve'],
      ['POST', '/api/workflow/order/finalize'],
      ['GET', '/api/orders/bank-settings'],
      ['PUT', '/api/orders/bank-settings'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(accessToken), payload: {} });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiErrorSchema } from '@backoffice/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './test/helpers';

describe('the served web app and the API side by side', () => {
  let t: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>BackOffice</title><div id="root"></div>');
    t = await createTestApp({ webDistDir });
  });
  afterAll(() => t.close());

  it('answers any screen path with the single-page app', async () => {
    for (const url of ['/', '/admin/customers', '/forgot-password', '/admin/nao-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves files of a web app rebuilt while the server runs', async () => {
    writeFileSync(path.join(webDistDir, 'app-rebuilt.js'), 'console.log("novo")');
    const res = await t.app.inject({ method: 'GET', url: '/app-rebuilt.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('novo');
  });

  it('answers an unknown API path with a Portuguese JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toContain('Rota não encontrada');
  });

  it('answers malformed and very long paths with a Portuguese JSON error, never an English one', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/employees/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: ['Endereço da requisição inválido.'], code: 'MALFORMED_URL' });
    const longEmail = `${'a'.repeat(150)}@${'b'.repeat(100)}.com.br`;
    const long = await t.app.inject({ method: 'GET', url: `/api/employees/${longEmail}` });
    expect(long.statusCode).toBe(401);
    expect(long.json().errors[0]).toMatch(/Sessão/);
  });

  it('reports health and serves the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/accounts/signin');
  });
});

describe('error codes: every failure carries a stable code beside its Portuguese message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells validation, authentication, permission, missing, duplicate and stale failures apart', async () => {
    const admin = bearer(await signIn(t.app, DEMO.admin));
    const stocker = bearer(await signIn(t.app, DEMO.stocker));
    const cases: Array<[string, InjectOptions]> = [
      ['ROUTE_NOT_FOUND', { method: 'GET', url: '/api/nao-existe' }],
      ['UNAUTHENTICATED', { method: 'GET', url: '/api/employees' }],
      ['FORBIDDEN', { method: 'GET', url: '/api/employees', headers: stocker }],
      ['VALIDATION_FAILED', { method: 'POST', url: '/api/roles', headers: admin, payload: { name: '' } }],
      [
        'INVALID_JSON',
        {
          method: 'POST',
          url: '/api/roles',
          headers: { ...admin, 'content-type': 'application/json' },
          payload: '{"name":',
        },
      ],
      [
        'DUPLICATE',
        {
          method: 'POST',
          url: '/api/roles',
          headers: admin,
          payload: { name: 'Estoque', permissions: ['bo:manage:products'] },
        },
      ],
      [
        'INVALID_CREDENTIALS',
        { method: 'POST', url: '/api/accounts/signin', payload: { email: DEMO.admin, password: 'errada-123' } },
      ],
    ];
    for (const [code, request] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${code}: ${res.body}`).toBeGreaterThanOrEqual(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe(code);
      expect(body.errors[0]).toMatch(/[a-zà-ú]/i);
    }
  });
});

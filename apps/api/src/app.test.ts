import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    writeFileSync(path.join(webDistDir, 'login.html'), '<!doctype html><title>Entrar</title><div id="root"></div>');
    t = await createTestApp({ webDistDir });
  });
  afterAll(() => t.close());

  it('answers any screen path with the single-page app', async () => {
    for (const url of ['/admin/customers', '/forgot-password', '/admin/nao-existe', '/logout']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>BackOffice</title>');
    }
  });

  it('answers / and /login with the sign-in page (decision 0025), revalidated on every visit', async () => {
    for (const url of ['/', '/login', '/login?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.body, url).toContain('<title>Entrar</title>');
    }
  });

  it('answers / and /login with the sign-in page to a browser that accepts compression, every screen with the app (issue 34 §7)', async () => {
    // As the build writes them: each page with its .br and .gz twins (apps/web/vite.config.ts).
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    const pages = {
      'index.html': `<!doctype html><title>BackOffice</title><script type="module" src="/assets/index-abc.js"></script>${'<!-- app -->'.repeat(100)}`,
      'login.html': `<!doctype html><title>Entrar</title><form method="post">${'<!-- form -->'.repeat(100)}</form>`,
    };
    for (const [name, html] of Object.entries(pages)) {
      writeFileSync(path.join(dist, name), html);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(html));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(html));
    }
    const served = await createTestApp({ webDistDir: dist });
    try {
      const open = async (url: string, acceptEncoding: string) => {
        const res = await served.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        const encoding = res.headers['content-encoding'];
        if (encoding === 'br') return { encoding, html: brotliDecompressSync(res.rawPayload).toString('utf8') };
        if (encoding === 'gzip') return { encoding, html: gunzipSync(res.rawPayload).toString('utf8') };
        return { encoding, html: res.body };
      };
      for (const url of ['/', '/login', '/login?x=1', '/?utm=1']) {
        expect(await open(url, 'gzip, deflate, br'), url).toEqual({ encoding: 'br', html: pages['login.html'] });
        expect(await open(url, 'gzip'), url).toEqual({ encoding: 'gzip', html: pages['login.html'] });
        expect(await open(url, 'identity'), url).toEqual({ encoding: undefined, html: pages['login.html'] });
      }
      for (const url of ['/admin/tasks', '/admin/customers']) {
        expect((await open(url, 'gzip, deflate, br')).html, url).toBe(pages['index.html']);
      }
    } finally {
      await served.close();
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

  it("answers an unknown API path longer than 4 KB with 404, not 403 (issue 15: the web app's file route took it)", async () => {
    for (const url of [
      `/api/${'a'.repeat(4100)}`,
      `/api/x/${'a/'.repeat(3000)}`,
      `/api/orders/${'b'.repeat(9000)}/x`,
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url.slice(0, 20)}…`).toBe(404);
        if (method === 'GET') expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      }
    }
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

describe('security headers, compression and caching', () => {
  let t: TestApp;
  let webDistDir: string;
  /** A hashed asset as the web build writes it: the file and its .br/.gz twins (see apps/web/vite.config.ts). */
  const script = `console.log(${JSON.stringify('BackOffice '.repeat(300))});`;
  beforeAll(async () => {
    webDistDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>BackOffice</title><div id="root"></div>');
    mkdirSync(path.join(webDistDir, 'assets'));
    const asset = path.join(webDistDir, 'assets', 'index-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await createTestApp({ webDistDir });
  });
  afterAll(() => t.close());

  it('sends the strict policy and the other security headers on pages, the API, files and errors', async () => {
    const key = await t.app.deps.storage.put(t.db, 'products', Buffer.from('not really a png'), 'png');
    const urls = [
      '/',
      '/admin/customers',
      '/api/health',
      `/api/files/${key}`,
      '/api/files/nao-existe.png',
      '/api/nao-existe',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp, url).not.toContain(" 'unsafe-eval'");
      expect(csp, url).toContain("frame-src 'self' blob:");
      expect(csp, url).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(csp, url).toContain("form-action 'self'");
      expect(csp, url).toContain("img-src 'self' data: blob:");
      expect(csp, url).toContain("connect-src 'self' data:;");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('compresses a large JSON answer with brotli or gzip, and leaves a small one alone', async () => {
    const admin = bearer(await signIn(t.app, DEMO.admin));
    const large = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { ...admin, 'accept-encoding': 'br, gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toContain('accept-encoding');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString('utf8'));
    expect(Object.keys(document.paths)).toContain('/api/roles');

    // 6 demo roles (the technician's since issue 42) + 12 of about 100 characters each: well above the 1 KB threshold.
    for (let n = 1; n <= 12; n++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: admin,
        payload: { name: `Papel de teste número ${n} com um nome longo`, permissions: ['bo:manage:reports'] },
      });
    }
    const roles = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { ...admin, 'accept-encoding': 'gzip' },
    });
    expect(roles.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(roles.rawPayload).toString('utf8')).data.length).toBe(18);

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('serves a hashed asset from its pre-compressed twin, cached for a year', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has every screen revalidate index.html, so a new build shows at once', async () => {
    for (const url of ['/', '/admin/customers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("has the field app's service worker, its registration and manifest revalidated, and the manifest typed", async () => {
    writeFileSync(path.join(webDistDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(path.join(webDistDir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");');
    writeFileSync(path.join(webDistDir, 'manifest.webmanifest'), '{"name":"BackOffice"}');
    for (const url of ['/sw.js', '/registerSW.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('answers HEAD on a screen path with the page headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/admin/customers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).toBe('');
    const api = await t.app.inject({ method: 'HEAD', url: '/api/nao-existe' });
    expect(api.statusCode).toBe(404);
  });
});

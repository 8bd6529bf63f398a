import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@backoffice/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/database';
import { DEMO_PASSWORD, seedFoundation } from '../db/seed/foundation';
import { createStorage } from '../lib/storage';
import { createOrder, createOrderWorld } from '../modules/orders/test-orders';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { freePort } from '../test/free-port';
import { DEMO } from '../test/helpers';

/**
 * deploy/nginx/backoffice.conf as shipped (issue 43 §3), in front of two web processes on one database: nginx from
 * Debian's package (`npm test` installs it when missing, scripts/nginx.mjs; NGINX_PATH names another), with a
 * certificate made here by openssl. Only the ports and the certificate's paths are put in; everything else is the file.
 */
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const SHIPPED = path.resolve(import.meta.dirname, '../../../../deploy/nginx/backoffice.conf');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('nginx in front of two web processes (deploy/nginx/backoffice.conf)', () => {
  let dir: string;
  let database: TestDatabase;
  let nginx: ChildProcess;
  let ca: string;
  let httpsPort: number;
  let httpPort: number;
  const apps: FastifyInstance[] = [];
  /** How many requests each web process answered. */
  const served = [0, 0];

  const request = (
    pathname: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: pathname,
          method: init.method ?? 'GET',
          ca,
          servername: 'localhost',
          headers: init.headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });
  const signIn = async (email: string) => {
    const { body, ...rest } = json({ email, password: DEMO_PASSWORD });
    const res = await request('/api/accounts/signin', { method: 'POST', headers: rest, body });
    expect(res.status, res.body).toBe(200);
    return JSON.parse(res.body).data.accessToken as string;
  };

  beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(`nginx não encontrado em ${NGINX}: "apt-get install nginx" (npm test o instala) ou NGINX_PATH.`);
    dir = mkdtempSync(path.join(tmpdir(), 'backoffice-nginx-'));
    database = await emptyTestDatabase('nginx', { migrated: true });
    await migrateToLatest(database.db);
    await seedFoundation(database.db);
    const config = loadConfig(
      {
        inMemory: true,
        dataDir: database.dataDir,
        jwtSecret: `nginx-${randomUUID()}`,
        databaseUrl: database.databaseUrl,
        webDistDir: undefined,
        role: 'web',
        trustProxy: '127.0.0.1',
      },
      {},
    );
    // Two web processes on one database (on PGlite, one database object: it is one process's).
    for (const index of [0, 1]) {
      const app = await buildApp({ config, db: database.db, logger: false, storage: createStorage(database.db) });
      app.addHook('onRequest', async () => {
        served[index] = (served[index] ?? 0) + 1;
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    const ports = apps.map((app) => (app.server.address() as AddressInfo).port);

    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...[
          '-addext',
          'subjectAltName=DNS:localhost',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    const shipped = readFileSync(SHIPPED, 'utf8');
    const put = (text: string, from: string, to: string) => {
      if (!text.includes(from)) throw new Error(`deploy/nginx/backoffice.conf has no "${from}"`);
      return text.replace(from, to);
    };
    let site = put(shipped, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${ports[0]} `);
    site = put(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${ports[1]} `);
    site = put(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
    site = put(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
    site = put(site, '/etc/ssl/backoffice/fullchain.pem', path.join(dir, 'cert.pem'));
    site = put(site, '/etc/ssl/backoffice/privkey.pem', path.join(dir, 'key.pem'));
    writeFileSync(path.join(dir, 'backoffice.conf'), site);
    mkdirSync(path.join(dir, 'temp'));
    // The main file a Debian nginx has, reduced to what a test needs: the site is included inside `http` as there.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;
user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/backoffice.conf;
}
`,
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let failed = '';
    nginx.stderr?.on('data', (chunk) => {
      failed += String(chunk);
    });
    // Ready when it answers (nginx says nothing when it listens).
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx não iniciou: ${failed}`);
      try {
        await request('/api/health');
        break;
      } catch {
        await new Promise((settle) => setTimeout(settle, 50));
      }
    }
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const app of apps) await app.close();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends plain HTTP to HTTPS, and answers the API over TLS from both web processes in turn', async () => {
    const plain = await fetch(`http://127.0.0.1:${httpPort}/api/health`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`https://127.0.0.1/api/health`);

    served.fill(0);
    for (let i = 0; i < 6; i++) expect((await request('/api/health')).status).toBe(200);
    expect(served).toEqual([3, 3]);
  });

  it('passes a live update (Server-Sent Events) on as it happens, not when the stream ends', async () => {
    const token = await signIn(DEMO.admin);
    const world = await createOrderWorld(database.db);
    const received: string[] = [];
    let heard: (text: string) => void = () => undefined;
    const stream = https.request({
      host: '127.0.0.1',
      port: httpsPort,
      path: '/api/orders/events',
      ca,
      servername: 'localhost',
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    const opened = new Promise<number>((resolve, reject) => {
      stream.on('response', (res) => {
        res.on('data', (chunk: Buffer) => {
          received.push(String(chunk));
          heard(received.join(''));
        });
        resolve(res.statusCode ?? 0);
      });
      stream.on('error', reject);
    });
    stream.end();
    try {
      expect(await opened).toBe(200);
      const event = new Promise<string>((resolve) => {
        heard = (text) => {
          if (text.includes('event: order')) resolve(text);
        };
        heard(received.join(''));
      });
      // Waits for the stream's first bytes (its `retry:`), so the order is made while it listens.
      await new Promise<void>((resolve) => {
        const check = () => (received.length > 0 ? resolve() : setImmediate(check));
        check();
      });
      const order = await createOrder(database.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA });
      const text = await event;
      expect(text).toContain(`"code":"${order.code}"`);
    } finally {
      stream.destroy();
    }
  });

  it('lets a body of 5 MB reach the API (nginx keeps 1 MB by default), and goes on when a web process dies', async () => {
    const token = await signIn(DEMO.admin);
    // 5 MB of JSON to a route that takes a small one: the API's own answer (JSON), not nginx's 413 page.
    const big = await request('/api/accounts/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin, password: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(big.headers['content-type']).toContain('application/json');
    expect(JSON.parse(big.body).errors.length).toBeGreaterThan(0);

    await apps[0]?.close();
    for (let i = 0; i < 4; i++) {
      const me = await request('/api/accounts/me', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status, me.body).toBe(200);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DATABASE_UNAVAILABLE_TEXT } from '@backoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { exitForSupervisor, type RunningServer, startServer } from '../server';
import { bearer } from '../test/helpers';
import { embeddedDialectOf } from './database';

/**
 * The embedded database (PGlite in its worker thread, whatever DATABASE_URL says) when that thread dies:
 * nothing hangs, the log says so, and the server exits with an error for its supervisor.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const ADMIN = { email: 'dona@loja.com.br', password: 'senha-segura-1' };

async function embeddedServer(onLost: (error: Error, app: RunningServer['app']) => void) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-embedded-lost-'));
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig(
    {
      inMemory: true,
      dataDir,
      jwtSecret: `lost-${randomUUID()}`,
      webDistDir: undefined,
      port: 0,
      host: '127.0.0.1',
      demoData: false,
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      logLevel: 'warn',
    },
    {},
  );
  const server = await startServer(config, { logger: { stream }, onEmbeddedDatabaseLost: onLost });
  cleanups.push(async () => {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  expect(await server.ready).toBe('administrator');
  const signin = await server.app.inject({ method: 'POST', url: '/api/accounts/signin', payload: ADMIN });
  expect(signin.statusCode).toBe(200);
  const token = signin.json().data.accessToken as string;
  const dialect = embeddedDialectOf(server.db);
  if (!dialect) throw new Error('not the embedded database');
  return { ...server, token, lines, crash: () => dialect.terminateWorker() };
}

describe('the embedded database worker dies', () => {
  it('every request answers 503 at once (queued ones too, none hangs), the health check says 503, and the log names the loss', async () => {
    let lost: Error | undefined;
    const server = await embeddedServer((error) => {
      lost = error;
    });
    const list = () => server.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(server.token) });
    expect((await list()).statusCode).toBe(200);

    // Requests in the queue of the single connection while the thread dies.
    const queued = Array.from({ length: 5 }, list);
    await server.crash();
    const answers = await Promise.all(queued);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json().code).toBe('DATABASE_UNAVAILABLE');
    }
    const started = Date.now();
    const after = await list();
    expect(after.statusCode).toBe(503);
    expect(after.json()).toEqual({ errors: [DATABASE_UNAVAILABLE_TEXT], code: 'DATABASE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(5000);
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().code).toBe('DATABASE_UNAVAILABLE');

    expect(lost?.message).toMatch(/PGlite worker ended unexpectedly/);
    expect(server.lines.join('')).toContain('the embedded PGlite worker ended');
  });

  it('the server logs a fatal line and exits with code 1 for its supervisor', async () => {
    let exited: (code: number) => void = () => {};
    const exitCode = new Promise<number>((resolve) => {
      exited = resolve;
    });
    const server = await embeddedServer(exitForSupervisor((code) => exited(code)));
    await server.crash();
    expect(await exitCode).toBe(1);
    const fatal = server.lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 60);
    expect(fatal?.msg).toBe('embedded database lost: exiting so that the supervisor restarts the server');
    // The app was closed before the exit: it takes no more requests.
    expect(server.app.server.listening).toBe(false);
  });
});

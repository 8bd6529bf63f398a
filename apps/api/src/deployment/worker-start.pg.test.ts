import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/database';

/**
 * A worker is there for the scheduled work alone (decision 0061): when its job queue cannot start, it exits with an
 * error for its supervisor (systemd's `Restart=on-failure`, deploy/systemd) instead of running on and doing nothing.
 * A real process (`src/main.ts --role=worker`) on a database of its own whose queue schema pg-boss cannot use.
 */
const tsx = createRequire(import.meta.url).resolve('tsx');
const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const SERVER_URL = process.env.DATABASE_URL as string;
const database = `worker_${randomUUID().replace(/-/g, '')}`;
let dataDir: string;

beforeAll(async () => {
  await adminQuery(`create database ${database}`, SERVER_URL);
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  // A `pgboss` schema pg-boss did not make: a version it takes for its own, none of its functions.
  await adminQuery(
    `create schema pgboss;
     create table pgboss.version (version int primary key, maintained_on timestamptz, cron_on timestamptz,
       monitored_on timestamptz);
     insert into pgboss.version values (999)`,
    url.toString(),
  );
  dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-worker-start-'));
});

afterAll(async () => {
  await adminQuery(`drop database if exists ${database} with (force)`, SERVER_URL);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker whose job queue cannot start', () => {
  it('logs why and exits with code 1, never saying it runs the scheduled work', async () => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    const child = spawn(process.execPath, ['--import', tsx, MAIN, '--role=worker'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: url.toString(),
        JWT_SECRET: `worker-${randomUUID()}`,
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        ADMIN_EMAIL: 'dona@loja.com.br',
        ADMIN_PASSWORD: 'senha-segura-1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(1);
    expect(output).toContain('the scheduled work could not start: the worker exits');
    expect(output).not.toContain('tarefas agendadas em execução');
  }, 120_000);
});

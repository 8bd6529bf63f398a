import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * Names the data directory of the demo business the journeys' global setup seeded once (`seedDemoTemplate`): each
 * server that starts with the demo opens a copy of it instead of seeding its own. Seeding a scale-1 demo costs
 * about a minute and a half of CPU; the journeys started six servers with it (issue 60 §8).
 */
export const DEMO_TEMPLATE_ENV = 'E2E_DEMO_TEMPLATE_DIR';

/** A fresh data directory: a copy of the seeded demo's (when `env` keeps the demo and the global setup made one). */
function freshDataDir(env: Record<string, string>): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const template = process.env[DEMO_TEMPLATE_ENV];
  if (template && env.DEMO_DATA !== 'false') cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The demo business seeded once into a data directory of its own: the built server started on it (it seeds an
 * empty database), then stopped once healthy, its directory kept. The caller removes it.
 */
export async function seedDemoTemplate(): Promise<string> {
  const server = await startOwnServer({}, 600_000, {
    dataDir: mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-demo-')),
  });
  await server.stop({ keepData: true });
  return server.dataDir;
}

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  /** Ends the server and removes its data directory, unless `keepData` (to start it again on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Where the server's clock stands: `daysLater` days after this machine's (Debian's libfaketime preloaded, its path
 * in FAKETIME_LIB as scripts/e2e.mjs finds it): the shop as it is that many days on, its database's clock included
 * (PGlite runs in the server's process). The monotonic clock is left alone, so timers keep their pace.
 */
function clockEnv(daysLater: number | undefined): Record<string, string> {
  if (!daysLater) return {};
  const lib = process.env.FAKETIME_LIB;
  if (!lib) throw new Error('FAKETIME_LIB is not set: run the journeys with npm run test:e2e (scripts/e2e.mjs)');
  return { LD_PRELOAD: lib, FAKETIME: `+${daysLater}d`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

/**
 * Starts the built server (`apps/api/dist/main.js`) on a free port with a fresh DATA_DIR (embedded PGlite),
 * `env` added to this process's environment, and waits for /api/health. The shared journeys' server
 * (global-setup) is one; a journey that needs a database of its own (no demo data, or a clock days ahead) starts
 * another.
 */
export async function startOwnServer(
  env: Record<string, string> = {},
  timeoutMs = 300_000,
  {
    dataDir = freshDataDir(env),
    daysLater,
  }: {
    /** The data directory of a server stopped with `keepData`: the same shop started again (else a copy of the demo). */
    dataDir?: string;
    /** The server's clock this many days ahead of the machine's (`clockEnv`). */
    daysLater?: number;
  } = {},
): Promise<OwnServer> {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      // The daily backup would copy the whole database a minute after start, holding PGlite meanwhile.
      SCHEDULED_WORK: 'off',
      ...clockEnv(daysLater),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, server, timeoutMs);
  } catch (error) {
    if (server.exitCode === null) server.kill('SIGTERM');
    throw error;
  }
  return {
    baseURL,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { migrateToLatest } from '../../apps/api/src/db/database';
import { DEMO_PASSWORD, seedFoundation } from '../../apps/api/src/db/seed/foundation';
import { emptyTestDatabase } from '../../apps/api/src/test/database';

/**
 * The app in this process on a fresh, empty database (PGlite in memory, or a throw-away schema of DATABASE_URL):
 * not migrated yet, not ready yet. `close` ends both.
 */
export async function freshApp() {
  const database = await emptyTestDatabase('bench');
  const { db, databaseUrl } = database;
  const config = loadConfig(
    { inMemory: true, dataDir: database.dataDir, jwtSecret: `bench-${randomUUID()}`, databaseUrl, logLevel: 'error' },
    {},
  );
  const app = await buildApp({ config, db, logger: false, storage: database.storage });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, db, databaseUrl, close };
}

/** Signs the demo employee `email` in through the app (ready); answers the bearer token. */
export async function benchSignIn(app: FastifyInstance, email: string): Promise<string> {
  const signin = await app.inject({
    method: 'POST',
    url: '/api/accounts/signin',
    payload: { email, password: DEMO_PASSWORD },
  });
  return signin.json().data.accessToken as string;
}

/** The `p`-th percentile of the `sorted` times: the nearest rank's (0 when there is none). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * GET `url` as `bearer`, `warmup` + `runs` times one after the other; an answer other than 200 throws. The times of
 * the last `runs` (milliseconds, sorted) and the last answer's body.
 */
export async function timedGets(
  app: FastifyInstance,
  url: string,
  bearer: string,
  { warmup, runs }: { warmup: number; runs: number },
): Promise<{ times: number[]; body: string }> {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
    const elapsed = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    body = res.body;
    if (i >= warmup) times.push(elapsed);
  }
  return { times: times.sort((a, b) => a - b), body };
}

/**
 * The app in this process on a fresh database (PGlite in memory, or a throw-away schema of DATABASE_URL), the
 * foundation seeded, and the bearer token of the demo employee `email`: what an in-process benchmark drives
 * with `app.inject`. `close` ends both.
 */
export async function inProcessApp(email: string) {
  const { app, db, databaseUrl, close } = await freshApp();
  try {
    await migrateToLatest(db);
    await seedFoundation(db);
    await app.ready();
    const token = await benchSignIn(app, email);
    return { app, db, databaseUrl, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

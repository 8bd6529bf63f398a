import { setTimeout as sleep } from 'node:timers/promises';
import { passwordStrengthProblem } from '@backoffice/contract/password-strength';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from './config';
import { type DB, migrateToLatest } from './db/database';
import { moveFilesFromDisk } from './db/files-from-disk';
import { maintainEmbedded } from './db/maintenance';
import { isEmpty, seedFirstAdministrator } from './db/seed/foundation';
import { isDatabaseUnavailable } from './db/unavailable';
import { seedDemo } from './demo';
import type { Storage } from './lib/storage';
import { sealClearDevicePasswords } from './modules/repairs/device-password';

export type BootstrapOutcome = 'demo' | 'administrator' | 'nobody' | 'existing';

/**
 * Brings the database up to date (the migrations, then the one-time move of the files of a former
 * `DATA_DIR/files` into PostgreSQL, then the repairs' device passwords left in clear sealed with the server's
 * secret) and, when it is empty, fills it: the demo business (DEMO_DATA, the default), or only the first
 * administrator from ADMIN_EMAIL and ADMIN_PASSWORD. ADMIN_PASSWORD follows the password rule of every password set
 * (the strongest account gets no weaker password): a weak one stops the start with the reason, and nothing is
 * created.
 */
export async function bootstrapDatabase(
  db: DB,
  config: Pick<AppConfig, 'demoData' | 'adminEmail' | 'adminPassword' | 'databaseUrl'> &
    Partial<Pick<AppConfig, 'dataDir' | 'inMemory' | 'jwtSecret'>>,
  { storage, log }: { storage: Storage; log: FastifyBaseLogger },
): Promise<BootstrapOutcome> {
  const applied = await migrateToLatest(db);
  log.info({ applied, database: config.databaseUrl ? 'postgres' : 'pglite' }, 'migrations done');
  const files = await moveFilesFromDisk(db, config.inMemory ? undefined : config.dataDir);
  if (files.ran && (files.moved > 0 || files.missing.length > 0)) {
    log.info({ moved: files.moved, missing: files.missing }, 'files moved into the database');
  }
  if (config.jwtSecret) {
    const sealed = await sealClearDevicePasswords(db, config.jwtSecret);
    if (sealed > 0) log.info({ sealed }, "repairs' device passwords sealed");
  }
  // Several processes starting together on an empty PostgreSQL (web and workers, decision 0061): one fills it while
  // the others wait on a session lock (keyed by the schema), then find it filled. PGlite is one process's.
  if (!config.databaseUrl) return fill(db, config, { storage, log });
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext(current_schema() || ':backoffice-fill')`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await fill(db, config, { storage, log });
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** Fills an empty database (the demo, or the first administrator); 'existing' when it has employees already. */
async function fill(
  db: DB,
  config: Pick<AppConfig, 'demoData' | 'adminEmail' | 'adminPassword'> &
    Partial<Pick<AppConfig, 'inMemory' | 'jwtSecret'>>,
  { storage, log }: { storage: Storage; log: FastifyBaseLogger },
): Promise<BootstrapOutcome> {
  if (!(await isEmpty(db))) return 'existing';
  if (config.demoData) {
    const started = Date.now();
    await seedDemo(db, { storage, log, serverSecret: config.jwtSecret });
    // PGlite on disk: the seed's rows vacuumed and analysed at once (no autovacuum there, decision 0024).
    if (!config.inMemory) await maintainEmbedded(db);
    log.info({ ms: Date.now() - started }, 'demo business seeded');
    return 'demo';
  }
  if (config.adminEmail && config.adminPassword) {
    const problem = passwordStrengthProblem(config.adminPassword, { name: 'Administrador', email: config.adminEmail });
    if (problem) throw new Error(`ADMIN_PASSWORD refused, no administrator created: ${problem}`);
    await seedFirstAdministrator(db, config.adminEmail, config.adminPassword);
    log.info({ email: config.adminEmail }, 'first administrator created');
    return 'administrator';
  }
  log.warn('empty database without DEMO_DATA nor ADMIN_EMAIL/ADMIN_PASSWORD: nobody can sign in');
  return 'nobody';
}

export interface RetryOptions {
  /** The first wait after a failed attempt; it doubles up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Stops the retries (the server closes while still waiting for its database). */
  signal?: AbortSignal;
}

/**
 * `bootstrapDatabase`, retried with backoff (1 s, 2 s, 4 s… up to 30 s) while the database cannot be
 * reached, so a server started before its database (a machine booting, a container beside its database)
 * waits for it instead of exiting. Any other failure (a broken migration) is thrown at once. Several
 * replicas may start together: Kysely's migration lock lets one migrate while the others wait.
 */
export async function bootstrapWhenReachable(
  db: DB,
  config: Parameters<typeof bootstrapDatabase>[1],
  deps: Parameters<typeof bootstrapDatabase>[2],
  { minDelayMs = 1000, maxDelayMs = 30_000, signal }: RetryOptions = {},
): Promise<BootstrapOutcome> {
  let delay = minDelayMs;
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await bootstrapDatabase(db, config, deps);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      deps.log.warn({ err: error, attempt, retryInMs: delay }, 'database unreachable at start, retrying');
    }
    await sleep(delay, undefined, { signal });
    delay = Math.min(delay * 2, maxDelayMs);
  }
}

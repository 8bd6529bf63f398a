import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Storage } from '../lib/storage';
import { type DB, migrateToLatest } from './database';
import { seedDemo } from './seed/demo';
import { isEmpty, seedFirstAdministrator } from './seed/foundation';

export type BootstrapOutcome = 'demo' | 'administrator' | 'nobody' | 'existing';

/**
 * Brings the database up to date and, when it is empty, fills it: the demo business (DEMO_DATA, the
 * default), or only the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD.
 */
export async function bootstrapDatabase(
  db: DB,
  config: Pick<AppConfig, 'demoData' | 'adminEmail' | 'adminPassword' | 'databaseUrl'>,
  { storage, log }: { storage: Storage; log: FastifyBaseLogger },
): Promise<BootstrapOutcome> {
  const applied = await migrateToLatest(db);
  log.info({ applied, database: config.databaseUrl ? 'postgres' : 'pglite' }, 'migrations done');
  if (!(await isEmpty(db))) return 'existing';
  if (config.demoData) {
    const started = Date.now();
    await seedDemo(db, { storage, log });
    log.info({ ms: Date.now() - started }, 'demo business seeded');
    return 'demo';
  }
  if (config.adminEmail && config.adminPassword) {
    await seedFirstAdministrator(db, config.adminEmail, config.adminPassword);
    log.info({ email: config.adminEmail }, 'first administrator created');
    return 'administrator';
  }
  log.warn('empty database without DEMO_DATA nor ADMIN_EMAIL/ADMIN_PASSWORD: nobody can sign in');
  return 'nobody';
}

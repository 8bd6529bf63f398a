import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Storage } from '../lib/storage';
import { type DB, migrateToLatest } from './database';
import { moveFilesFromDisk } from './files-from-disk';
import { seedDemo } from './seed/demo';
import { isEmpty, seedFirstAdministrator } from './seed/foundation';

export type BootstrapOutcome = 'demo' | 'administrator' | 'nobody' | 'existing';

/**
 * Brings the database up to date (the migrations, then the one-time move of the files of a former
 * `DATA_DIR/files` into PostgreSQL) and, when it is empty, fills it: the demo business (DEMO_DATA, the
 * default), or only the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD.
 */
export async function bootstrapDatabase(
  db: DB,
  config: Pick<AppConfig, 'demoData' | 'adminEmail' | 'adminPassword' | 'databaseUrl'> &
    Partial<Pick<AppConfig, 'dataDir' | 'inMemory'>>,
  { storage, log }: { storage: Storage; log: FastifyBaseLogger },
): Promise<BootstrapOutcome> {
  const applied = await migrateToLatest(db);
  log.info({ applied, database: config.databaseUrl ? 'postgres' : 'pglite' }, 'migrations done');
  const files = await moveFilesFromDisk(db, config.inMemory ? undefined : config.dataDir);
  if (files.ran && (files.moved > 0 || files.missing.length > 0)) {
    log.info({ moved: files.moved, missing: files.missing }, 'files moved into the database');
  }
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

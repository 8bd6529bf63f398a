import { passwordStrengthProblem } from '@backoffice/contract/password-strength';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Storage } from '../lib/storage';
import { type DB, migrateToLatest } from './database';
import { seedDemo } from './seed/demo';
import { isEmpty, seedFirstAdministrator } from './seed/foundation';

export type BootstrapOutcome = 'demo' | 'administrator' | 'nobody' | 'existing';

/**
 * Brings the database up to date and, when it is empty, fills it: the demo business (DEMO_DATA, the
 * default), or only the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD. ADMIN_PASSWORD follows the
 * password rule of every password set (the strongest account gets no weaker password): a weak one stops
 * the start with the reason, and nothing is created.
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
    const problem = passwordStrengthProblem(config.adminPassword, { name: 'Administrador', email: config.adminEmail });
    if (problem) throw new Error(`ADMIN_PASSWORD refused, no administrator created: ${problem}`);
    await seedFirstAdministrator(db, config.adminEmail, config.adminPassword);
    log.info({ email: config.adminEmail }, 'first administrator created');
    return 'administrator';
  }
  log.warn('empty database without DEMO_DATA nor ADMIN_EMAIL/ADMIN_PASSWORD: nobody can sign in');
  return 'nobody';
}

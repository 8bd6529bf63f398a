import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { migrateToLatest } from '../../apps/api/src/db/database';
import { DEMO_PASSWORD, seedFoundation } from '../../apps/api/src/db/seed/foundation';
import { emptyTestDatabase } from '../../apps/api/src/test/database';

/**
 * The app in this process on a fresh database (PGlite in memory, or a throw-away schema of DATABASE_URL), the
 * foundation seeded, and the bearer token of the demo employee `email`: what an in-process benchmark drives
 * with `app.inject`. `close` ends both.
 */
export async function inProcessApp(email: string) {
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
  try {
    await migrateToLatest(db);
    await seedFoundation(db);
    await app.ready();
    const signin = await app.inject({
      method: 'POST',
      url: '/api/accounts/signin',
      payload: { email, password: DEMO_PASSWORD },
    });
    const token = signin.json().data.accessToken as string;
    return { app, db, databaseUrl, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

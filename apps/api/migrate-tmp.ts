import { createDatabase, migrateToLatest } from './src/db/database';

const db = createDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '/tmp/x',
  inMemory: false,
});
const t = performance.now();
console.log(await migrateToLatest(db), `${(performance.now() - t).toFixed(0)} ms`);
await db.destroy();

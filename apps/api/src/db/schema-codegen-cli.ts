import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emptyTestDatabase } from '../test/database';
import { migrateToLatest } from './database';
import { GENERATED_SCHEMA_FILE, generateSchema } from './schema-codegen';

/**
 * `npm run db:types`: migrates a fresh database (in-memory PGlite, or a private schema of DATABASE_URL,
 * dropped afterwards) and writes its types to `schema.generated.ts`.
 */
const fresh = await emptyTestDatabase('codegen');
try {
  await migrateToLatest(fresh.db);
  writeFileSync(GENERATED_SCHEMA_FILE, await generateSchema(fresh.db));
  console.log(`wrote ${fileURLToPath(GENERATED_SCHEMA_FILE)}`);
} finally {
  await fresh.close();
}

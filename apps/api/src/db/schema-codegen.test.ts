import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { migrateToLatest } from './database';
import { GENERATED_SCHEMA_FILE, generateSchema } from './schema-codegen';

describe('the generated schema', () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await emptyTestDatabase('codegen', { migrated: true });
    await migrateToLatest(fresh.db);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('is what kysely-codegen reads from the migrated database (run `npm run db:types` after a migration)', async () => {
    const committed = readFileSync(GENERATED_SCHEMA_FILE, 'utf8');
    expect(await generateSchema(fresh.db)).toBe(committed);
  });
});

import { DEFAULT_LATE_LIMITS, LATE_LIMIT_STATUSES } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database';
import { emptyTestDatabase, type TestDatabase } from '../../test/database';

/**
 * The late limits' defaults are the contract's `DEFAULT_LATE_LIMITS`. Migration 0031 wrote them into
 * `order_late_limits` from a copy of its own (a migration never imports live code, and an applied one never
 * changes): this binds the two, so a new default cannot be set in the contract alone. Changing one needs a
 * new migration that updates the rows the shop did not change.
 */
describe('the late limits a new database starts with', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await emptyTestDatabase('latelimits', { migrated: true });
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it("are the contract's defaults, one row per status with a limit", async () => {
    const rows = await database.db
      .selectFrom('order_late_limits')
      .select(['status', 'minutes'])
      .orderBy('status')
      .execute();
    expect(rows).toEqual(LATE_LIMIT_STATUSES.map((status) => ({ status, minutes: DEFAULT_LATE_LIMITS[status] })));
  });
});

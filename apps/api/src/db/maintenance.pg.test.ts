import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDatabase, type TestDatabase } from '../test/database';
import { maintainEmbedded } from './maintenance';

describe('the embedded database maintenance on PostgreSQL (decision 0024)', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does nothing: the server’s autovacuum does that work', async () => {
    t = await emptyTestDatabase();
    expect(await maintainEmbedded(t.db)).toBe(false);
  });
});

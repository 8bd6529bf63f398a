import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { waitingQuery } from './pix-received.repository';

/**
 * The bell is read every minute by every open screen: its `pix_waiting` items (issue 35 §4) must come from
 * the partial index of migration 0049, never from a scan of every Pix ever received. With sequential scans
 * priced out, the plan shows whether the index can answer the query (its predicate implied by the query's).
 */
describe("the bell's Pix waiting for a click", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('are read from the partial index pix_received_waiting', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const query = waitingQuery(trx, 200).compile();
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('pix_received_waiting');
  });
});

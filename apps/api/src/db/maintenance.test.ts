import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { createEmbeddedMaintenance, maintainEmbedded, maintenanceDue } from './maintenance';

const silent = { info: () => undefined, error: () => undefined };

/** PGlite in memory in its worker thread, whatever DATABASE_URL says (the maintenance is PGlite's). */
function embedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-maintenance-'));
  const db = createDatabase({ databaseUrl: undefined, dataDir, inMemory: true });
  return {
    db,
    dataDir,
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the embedded database maintenance (decision 0024)', () => {
  let t: ReturnType<typeof embedded> | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is due once a São Paulo day, from 04:00 there (07:00 UTC)', () => {
    expect(maintenanceDue(new Date('2026-11-24T06:59:59Z'), '2026-11-23')).toBe(false);
    expect(maintenanceDue(new Date('2026-11-24T07:00:00Z'), '2026-11-23')).toBe(true);
    expect(maintenanceDue(new Date('2026-11-24T07:00:00Z'), '2026-11-24')).toBe(false);
    // 01:30 UTC on the 25th is still the 24th in São Paulo (22:30), whose run is done.
    expect(maintenanceDue(new Date('2026-11-25T01:30:00Z'), '2026-11-24')).toBe(false);
    // A server down at 04:00 runs it when it starts, the same day.
    expect(maintenanceDue(new Date('2026-11-24T18:00:00Z'), '2026-11-20')).toBe(true);
  });

  it("vacuums and analyses PGlite: its pages marked all-visible (index-only scans) and the planner's row count", async () => {
    t = embedded();
    const { db } = t;
    await sql`create table readings (id int primary key, value int)`.execute(db);
    await sql`insert into readings select g, g % 7 from generate_series(1, 5000) g`.execute(db);
    const before = await sql<{ visible: number; tuples: number }>`select relallvisible as visible,
        reltuples::int as tuples from pg_class where relname = 'readings'`.execute(db);
    expect(before.rows[0]).toEqual({ visible: 0, tuples: -1 });
    expect(await maintainEmbedded(db)).toBe(true);
    const after = await sql<{ visible: number; tuples: number; pages: number }>`select relallvisible as visible,
        reltuples::int as tuples, relpages as pages from pg_class where relname = 'readings'`.execute(db);
    expect(after.rows[0]?.tuples).toBe(5000);
    expect(after.rows[0]?.visible).toBeGreaterThan(0);
    expect(after.rows[0]?.visible).toBe(after.rows[0]?.pages);
  });

  it('a new database counts as maintained today; the next night runs once, and the day is kept in DATA_DIR', async () => {
    t = embedded();
    const maintenance = createEmbeddedMaintenance(t.db, { dataDir: t.dataDir, log: silent });
    maintenance.begin(new Date('2026-11-24T12:00:00Z'));
    const kept = () => JSON.parse(readFileSync(path.join(t?.dataDir ?? '', 'maintenance.json'), 'utf8')).lastDay;
    expect(kept()).toBe('2026-11-24');
    // 04:00 in São Paulo is 07:00 UTC: done today, so the next night's.
    expect(maintenance.nextAt(new Date('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(await maintenance.runIfDue(new Date('2026-11-24T23:00:00Z'))).toBe(false);
    expect(await maintenance.runIfDue(new Date('2026-11-25T06:59:00Z'))).toBe(false);
    expect(await maintenance.runIfDue(new Date('2026-11-25T07:00:00Z'))).toBe(true);
    expect(kept()).toBe('2026-11-25');
    expect(maintenance.nextAt(new Date('2026-11-25T07:00:30Z')).toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(await maintenance.runIfDue(new Date('2026-11-25T07:01:00Z'))).toBe(false);
    // A restart reads the day back: nothing more that day.
    const again = createEmbeddedMaintenance(t.db, { dataDir: t.dataDir, log: silent });
    again.begin(new Date('2026-11-25T09:00:00Z'));
    expect(await again.runIfDue(new Date('2026-11-25T09:00:00Z'))).toBe(false);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createScheduler } from './scheduler';

/**
 * The scheduled work on the embedded database (decision 0063): one minute timer of the process runs the registered
 * tasks in turn, each on its cadence, every round recorded in 'Tarefas do sistema' (`system_tasks`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  await t.db.deleteFrom('system_tasks').execute();
});

/** A round writes its row through the database (real I/O): the next minute is set once it has. */
async function lookedAt(task: string, iso: string) {
  for (;;) {
    const row = await t.db
      .selectFrom('system_tasks')
      .select('last_checked_at')
      .where('task', '=', task)
      .executeTakeFirst();
    if (row?.last_checked_at && new Date(row.last_checked_at).toISOString() === iso) break;
    await new Promise((settle) => setImmediate(settle));
  }
  await new Promise((settle) => setImmediate(settle));
}

describe('the scheduler without PostgreSQL (a minute timer)', () => {
  it('runs each task on its minutes, records what it did, logs a failure and goes on; nothing after stop', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-27T13:03:30.000Z'));
    const logged: string[] = [];
    const scheduler = createScheduler({
      db: t.db,
      databaseUrl: undefined,
      role: 'all',
      log: { error: (object) => logged.push(String((object as { task: string }).task)), warn: () => undefined },
    });
    expect(scheduler.kind).toBe('timer');
    const emitted = [2, 0];
    scheduler.every('notes-emit', 1, async () => {
      const count = emitted.shift();
      if (count === undefined) throw new Error('SEFAZ fora do ar');
      return count === 0 ? null : `${count} notas emitidas`;
    });
    let sends = 0;
    scheduler.every('notes-send', 5, async () => `${++sends} notas enviadas à SEFAZ`);
    await scheduler.start();
    try {
      // 13:04: emits 2. 13:05: emits none; the fifth minute sends. 13:06: the emission fails.
      await vi.advanceTimersByTimeAsync(30_000);
      await lookedAt('notes-emit', '2026-11-27T13:04:00.000Z');
      await vi.advanceTimersByTimeAsync(60_000);
      await lookedAt('notes-send', '2026-11-27T13:05:00.000Z');
      await vi.advanceTimersByTimeAsync(60_000);
      await lookedAt('notes-emit', '2026-11-27T13:06:00.000Z');
    } finally {
      await scheduler.stop();
    }
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const rows = await t.db.selectFrom('system_tasks').selectAll().orderBy('task').execute();
    expect(
      rows.map((row) => ({
        task: row.task,
        checked: row.last_checked_at && new Date(row.last_checked_at).toISOString(),
        next: row.next_run_at && new Date(row.next_run_at).toISOString(),
        summary: row.last_summary,
        outcome: row.last_outcome,
        runs: row.runs,
        failures: row.failures,
      })),
    ).toEqual([
      {
        task: 'notes-emit',
        checked: '2026-11-27T13:06:00.000Z',
        // Its next look: the next minute.
        next: '2026-11-27T13:07:00.000Z',
        summary: '2 notas emitidas',
        outcome: 'failed',
        runs: 1,
        failures: 1,
      },
      {
        task: 'notes-send',
        checked: '2026-11-27T13:05:00.000Z',
        // Every five minutes of the clock: 13:10.
        next: '2026-11-27T13:10:00.000Z',
        summary: '1 notas enviadas à SEFAZ',
        outcome: 'ok',
        runs: 1,
        failures: 0,
      },
    ]);
    expect(logged).toEqual(['notes-emit']);
    expect(() => scheduler.every('backup', 1, async () => null)).toThrow('the scheduler has started');
  });
});

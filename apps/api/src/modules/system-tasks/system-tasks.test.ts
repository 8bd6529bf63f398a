import { hostname } from 'node:os';
import { systemTasksEnvelopeSchema } from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, DEMO, expectApiError, signIn, type TestApp } from '../../test/helpers';
import { createSystemTasksService } from './system-tasks.service';

/**
 * 'Tarefas do sistema' (issue 43 §1, decision 0061): what the scheduled work did, read by whoever keeps the settings.
 * Each test records its own task rounds on its own app's database.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  await t.db.deleteFrom('system_tasks').execute();
});

const listed = async (token = admin) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/system/tasks', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return systemTasksEnvelopeSchema.parse(res.json()).data.tasks;
};
const at = (iso: string) => () => new Date(iso);
const me = `${hostname()} #${process.pid} worker`;

describe('Tarefas do sistema', () => {
  it('lists every task of this server, none looked at yet: all stale, nothing run', async () => {
    const tasks = await listed();
    // The embedded database has its nightly maintenance; a PostgreSQL server runs its own autovacuum.
    expect(tasks.map((task) => task.task)).toEqual(
      t.config.databaseUrl
        ? ['backup', 'notes-emit', 'notes-send', 'nfse-emit', 'report-summaries']
        : ['backup', 'notes-emit', 'notes-send', 'nfse-emit', 'report-summaries', 'database-maintenance'],
    );
    for (const task of tasks)
      expect(task).toMatchObject({ lastCheckedAt: null, stale: true, lastRunAt: null, runs: 0, failures: 0 });
  });

  it('records a look with nothing to do, a run and its words, a failure and why; the counts add up', async () => {
    const tasks = createSystemTasksService({ db: t.db, role: 'worker', embedded: !t.config.databaseUrl });
    expect(await tasks.run('notes-emit', async () => null, at('2026-11-27T13:00:00.000Z'))).toBeNull();
    expect(await tasks.run('notes-emit', async () => '3 notas emitidas', at('2026-11-27T13:01:00.000Z'))).toBe(
      '3 notas emitidas',
    );
    await expect(
      tasks.run(
        'notes-emit',
        async () => {
          throw new Error('A SEFAZ não respondeu em 30 s');
        },
        at('2026-11-27T13:02:00.000Z'),
      ),
    ).rejects.toThrow('A SEFAZ não respondeu em 30 s');
    await tasks.run('notes-emit', async () => null, at('2026-11-27T13:03:00.000Z'));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T13:12:59.000Z'));
    const emit = (await listed()).find((task) => task.task === 'notes-emit');
    // Looked at 13:03, read at 13:12:59: 9 min 59 s, under the 10 minutes that make it stale.
    expect(emit).toEqual({
      task: 'notes-emit',
      lastCheckedAt: '2026-11-27T13:03:00.000Z',
      checkedBy: me,
      stale: false,
      // Its rounds here say nothing of the next (the scheduler's do: scheduler.test.ts).
      nextRunAt: null,
      lastRunAt: '2026-11-27T13:01:00.000Z',
      lastSummary: '3 notas emitidas',
      lastOutcome: 'failed',
      lastError: 'A SEFAZ não respondeu em 30 s',
      lastFailedAt: '2026-11-27T13:02:00.000Z',
      runs: 1,
      failures: 1,
      // No work of it started outside the schedule.
      startedAt: null,
      startedBy: null,
      interrupted: false,
    });
    vi.setSystemTime(new Date('2026-11-27T13:13:01.000Z'));
    expect((await listed()).find((task) => task.task === 'notes-emit')?.stale).toBe(true);
  });

  it('says when each task will next do something, as the last look planned it; nothing once no process looks', async () => {
    const tasks = createSystemTasksService({ db: t.db, role: 'worker', embedded: !t.config.databaseUrl });
    // The backup looked at 13:04 UTC (10:04 in São Paulo), its time of the day 03:00: tomorrow 03:00, 06:00 UTC.
    const tomorrow = new Date('2026-11-28T06:00:00.000Z');
    await tasks.run(
      'backup',
      async () => null,
      at('2026-11-27T13:04:00.000Z'),
      async () => tomorrow,
    );
    // A task that cannot tell (a backup method of 'none') plans nothing.
    await tasks.run(
      'notes-send',
      async () => null,
      at('2026-11-27T13:04:00.000Z'),
      async () => null,
    );
    // A planner that fails leaves the round recorded, with no next time.
    await tasks.run(
      'notes-emit',
      async () => '1 nota emitida',
      at('2026-11-27T13:04:00.000Z'),
      async () => {
        throw new Error('configurações fora do ar');
      },
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T13:05:00.000Z'));
    const next = Object.fromEntries((await listed()).map((task) => [task.task, task.nextRunAt]));
    expect(next).toMatchObject({
      backup: '2026-11-28T06:00:00.000Z',
      'notes-send': null,
      'notes-emit': null,
    });
    // 13:14:01: ten minutes without a look; the worker is gone and its plan with it.
    vi.setSystemTime(new Date('2026-11-27T13:14:01.000Z'));
    expect((await listed()).find((task) => task.task === 'backup')).toMatchObject({ stale: true, nextRunAt: null });
  });

  it("is the settings' keeper's: an attendant is refused", async () => {
    const attendant = await signIn(t.app, DEMO.attendant);
    const res = await t.app.inject({ method: 'GET', url: '/api/system/tasks', headers: bearer(attendant) });
    expectApiError(res, 403, 'FORBIDDEN');
  });
});

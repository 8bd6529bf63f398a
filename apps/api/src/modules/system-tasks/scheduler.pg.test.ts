import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DB, migrateToLatest } from '../../db/database';
import { adminQuery } from '../../test/database';
import { createScheduler, type Scheduler } from './scheduler';

/**
 * The scheduled work on PostgreSQL's job queue (pg-boss, decision 0063), on DATABASE_URL: a schema for the app's
 * tables and one for the queue, both the test's own. Two workers share the queue; one is a child process killed with
 * SIGKILL in the middle of a round.
 */
const DATABASE_URL = process.env.DATABASE_URL as string;
const schema = `sched_${randomUUID().replace(/-/g, '')}`;
const queueSchema = `${schema}_q`;
let db: DB;
const schedulers: Scheduler[] = [];
const silent = { error: () => undefined, warn: () => undefined };

const admin = (statement: string) => adminQuery(statement);
const jobs = (task: string) =>
  admin(`select state, retry_count from ${queueSchema}.job where name = '${task}' order by created_on`) as Promise<
    { state: string; retry_count: number }[]
  >;
/** Until `check` holds: the queue works on its own clock (its polling, its cron), this waits on what it did. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((settle) => setTimeout(settle, 200));
  }
}

function worker(options: Partial<Parameters<typeof createScheduler>[0]> = {}) {
  const scheduler = createScheduler({
    db,
    databaseUrl: DATABASE_URL,
    role: 'worker',
    queueSchema,
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    log: silent,
    ...options,
  });
  schedulers.push(scheduler);
  return scheduler;
}

beforeAll(async () => {
  await admin(`create schema ${schema}`);
  db = createDatabase({ databaseUrl: DATABASE_URL, schema, dataDir: '/nonexistent', inMemory: true });
  await migrateToLatest(db);
});
afterAll(async () => {
  for (const scheduler of schedulers) await scheduler.stop();
  await db?.destroy();
  await admin(`drop schema if exists ${queueSchema} cascade`);
  await admin(`drop schema if exists ${schema} cascade`);
});

describe('the scheduled work on a PostgreSQL job queue', () => {
  it('a cron slot runs once across two workers, and is recorded in Tarefas do sistema', async () => {
    const rounds: string[] = [];
    for (const name of ['a', 'b']) {
      const scheduler = worker({ cronMonitorIntervalSeconds: 1 });
      expect(scheduler.kind).toBe('queue');
      scheduler.every('notes-emit', 1, async () => {
        rounds.push(name);
        return '1 nota emitida';
      });
      await scheduler.start();
    }
    // Each minute of the clock puts one job on the queue (its slot, `singleton_on`), whichever worker's cron saw it
    // first; one worker runs it.
    const done = await until(
      () =>
        admin(
          `select state, singleton_on::text as slot from ${queueSchema}.job where name = 'notes-emit' order by created_on`,
        ) as Promise<{ state: string; slot: string }[]>,
      (rows) => rows.length > 0 && rows.every((row) => row.state === 'completed'),
    );
    expect(new Set(done.map((job) => job.slot)).size).toBe(done.length);
    expect(rounds).toHaveLength(done.length);
    const row = await db
      .selectFrom('system_tasks')
      .selectAll()
      .where('task', '=', 'notes-emit')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ runs: done.length, failures: 0, last_outcome: 'ok', last_summary: '1 nota emitida' });
  }, 150_000);

  it('a round whose worker is killed mid-way is taken again by another worker', async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawn(
      process.execPath,
      ['--import', tsx, path.join(import.meta.dirname, 'fixtures/hung-worker.ts'), DATABASE_URL, schema, queueSchema],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('READY');
    const sender = new PgBoss({
      connectionString: DATABASE_URL,
      schema: queueSchema,
      supervise: false,
      schedule: false,
    });
    await sender.start();
    try {
      await sender.send('backup');
    } finally {
      await sender.stop({ graceful: false });
    }
    expect((await lines.next()).value).toBe('TOOK');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // The other worker: its supervision finds the round without heartbeats (10 s) and puts it back; it runs it.
    const ran: string[] = [];
    const other = worker({ cron: false });
    other.every('backup', 1, async () => {
      ran.push('backoffice-2026-11-27T06-00-00-000Z-scheduled.pgdump.backup');
      return ran[0] ?? null;
    });
    await other.start();
    const [job] = await until(
      () => jobs('backup'),
      (rows) => rows[0]?.state === 'completed',
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(ran).toHaveLength(1);
  }, 120_000);
});

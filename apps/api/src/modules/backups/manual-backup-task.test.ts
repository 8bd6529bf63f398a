import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { type SystemTaskStatus, systemTasksEnvelopeSchema } from '@backoffice/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { thisProcessOwner } from '../../lib/process-owner';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { recordTaskStart } from '../system-tasks/test-system-tasks';

/**
 * A manual backup in 'Tarefas do sistema' (issue 53 finding 12): its run or its failure is counted there like the
 * scheduled one's, and one whose process died before the end shows as interrupted. Through the API on each engine.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('system_tasks').execute();
});

const backupTask = async (): Promise<SystemTaskStatus> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/system/tasks', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  const task = systemTasksEnvelopeSchema.parse(res.json()).data.tasks.find((row) => row.task === 'backup');
  if (!task) throw new Error('no backup task');
  return task;
};
const backupNow = () => t.app.inject({ method: 'POST', url: '/api/backups', headers: bearer(admin) });

/** The PID of a process that ran and ended (nothing runs under it now). */
async function endedPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return Number(child.pid);
}

describe("a manual backup in 'Tarefas do sistema'", () => {
  it('is counted when made, and when it fails with why; never taken for a look of the scheduled work', async () => {
    const made = await backupNow();
    expect(made.statusCode, made.body).toBe(201);
    const name = made.json().data.name as string;
    expect(await backupTask()).toMatchObject({
      lastRunAt: expect.any(String),
      lastSummary: `backup manual ${name}`,
      lastOutcome: 'ok',
      runs: 1,
      failures: 0,
      startedAt: null,
      interrupted: false,
      // Made by a web process: no process of the scheduled work looked at the task.
      lastCheckedAt: null,
      stale: true,
    });

    // The backups folder replaced by a file: the next backup cannot be written.
    const dir = path.join(t.config.dataDir, 'backups');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'não é uma pasta');
    try {
      const failed = await backupNow();
      expect(failed.statusCode, failed.body).toBe(500);
      expect(failed.json().code).toBe('BACKUP_FAILED');
    } finally {
      rmSync(dir, { force: true });
    }
    expect(await backupTask()).toMatchObject({
      lastSummary: `backup manual ${name}`,
      lastOutcome: 'failed',
      lastFailedAt: expect.any(String),
      lastError: expect.stringMatching(/\S/),
      runs: 1,
      failures: 1,
      startedAt: null,
      interrupted: false,
    });
  });

  it('started by a process that is gone and never ended: interrupted; by one still running: under way', async () => {
    const startedAt = new Date(Date.now() - 60_000);
    const pid = await endedPid();
    await recordTaskStart(t.db, 'backup', {
      at: startedAt,
      by: `${hostname()} #${pid} web`,
      owner: `${hostname()}:${pid}.12345`,
    });
    expect(await backupTask()).toMatchObject({
      startedAt: startedAt.toISOString(),
      startedBy: `${hostname()} #${pid} web`,
      interrupted: true,
    });

    // This process (its PID and start time): under way.
    await recordTaskStart(t.db, 'backup', {
      at: startedAt,
      by: `${hostname()} #${process.pid} web`,
      owner: `${hostname()}:${thisProcessOwner()}`,
    });
    expect(await backupTask()).toMatchObject({ startedAt: startedAt.toISOString(), interrupted: false });
  });

  it('started on another machine: under way for six hours, interrupted after', async () => {
    const owner = 'outra-maquina:4120.777';
    const by = 'outra-maquina #4120 web';
    // A minute ago: under way. Six hours and a minute ago (6 × 60 + 1 = 361 minutes): interrupted.
    await recordTaskStart(t.db, 'backup', { at: new Date(Date.now() - 60_000), by, owner });
    expect(await backupTask()).toMatchObject({ startedBy: by, interrupted: false });
    await recordTaskStart(t.db, 'backup', { at: new Date(Date.now() - 361 * 60_000), by, owner });
    expect(await backupTask()).toMatchObject({ startedBy: by, interrupted: true });
  });
});

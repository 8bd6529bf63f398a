import { hostname } from 'node:os';
import {
  SYSTEM_TASK_STALE_MS,
  SYSTEM_TASK_START_MAX_MS,
  SYSTEM_TASKS,
  type SystemTask,
  type SystemTasks,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { isoTimestampOrNull } from '../../lib/iso-timestamp';
import { ownerOfRunning, thisProcessOwner } from '../../lib/process-owner';
import { type RoundOutcome, systemTasksRepository as repository } from './system-tasks.repository';

/** What a task's round did, in words (`3 notas enviadas`), or null when it found nothing to do. */
export type TaskRound = () => Promise<string | null>;
/** When the task will next do something, seen at the end of a round at `now` (null: it cannot tell). */
export type NextRun = (now: Date) => Promise<Date | null>;

/** The longest failure kept: a stack or a server's whole answer says nothing more in 'Tarefas do sistema'. */
const ERROR_MAX = 500;

/**
 * The scheduled work's record (issue 43 §1, decision 0061): each round of a task goes through `run`, which writes
 * when this process looked at it, what it did or why it failed, so 'Tarefas do sistema' shows whether a process runs
 * the scheduled work at all and how it went. `list` answers the tasks of this server (the embedded database's
 * maintenance only where there is one).
 */
export function createSystemTasksService(options: { db: DB; role: string; embedded: boolean }) {
  const { db } = options;
  const by = `${hostname()} #${process.pid} ${options.role}`;

  /** Whether work started by `owner` (`<host>:<pid>.<start time>`) at `startedAt` has been cut short. */
  const interrupted = (owner: string | null, startedAt: Date, now: Date) => {
    const [host, processOwner] = (owner ?? '').split(':');
    if (host === hostname() && processOwner) return !ownerOfRunning(processOwner);
    return now.getTime() - startedAt.getTime() > SYSTEM_TASK_START_MAX_MS;
  };

  return {
    /**
     * Runs work of `task` started outside the schedule (a manual backup, after its own checks): its start recorded
     * before, its end after (what it did, or why it failed: rethrown), so that a process killed in the middle leaves a
     * start that 'Tarefas do sistema' shows as interrupted. Neither record fails the work.
     */
    async track<T>(task: SystemTask, work: () => Promise<T>, summary: (result: T) => string): Promise<T> {
      const owner = `${hostname()}:${thisProcessOwner()}`;
      await repository.started(db, task, { at: new Date(), by, owner }).catch(() => undefined);
      let result: T;
      try {
        result = await work();
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
        await repository.ended(db, task, new Date(), { kind: 'failed', error: message }).catch(() => undefined);
        throw error;
      }
      await repository.ended(db, task, new Date(), { kind: 'ok', summary: summary(result) }).catch(() => undefined);
      return result;
    },

    /**
     * Runs one round of `task`: its outcome recorded, then returned (a failure is rethrown for the caller's log).
     * The record never fails the round: a database away is the round's own failure to report.
     */
    async run(
      task: SystemTask,
      round: TaskRound,
      now: () => Date = () => new Date(),
      nextRun: NextRun = async () => null,
    ): Promise<string | null> {
      const record = async (outcome: RoundOutcome) => {
        const at = now();
        const next = await nextRun(at).catch(() => null);
        await repository.record(db, task, by, at, outcome, next).catch(() => undefined);
      };
      let summary: string | null;
      try {
        summary = await round();
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
        await record({ kind: 'failed', error: message });
        throw error;
      }
      await record(summary === null ? { kind: 'checked' } : { kind: 'ok', summary });
      return summary;
    },

    async list(now = new Date()): Promise<SystemTasks> {
      const rows = new Map((await repository.list(db)).map((row) => [row.task, row]));
      const tasks = SYSTEM_TASKS.filter((task) => task !== 'database-maintenance' || options.embedded).map((task) => {
        const row = rows.get(task);
        const checkedAt = row?.last_checked_at ? new Date(row.last_checked_at) : null;
        const startedAt = row?.started_at ? new Date(row.started_at) : null;
        const stale = !checkedAt || now.getTime() - checkedAt.getTime() > SYSTEM_TASK_STALE_MS;
        return {
          task,
          lastCheckedAt: isoTimestampOrNull(checkedAt),
          checkedBy: row?.checked_by ?? null,
          stale,
          // No process runs the scheduled work: nothing will run, whatever the last one planned.
          nextRunAt: stale ? null : isoTimestampOrNull(row?.next_run_at),
          lastRunAt: isoTimestampOrNull(row?.last_run_at),
          lastOutcome: (row?.last_outcome as 'ok' | 'failed' | null | undefined) ?? null,
          lastSummary: row?.last_summary ?? null,
          lastError: row?.last_error ?? null,
          lastFailedAt: isoTimestampOrNull(row?.last_failed_at),
          runs: row?.runs ?? 0,
          failures: row?.failures ?? 0,
          startedAt: isoTimestampOrNull(startedAt),
          startedBy: row?.started_by ?? null,
          interrupted: startedAt !== null && interrupted(row?.started_owner ?? null, startedAt, now),
        };
      });
      return { tasks };
    },
  };
}

export type SystemTasksService = ReturnType<typeof createSystemTasksService>;

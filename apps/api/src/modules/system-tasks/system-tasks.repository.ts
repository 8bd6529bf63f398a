import type { SystemTask } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** What one round of a task came to: nothing to do, a run and its words, or a failure and why. */
export type RoundOutcome = { kind: 'checked' } | { kind: 'ok'; summary: string } | { kind: 'failed'; error: string };

/** SQL of the scheduled work's record (`system_tasks`, migrations 0081 and 0082): one row per task, updated in place. */
export const systemTasksRepository = {
  /**
   * A process looked at `task` at `at`: the look always, the run or the failure when there was one, and when the task
   * will next do something (`nextRunAt`, null when that process cannot tell).
   */
  async record(db: Executor, task: SystemTask, by: string, at: Date, outcome: RoundOutcome, nextRunAt: Date | null) {
    const ran = outcome.kind === 'ok' ? { last_run_at: at, last_summary: outcome.summary } : {};
    const failed = outcome.kind === 'failed' ? { last_error: outcome.error, last_failed_at: at } : {};
    const settled = outcome.kind === 'checked' ? {} : { last_outcome: outcome.kind };
    await db
      .insertInto('system_tasks')
      .values({
        task,
        last_checked_at: at,
        checked_by: by,
        next_run_at: nextRunAt,
        ...ran,
        ...failed,
        ...settled,
        runs: outcome.kind === 'ok' ? 1 : 0,
        failures: outcome.kind === 'failed' ? 1 : 0,
      })
      .onConflict((conflict) =>
        conflict.column('task').doUpdateSet({
          last_checked_at: at,
          checked_by: by,
          next_run_at: nextRunAt,
          ...ran,
          ...failed,
          ...settled,
          runs: sql`system_tasks.runs + excluded.runs`,
          failures: sql`system_tasks.failures + excluded.failures`,
        }),
      )
      .execute();
  },

  /** Work of `task` started outside the schedule (a manual backup): when, by which process and who that is. */
  async started(db: Executor, task: SystemTask, start: { at: Date; by: string; owner: string }) {
    const values = { started_at: start.at, started_by: start.by, started_owner: start.owner };
    await db
      .insertInto('system_tasks')
      .values({ task, ...values })
      .onConflict((conflict) => conflict.column('task').doUpdateSet(values))
      .execute();
  },

  /** That work's end at `at`: its run or its failure, counted, and its start cleared (the look is left as it was). */
  async ended(db: Executor, task: SystemTask, at: Date, outcome: Exclude<RoundOutcome, { kind: 'checked' }>) {
    const settled =
      outcome.kind === 'ok'
        ? { last_run_at: at, last_summary: outcome.summary, last_outcome: 'ok' }
        : { last_error: outcome.error, last_failed_at: at, last_outcome: 'failed' };
    await db
      .updateTable('system_tasks')
      .set({
        ...settled,
        runs: sql`runs + ${outcome.kind === 'ok' ? 1 : 0}`,
        failures: sql`failures + ${outcome.kind === 'failed' ? 1 : 0}`,
        started_at: null,
        started_by: null,
        started_owner: null,
      })
      .where('task', '=', task)
      .execute();
  },

  list(db: Executor) {
    return db.selectFrom('system_tasks').selectAll().execute();
  },
};

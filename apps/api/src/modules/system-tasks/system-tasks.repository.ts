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

  list(db: Executor) {
    return db.selectFrom('system_tasks').selectAll().execute();
  },
};

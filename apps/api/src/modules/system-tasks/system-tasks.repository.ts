import type { SystemTask } from '@backoffice/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** SQL of the scheduled work's record (`system_tasks`, migration 0081): one row per task, updated in place. */
export const systemTasksRepository = {
  /** A process looked whether `task` was due and found nothing to do. */
  async checked(db: Executor, task: SystemTask, by: string, at: Date) {
    await db
      .insertInto('system_tasks')
      .values({ task, last_checked_at: at, checked_by: by })
      .onConflict((conflict) =>
        conflict.column('task').doUpdateSet({ last_checked_at: sql`excluded.last_checked_at`, checked_by: by }),
      )
      .execute();
  },

  /** `task` did something (`summary`) at `at`. */
  async succeeded(db: Executor, task: SystemTask, by: string, at: Date, summary: string) {
    await db
      .insertInto('system_tasks')
      .values({
        task,
        last_checked_at: at,
        checked_by: by,
        last_run_at: at,
        last_outcome: 'ok',
        last_summary: summary,
        runs: 1,
      })
      .onConflict((conflict) =>
        conflict.column('task').doUpdateSet({
          last_checked_at: sql`excluded.last_checked_at`,
          checked_by: by,
          last_run_at: sql`excluded.last_run_at`,
          last_outcome: 'ok',
          last_summary: summary,
          runs: sql`system_tasks.runs + 1`,
        }),
      )
      .execute();
  },

  /** `task` failed at `at` with `error`. */
  async failed(db: Executor, task: SystemTask, by: string, at: Date, error: string) {
    await db
      .insertInto('system_tasks')
      .values({
        task,
        last_checked_at: at,
        checked_by: by,
        last_outcome: 'failed',
        last_error: error,
        last_failed_at: at,
        failures: 1,
      })
      .onConflict((conflict) =>
        conflict.column('task').doUpdateSet({
          last_checked_at: sql`excluded.last_checked_at`,
          checked_by: by,
          last_outcome: 'failed',
          last_error: error,
          last_failed_at: sql`excluded.last_failed_at`,
          failures: sql`system_tasks.failures + 1`,
        }),
      )
      .execute();
  },

  list(db: Executor) {
    return db.selectFrom('system_tasks').selectAll().execute();
  },
};

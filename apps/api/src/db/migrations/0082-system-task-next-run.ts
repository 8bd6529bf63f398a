import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * When each scheduled task will next do something (issue 43 §1), written by the process that runs the scheduled work
 * with each round: the backup's next time of the day, the maintenance's next night, the next look of a task that looks
 * every minute or five. A `web` process registers no task, so 'Tarefas do sistema' reads it here.
 */
export const systemTaskNextRun: Migration = {
  async up(db) {
    await runStatements(db, ['alter table system_tasks add column next_run_at timestamptz']);
  },
  async down(db) {
    await runStatements(db, ['alter table system_tasks drop column next_run_at']);
  },
};

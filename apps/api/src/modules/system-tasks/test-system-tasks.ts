import type { SystemTask } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { systemTasksRepository } from './system-tasks.repository';

/**
 * For other modules' tests: a start of `task`'s work outside the schedule as a process records it (when, by which
 * process, who that is), without running the work, so a test can make a start that a killed process left behind.
 */
export function recordTaskStart(db: Executor, task: SystemTask, start: { at: Date; by: string; owner: string }) {
  return systemTasksRepository.started(db, task, start);
}

import type { TaskKind, TaskList } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderKeys } from '../../../components/orders/order-keys';
import { api, startEarly } from '../../../lib/api-client';

/** Every task list is under ['orders', ...]: any order change (or live update) refreshes it. */
export const tasksKey = orderKeys.tasks;

/** How often the list asks again on its own (a courier waiting for packages keeps the screen open). */
export const TASKS_REFRESH_MS = 30_000;

const TASKS_PATH = '/orders/tasks';

/** The list the screen opens on: every kind the employee has, first page. */
export const FIRST_TASKS: { kind: TaskKind | undefined; page: number } = { kind: undefined, page: 0 };

/** Asks for the first list while the screen's code is on its way (decision 0025): `useTasks` takes the answer. */
export function startTasksEarly(): void {
  startEarly(TASKS_PATH, { kind: FIRST_TASKS.kind, page: FIRST_TASKS.page });
}

export function useTasks(kind: TaskKind | undefined, page: number) {
  return useQuery({
    queryKey: tasksKey(kind, page),
    queryFn: ({ signal }) => api<TaskList>(TASKS_PATH, { query: { kind, page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: TASKS_REFRESH_MS,
  });
}

import type { TaskKind, TaskList } from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderKeys } from '../../../components/orders/order-keys';
import { api } from '../../../lib/api-client';

/** Every task list is under ['orders', ...]: any order change (or live update) refreshes it. */
export const tasksKey = orderKeys.tasks;

/** How often the list asks again on its own (a courier waiting for packages keeps the screen open). */
export const TASKS_REFRESH_MS = 30_000;

export function useTasks(kind: TaskKind | undefined, page: number) {
  return useQuery({
    queryKey: tasksKey(kind, page),
    queryFn: ({ signal }) => api<TaskList>('/orders/tasks', { query: { kind, page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: TASKS_REFRESH_MS,
  });
}

import type { TaskKind, TaskList } from '@backoffice/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from '../../../components/orders/order-keys';
import { api } from '../../../lib/api-client';

/** Every task list is under ['orders', ...]: any order change (or live update) refreshes it. */
export const tasksKey = orderKeys.tasks;

/** How often the list asks again on its own (a courier waiting for packages keeps the screen open). */
export const TASKS_REFRESH_MS = 30_000;

/** One page of the list: what `useTasks` reads and the prefetch asks for, under one key. */
function tasksQuery(kind: TaskKind | undefined, page: number) {
  return queryOptions({
    queryKey: tasksKey(kind, page),
    queryFn: ({ signal }) => api<TaskList>('/orders/tasks', { query: { kind, page }, signal }),
  });
}

/** The list the screen opens on: every kind the employee has, first page. */
export const FIRST_TASKS: { kind: TaskKind | undefined; page: number } = { kind: undefined, page: 0 };

/**
 * Asks for the first list while the screen's code is on its way (decision 0025): `useTasks` then finds it in
 * the cache (or on its way) instead of asking once the page has arrived and rendered.
 */
export function prefetchFirstTasks(queryClient: QueryClient): Promise<void> {
  // Settled when the answer is in the cache, or its failure (the page's query then shows it): never rejects.
  return queryClient.prefetchQuery(tasksQuery(FIRST_TASKS.kind, FIRST_TASKS.page));
}

export function useTasks(kind: TaskKind | undefined, page: number) {
  return useQuery({
    ...tasksQuery(kind, page),
    placeholderData: keepPreviousData,
    refetchInterval: TASKS_REFRESH_MS,
  });
}

import type {
  OrderAbsentBody,
  OrderActionBody,
  OrderDeliverBody,
  OrderPackBody,
  OrderSummary,
  TaskKind,
  TaskList,
} from '@backoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersKeys } from '../../orders/api/keys';

/** Every task list is under ['orders', ...]: any order change (or live update) refreshes it. */
export const tasksKey = (kind: TaskKind | undefined, page: number) => ordersKeys.other('tasks', { kind, page });

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

type Moved = Promise<{ data: OrderSummary }>;

export const prepareOrder = (body: OrderActionBody): Moved => api('/workflow/order/prepare', { method: 'PATCH', body });
export const packOrder = (body: OrderPackBody): Moved => api('/workflow/order/pack', { method: 'PATCH', body });
export const withdrawOrder = (body: OrderActionBody): Moved =>
  api('/workflow/order/withdraw', { method: 'PATCH', body });
export const deliverOrder = (body: OrderDeliverBody): Moved =>
  api('/workflow/order/deliver', { method: 'PATCH', body });
export const reportAbsent = (body: OrderAbsentBody): Moved => api('/workflow/order/absent', { method: 'PATCH', body });

import type { OrderMovePictureKind, TaskKind } from '@backoffice/contract';
import type { QueryKey } from '@tanstack/react-query';
import { createQueryKeys } from '../../lib/query-keys';

/** Every order query lives under ['orders']: the live updates refresh them all (shared by the order screens). */
export const ordersKeys = createQueryKeys('orders');

/** The pictures of an order as the screens ask for them. */
export type OrderPictureKind = 'receipt' | 'signature' | 'packaging';

/** The keys of the orders' queries, by what they hold (the orders screen, the field screens, the dialogs). */
export const orderKeys = {
  /** GET /orders/status: the status cards. */
  statusCounts: ordersKeys.other('status-counts'),
  /** Every search by code. */
  byCodeAll: ordersKeys.other('by-code'),
  byCode: (code: string) => ordersKeys.other('by-code', code),
  history: (orderId: number | null) => ordersKeys.other('history', orderId),
  pictures: (kind: OrderPictureKind | null, orderId: number | null) => ordersKeys.other(`pictures-${kind}`, orderId),
  /** Every page of "Minhas tarefas". */
  tasksAll: ordersKeys.other('tasks'),
  tasks: (kind: TaskKind | undefined, page: number) => ordersKeys.other('tasks', { kind, page }),
};

const PICTURES: Record<OrderMovePictureKind, OrderPictureKind> = {
  RECEIPT: 'receipt',
  PACKAGING: 'packaging',
  SIGNATURE: 'signature',
};

/**
 * What a move of one order changes on the screens: the status pages and cards (it left one status for
 * another), the task lists, the order's details and history, and the pictures the move took.
 */
export function movedOrderKeys(orderId: number, pictures?: OrderMovePictureKind): QueryKey[] {
  const keys: QueryKey[] = [
    ordersKeys.lists(),
    orderKeys.statusCounts,
    orderKeys.tasksAll,
    ordersKeys.detail(orderId),
    orderKeys.history(orderId),
  ];
  if (pictures) keys.push(orderKeys.pictures(PICTURES[pictures], orderId));
  return keys;
}

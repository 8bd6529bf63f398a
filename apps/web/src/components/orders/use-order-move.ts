import {
  availableActions,
  ORDER_COMMAND_CALLS,
  type OrderActor,
  type OrderCommandCall,
  type OrderCommandFields,
  type OrderCommandName,
  type OrderConcurrency,
  type OrderSummary,
  stampSending,
  TASK_ACTIONS,
  type TaskList,
} from '@backoffice/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, isRefusal } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { useApiMutation } from '../use-api-mutation';
import { orderActorOf } from './order-actor';
import { movedOrderKeys, orderKeys } from './order-keys';

/** What the screen showed of the order: the server answers 409 when it changed since. */
export type SeenOrder = Pick<OrderSummary, 'orderId' | 'statusKey' | 'updatedAt'>;

/** What the screen showed of the order, as the move's concurrency fields. */
export function concurrencyOf(order: SeenOrder): OrderConcurrency {
  return { expectedStatus: order.statusKey as OrderConcurrency['expectedStatus'], expectedUpdatedAt: order.updatedAt };
}

/** A move's variables: the order as the screen showed it, and what the screen filled in (reason, pictures…). */
export type OrderMoveVars<N extends OrderCommandName> = {
  order: SeenOrder;
  /** Sent as the `Idempotency-Key` header: the same move sent again with it happens once (a phone's retry). */
  idempotencyKey?: string;
} & OrderCommandFields<N>;

export interface OrderMoveOptions {
  /** The dialog the move is made from: closed by a success only (`useApiMutation`'s `closeDialog`). */
  closeDialog?: () => void;
  /** After a success (the snackbar has said the spec's text): go back to page 0… */
  onSuccess?: (moved: OrderSummary) => void;
  /**
   * After a failure: show the message inside the dialog, which stays open (then the snackbar stays quiet: on
   * a phone it would cover the dialog's buttons). Without it the snackbar says the message.
   */
  onError?: (message: string, error: unknown) => void;
  /**
   * When the move may succeed later (no answer, a server error: anything but a business refusal, `isRefusal`),
   * instead of `onError`: the screen keeps the move to send it later (the field phone's outbox), with the
   * variables it was made with (its Idempotency-Key included).
   */
  onTryLater?: (vars: OrderMoveVars<OrderCommandName>, error: unknown) => void;
}

/** The answers that mean the order is not what the screen showed: someone else moved or took it. */
const ORDER_CHANGED = [403, 404, 409];

/**
 * Puts the server's updated order where screens show it, instead of asking again: the search by code, and
 * the task lists (the card takes its new status and moves; it leaves a list when no move of the list's kind
 * is left to `actor`; without an actor its moves stay as they were).
 */
export function putMovedOrder(queryClient: QueryClient, moved: OrderSummary, actor: OrderActor | undefined): void {
  queryClient.setQueriesData<OrderSummary>({ queryKey: orderKeys.byCodeAll }, (old) =>
    old?.orderId === moved.orderId ? moved : old,
  );
  queryClient.setQueriesData<TaskList>({ queryKey: orderKeys.tasksAll }, (list) => {
    const kind = list?.kind;
    const listed = list?.orders.find((order) => order.orderId === moved.orderId);
    if (!list || !kind || !listed) return list;
    const state = { ...moved, status: moved.statusKey };
    const actions = actor
      ? availableActions(state, actor).filter((action) => TASK_ACTIONS[kind].includes(action))
      : listed.actions;
    if (actions.length === 0) {
      return { ...list, orders: list.orders.filter((order) => order !== listed), total: list.total - 1 };
    }
    return {
      ...list,
      orders: list.orders.map((order) => (order === listed ? { ...order, ...moved, actions } : order)),
    };
  });
}

/**
 * THE web call of an order move, produced from the contract's registry (the command's call, ORDER_COMMAND_CALLS,
 * without its schemas): the method and path, the body (the order, what the screen filled in, what the screen
 * saw), the spec's success and failure texts. On success the server's updated order goes into the cache and
 * exactly what the move changed is invalidated (`movedOrderKeys`); on a refusal the dialog stays open with what
 * was filled in (decision 0004), and when the order changed under the screen (403, 404, 409) its lists are read
 * again.
 */
export function useOrderMove<N extends OrderCommandName>(name: N, options: OrderMoveOptions = {}) {
  const command: OrderCommandCall = ORDER_COMMAND_CALLS[name];
  const queryClient = useQueryClient();
  return useApiMutation<OrderSummary, OrderMoveVars<N>>({
    mutationFn: async ({ order, idempotencyKey, ...fields }) =>
      (
        await api<{ data: OrderSummary }>(command.path, {
          method: command.method,
          body: stampSending({ orderId: order.orderId, ...fields, ...concurrencyOf(order) }),
          ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
        })
      ).data,
    success: command.success,
    failure: command.failure,
    update: (client, moved) => putMovedOrder(client, moved, orderActorOf(getSession())),
    invalidate: (moved) => movedOrderKeys(moved.orderId, command.pictures?.kind),
    closeDialog: options.closeDialog,
    onSuccess: (moved) => options.onSuccess?.(moved),
    errorInDialog: options.onError !== undefined,
    onError: (error, message, vars) => {
      if (error instanceof ApiError && ORDER_CHANGED.includes(error.status)) {
        for (const queryKey of movedOrderKeys(vars.order.orderId)) void queryClient.invalidateQueries({ queryKey });
      }
      if (options.onTryLater && !isRefusal(error)) {
        options.onTryLater(vars as OrderMoveVars<OrderCommandName>, error);
        return;
      }
      options.onError?.(message, error);
    },
  });
}

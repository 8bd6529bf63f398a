import {
  EMPLOYEE_FUNC_LABELS,
  type EmployeeFunc,
  ORDER_LIMITS,
  ORDER_STATUS,
  type OrderActor,
  type OrderConcurrency,
  type OrderHistoryEntry,
  type OrderImage,
  type OrderList,
  type OrderStatusCount,
  type OrderSummary,
  type Profile,
} from '@backoffice/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';
import { ordersKeys } from './keys';

export { ordersKeys };

export interface OrderListParams {
  status: number;
  page: number;
  items: number;
}

/** GET /orders/status: every status with its quantity (zeros included). */
export const statusCountsQuery = queryOptions({
  queryKey: ordersKeys.other('status-counts'),
  queryFn: async () => (await api<{ data: OrderStatusCount[] }>('/orders/status')).data,
});

export function useStatusCounts() {
  return useQuery(statusCountsQuery);
}

function fetchOrderPage({ status, page, items }: OrderListParams, signal?: AbortSignal) {
  return api<OrderList>(`/orders/status/${status}`, { query: { page, items }, signal });
}

/** GET /orders/status/{status}?page=&items=: one page, newest change first. */
export function useOrderPage(params: OrderListParams, enabled = true) {
  return useQuery({
    queryKey: ordersKeys.list(params),
    queryFn: ({ signal }) => fetchOrderPage(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every order of a status, page after page of 100 (the API's largest), for the CSV and the print. */
export async function fetchAllOrders(status: number): Promise<OrderSummary[]> {
  const items = ORDER_LIMITS.maxPageSize;
  const all: OrderSummary[] = [];
  for (let page = 0; ; page++) {
    const answer = await fetchOrderPage({ status, page, items });
    all.push(...answer.orders);
    if (answer.orders.length < items || all.length >= answer.total) return all;
  }
}

/** GET /orders/{code}: the search by code ('Código do pedido'); 404 when no order has it. */
export function orderByCodeQuery(code: string) {
  return queryOptions({
    queryKey: ordersKeys.other('by-code', code),
    queryFn: async () => (await api<{ data: OrderSummary }>(`/orders/${encodeURIComponent(code)}`)).data,
    retry: false,
  });
}

/** The order found by the search, kept fresh (live updates invalidate it too). Null searches nothing. */
export function useOrderByCode(code: string | null) {
  return useQuery({ ...orderByCodeQuery(code ?? ''), enabled: code !== null });
}

/** GET /reports/order/histories/{orderId}: oldest first. */
export function useOrderHistory(orderId: number | null) {
  return useQuery({
    queryKey: ordersKeys.other('history', orderId),
    queryFn: async () =>
      (await api<{ data: { histories: OrderHistoryEntry[] } }>(`/reports/order/histories/${orderId}`)).data.histories,
    enabled: orderId !== null,
  });
}

export type OrderPictureKind = 'receipt' | 'signature' | 'packaging';

/** The pictures of an order: the receipt and the signature (one or none), the packaging photos (a list). */
export function useOrderPictures(kind: OrderPictureKind | null, orderId: number | null) {
  return useQuery({
    queryKey: ordersKeys.other(`pictures-${kind}`, orderId),
    queryFn: async (): Promise<OrderImage[]> => {
      if (kind === 'packaging') return (await api<{ data: OrderImage[] }>(`/orders/stocking/images/${orderId}`)).data;
      const answer = await api<{ data: OrderImage | null }>(`/orders/${kind}/${orderId}`);
      return answer.data ? [answer.data] : [];
    },
    enabled: kind !== null && orderId !== null,
  });
}

function funcOf(type: string): EmployeeFunc | 0 {
  const found = Object.entries(EMPLOYEE_FUNC_LABELS).find(([, label]) => label === type);
  return found ? (Number(found[0]) as EmployeeFunc) : 0;
}

/** The signed-in employee's key: the same entry as the profile page (GET /accounts/me), not an orders query. */
const meKey = createQueryKeys('profile').detail('me');

/**
 * Who is acting: the employee's id and function (GET /accounts/me) with the session's permissions, for the
 * contract's `availableActions` / `canChangeDeliverer`. Until it answers, no move is offered. Kept out of
 * the 'orders' keys, so the orders' live updates do not ask for it again.
 */
export function useOrderActor() {
  const permissions = getSession()?.permissions ?? [];
  return useQuery({
    queryKey: meKey,
    queryFn: async () => (await api<{ data: Profile }>('/accounts/me')).data,
    select: (me): OrderActor => ({ employeeId: me.id, func: funcOf(me.type), permissions }),
    staleTime: 5 * 60_000,
  });
}

/** What the screen showed of the order: the server answers 409 when it changed since. */
export function concurrencyOf(order: OrderSummary): OrderConcurrency {
  return { expectedStatus: order.statusKey as OrderConcurrency['expectedStatus'], expectedUpdatedAt: order.updatedAt };
}

type Moved = { data: OrderSummary };

/** The moves of the toolbar; each sends what the screen showed (expectedStatus, expectedUpdatedAt). */
export const ordersApi = {
  approve: (order: OrderSummary) =>
    api<Moved>('/workflow/order/approve', {
      method: 'PATCH',
      body: { orderId: order.orderId, ...concurrencyOf(order) },
    }),
  refuse: (order: OrderSummary) =>
    api<Moved>('/workflow/order/refuse', {
      method: 'PATCH',
      body: { orderId: order.orderId, ...concurrencyOf(order) },
    }),
  cancel: (order: OrderSummary, comment: string) =>
    api<Moved>('/workflow/order/cancel', {
      method: 'PATCH',
      body: { orderId: order.orderId, comment, ...concurrencyOf(order) },
    }),
  finalize: (order: OrderSummary) =>
    api<Moved>('/workflow/order/finalize', {
      method: 'POST',
      body: { orderId: order.orderId, ...concurrencyOf(order) },
    }),
  withdraw: (order: OrderSummary) =>
    api<Moved>('/workflow/order/withdraw', {
      method: 'PATCH',
      body: { orderId: order.orderId, ...concurrencyOf(order) },
    }),
  /** The normal call for AGUARDANDO_MOTOBOY, the fast-delivery one for ENTREGA_IMEDIATA. */
  changeDeliverer: (order: OrderSummary, delivererId: number) =>
    api<Moved>(
      order.statusKey === ORDER_STATUS.ENTREGA_IMEDIATA
        ? `/orders/change/fast-deliverer/order/${order.orderId}/deliverer/${delivererId}`
        : `/orders/change/order/${order.orderId}/deliverer/${delivererId}`,
      { method: 'PUT', body: concurrencyOf(order) },
    ),
};

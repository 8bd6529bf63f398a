import {
  type CustomerCredit,
  ORDER_LIMITS,
  ORDER_STATUS,
  type OrderHistoryEntry,
  type OrderImage,
  type OrderList,
  type OrderStatusCount,
  type OrderSummary,
} from '@backoffice/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderPictureKind, orderKeys } from '../../../components/orders/order-keys';
import { concurrencyOf } from '../../../components/orders/use-order-move';
import { api } from '../../../lib/api-client';
import { ordersKeys } from './keys';

export type { OrderPictureKind };
export { ordersKeys };

/** The screen's filter (issue 20 §5): customer text and placing days (YYYY-MM-DD), each optional. */
export interface OrderFilter {
  q?: string;
  from?: string;
  to?: string;
}

export interface OrderListParams extends OrderFilter {
  status: number;
  page: number;
  items: number;
}

/** Only the filter's filled fields (an empty filter sends no parameter: the calls of the spec). */
function filterQuery({ q, from, to }: OrderFilter): Record<string, string> {
  return Object.fromEntries(Object.entries({ q: q?.trim(), from, to }).filter(([, value]) => value)) as Record<
    string,
    string
  >;
}

/** GET /orders/status: every status with its quantity (zeros included); with a filter, the matching ones. */
export function statusCountsQuery(filter: OrderFilter = {}) {
  const query = filterQuery(filter);
  return queryOptions({
    queryKey: Object.keys(query).length ? [...orderKeys.statusCounts, query] : orderKeys.statusCounts,
    queryFn: async () => (await api<{ data: OrderStatusCount[] }>('/orders/status', { query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStatusCounts(filter: OrderFilter = {}) {
  return useQuery(statusCountsQuery(filter));
}

function fetchOrderPage({ status, page, items, ...filter }: OrderListParams, signal?: AbortSignal) {
  return api<OrderList>(`/orders/status/${status}`, { query: { page, items, ...filterQuery(filter) }, signal });
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
export async function fetchAllOrders(status: number, filter: OrderFilter = {}): Promise<OrderSummary[]> {
  const items = ORDER_LIMITS.maxPageSize;
  const all: OrderSummary[] = [];
  for (let page = 0; ; page++) {
    const answer = await fetchOrderPage({ status, page, items, ...filter });
    all.push(...answer.orders);
    if (answer.orders.length < items || all.length >= answer.total) return all;
  }
}

/** GET /orders/{code}: the search by code ('Código do pedido'); 404 when no order has it. */
export function orderByCodeQuery(code: string) {
  return queryOptions({
    queryKey: orderKeys.byCode(code),
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
    queryKey: orderKeys.history(orderId),
    queryFn: async () =>
      (await api<{ data: { histories: OrderHistoryEntry[] } }>(`/reports/order/histories/${orderId}`)).data.histories,
    enabled: orderId !== null,
  });
}

/**
 * GET /customers/{id}/credit: what the customer owes on credit against his limit and his days late, read by the
 * credit approval (issue 54 §6); null: not read.
 */
export function useCustomerCredit(customerId: number | null) {
  return useQuery({
    queryKey: ['customers', 'credit', customerId],
    queryFn: async ({ signal }) =>
      (await api<{ data: CustomerCredit }>(`/customers/${customerId}/credit`, { signal })).data,
    enabled: customerId !== null,
    staleTime: 0,
  });
}

/** The pictures of an order: the receipt and the signature (one or none), the packaging photos (a list). */
export function useOrderPictures(kind: OrderPictureKind | null, orderId: number | null) {
  return useQuery({
    queryKey: orderKeys.pictures(kind, orderId),
    queryFn: async (): Promise<OrderImage[]> => {
      if (kind === 'packaging') return (await api<{ data: OrderImage[] }>(`/orders/stocking/images/${orderId}`)).data;
      const answer = await api<{ data: OrderImage | null }>(`/orders/${kind}/${orderId}`);
      return answer.data ? [answer.data] : [];
    },
    enabled: kind !== null && orderId !== null,
  });
}

/** PUT the courier change: the normal call for AGUARDANDO_MOTOBOY, the fast-delivery one for ENTREGA_IMEDIATA. */
export async function changeDeliverer(order: OrderSummary, delivererId: number): Promise<OrderSummary> {
  const path =
    order.statusKey === ORDER_STATUS.ENTREGA_IMEDIATA
      ? `/orders/change/fast-deliverer/order/${order.orderId}/deliverer/${delivererId}`
      : `/orders/change/order/${order.orderId}/deliverer/${delivererId}`;
  return (await api<{ data: OrderSummary }>(path, { method: 'PUT', body: concurrencyOf(order) })).data;
}

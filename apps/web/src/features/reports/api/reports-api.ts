import type { AdjustmentOrderDetail, Brand, Deliverer, OrderImage } from '@backoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { ordersKeys } from '../../../components/orders/order-keys';
import { orderDetailQuery } from '../../../components/orders/order-queries';
import { api } from '../../../lib/api-client';
import { createQueryKeys } from '../../../lib/query-keys';

export const reportsKeys = createQueryKeys('reports');
const employeesKeys = createQueryKeys('employees');
const productsKeys = createQueryKeys('products');

/** GET /employees/attendants: every attendant (blocked ones too: reports look back in time). */
export function useAttendants(enabled: boolean) {
  return useQuery({
    queryKey: employeesKeys.other('attendants'),
    queryFn: async () => (await api<{ data: { attendants: Deliverer[] } }>('/employees/attendants')).data.attendants,
    enabled,
  });
}

/** GET /products/brands: the brands with their references (report 15). */
export function useBrands(enabled: boolean) {
  return useQuery({
    queryKey: productsKeys.other('brands'),
    queryFn: async () => (await api<{ data: Brand[] }>('/products/brands')).data,
    enabled,
  });
}

/** GET /reports/order/{exchange|return}/{orderId}: the order, its items and what was exchanged or returned. */
export function useAdjustmentOrder(kind: 'exchange' | 'return', orderId: number | null) {
  return useQuery({
    queryKey: reportsKeys.detail(`${kind}-${orderId}`),
    queryFn: async () => (await api<{ data: AdjustmentOrderDetail }>(`/reports/order/${kind}/${orderId}`)).data,
    enabled: orderId !== null,
  });
}

/** GET /orders/by-id/{id}: the order as the orders screen shows it (the shared query, so both share its cache). */
export function useOrderDetail(orderId: number | null) {
  return useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
}

/** The order's pictures: its packaging (GET /orders/stocking/images/{id}) or its receipt (GET /orders/receipt/{id}). */
export function useOrderImages(kind: 'packaging' | 'receipt' | null, orderId: number) {
  return useQuery({
    queryKey: ordersKeys.other(kind ?? 'none', orderId),
    queryFn: async (): Promise<OrderImage[]> => {
      if (kind === 'receipt') {
        const receipt = (await api<{ data: OrderImage | null }>(`/orders/receipt/${orderId}`)).data;
        return receipt ? [receipt] : [];
      }
      return (await api<{ data: OrderImage[] }>(`/orders/stocking/images/${orderId}`)).data;
    },
    enabled: kind !== null,
  });
}

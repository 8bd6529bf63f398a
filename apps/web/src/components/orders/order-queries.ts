import type { OrderDetail } from '@backoffice/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { ordersKeys } from './order-keys';

/** GET /orders/by-id/{id}: the order with its items (shared by the orders screen, the reports and the PDF). */
export function orderDetailQuery(orderId: number) {
  return queryOptions({
    queryKey: ordersKeys.detail(orderId),
    queryFn: async () => (await api<{ data: OrderDetail }>(`/orders/by-id/${orderId}`)).data,
  });
}

/** GET /orders/pix/{orderId}: the order's Pix copia e cola; null when the shop has no Pix key or merchant yet (409). */
export function orderPixQuery(orderId: number) {
  return queryOptions({
    queryKey: ordersKeys.other('pix', orderId),
    queryFn: async () => {
      try {
        return (await api<{ data: { payload: string } }>(`/orders/pix/${orderId}`)).data.payload;
      } catch (error) {
        if ((error as { status?: number }).status === 409) return null;
        throw error;
      }
    },
    retry: false,
  });
}

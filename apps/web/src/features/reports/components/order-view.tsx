import type { OrderDetail, OrderView } from '@backoffice/contract';
import { OrderDetailsDialog } from '../../../components/orders/order-details-dialog';
import { useOrderDetail } from '../api/reports-api';

/** The orders screen's view of an order, from GET /orders/by-id/{id}. */
function toOrderView(order: OrderDetail): OrderView {
  return {
    orderId: order.orderId,
    code: order.code,
    customer: order.customer,
    status: order.statusKey as OrderView['status'],
    updatedAt: order.updatedAt,
    typeOfDelivery: order.deliveryType as OrderView['typeOfDelivery'],
    deliverer: order.deliverer,
    stocker: order.stocker,
    payment: order.paymentMethod,
    total: order.total,
    shippingCost: order.shippingCost,
    neighborhood: order.neighborhood,
    comments: order.comments,
    hasWarranty: order.hasWarranty,
    items: order.items,
  };
}

/**
 * The one place the reports open the shared 'Detalhes do pedido' dialog (components/orders): it loads the
 * order and hands it over. When that dialog takes `{ orderId, open, onClose }` itself, this shrinks to it.
 */
export function ReportOrderDetails({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const order = useOrderDetail(orderId);
  return (
    <OrderDetailsDialog order={orderId !== null && order.data ? toOrderView(order.data) : null} onClose={onClose} />
  );
}

import { OrderDetailsDialog } from '../../../components/orders/order-details-dialog';

/** The one place the reports open the shared 'Detalhes do pedido' dialog (components/orders), by order id. */
export function ReportOrderDetails({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  return <OrderDetailsDialog orderId={orderId} open={orderId !== null} onClose={onClose} />;
}

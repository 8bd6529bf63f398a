import type { OrderSummary } from '@backoffice/contract';
import { csvCell } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const C = ORDERS_PAGE_TEXTS.table.columns;

/** relatorio.csv of the orders table: the table's columns, ';' separated, one line per order. */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  const head = [C.customer, C.updatedAt, C.code, C.status, C.typeOfDelivery, C.deliverer, C.payment];
  const lines = orders.map((order) =>
    [
      order.customer,
      formatDate(order.updatedAt),
      order.code,
      order.status,
      order.typeOfDelivery,
      order.deliverer ?? '',
      order.payment,
    ]
      .map(csvCell)
      .join(';'),
  );
  return [head.join(';'), ...lines].join('\r\n');
}

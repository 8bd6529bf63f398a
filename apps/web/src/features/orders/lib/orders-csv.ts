import { csvText, type OrderSummary } from '@backoffice/contract';
import { formatDate } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const C = ORDERS_PAGE_TEXTS.table.columns;

/** relatorio.csv of the orders table: the table's columns, one line per order (the contract's `csvText`). */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  // The last column lists the payment parts of an order paid in parts or by card (issue 38).
  const head = [C.customer, C.updatedAt, C.code, C.status, C.typeOfDelivery, C.deliverer, C.payment, C.paymentParts];
  const lines = orders.map((order) => [
    order.customer,
    formatDate(order.updatedAt),
    order.code,
    order.status,
    order.typeOfDelivery,
    order.deliverer ?? '',
    order.payment,
    order.paymentParts ?? '',
  ]);
  return csvText([head, ...lines]);
}

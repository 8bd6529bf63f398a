import { csvText, type OrderSummary } from '@backoffice/contract';
import { formatDate } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const C = ORDERS_PAGE_TEXTS.table.columns;

/** relatorio.csv of the orders table: the table's columns, one line per order (the contract's `csvText`). */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  const head = [C.customer, C.updatedAt, C.code, C.status, C.typeOfDelivery, C.deliverer, C.payment];
  const lines = orders.map((order) => [
    order.customer,
    formatDate(order.updatedAt),
    order.code,
    order.status,
    order.typeOfDelivery,
    order.deliverer ?? '',
    order.payment,
  ]);
  return csvText([head, ...lines]);
}

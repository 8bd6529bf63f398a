import { type CustomerHistory, csvMoney, csvText } from '@backoffice/contract';
import { formatDateTime } from '../../../lib/format';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.history;

/**
 * The history as CSV with ';' (one line per item; an order without items gets one line), ending with the
 * 'Total de todos os pedidos:' line.
 */
export function historyToCsv(history: CustomerHistory): string {
  const header = [T.code, T.status, T.purchasedAt, T.total, T.product, T.quantity, T.unitPrice, 'Valor do item'];
  const lines = [header];
  for (const order of history.orders) {
    const head = [order.code, order.status, formatDateTime(order.purchasedAt), csvMoney(order.totalOrder)];
    if (order.items.length === 0) lines.push([...head, '', '', '', '']);
    for (const item of order.items)
      lines.push([...head, item.name, String(item.quantity), csvMoney(item.unitPrice), csvMoney(item.total)]);
  }
  lines.push([T.grandTotal, '', '', csvMoney(history.total), '', '', '', '']);
  return csvText(lines);
}

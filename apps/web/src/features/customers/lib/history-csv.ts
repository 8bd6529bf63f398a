import type { CustomerHistory } from '@backoffice/contract';
import { csvCell } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.history;

/** A number as Excel pt-BR reads it: 1234,5 → "1234,50". */
function decimal(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/**
 * The history as CSV with ';' (one line per item; an order without items gets one line), ending with the
 * 'Total de todos os pedidos:' line.
 */
export function historyToCsv(history: CustomerHistory): string {
  const header = [T.code, T.status, T.purchasedAt, T.total, T.product, T.quantity, T.unitPrice, 'Valor do item'];
  const lines = [header];
  for (const order of history.orders) {
    const head = [order.code, order.status, formatDateTime(order.purchasedAt), decimal(order.totalOrder)];
    if (order.items.length === 0) lines.push([...head, '', '', '', '']);
    for (const item of order.items)
      lines.push([...head, item.name, String(item.quantity), decimal(item.unitPrice), decimal(item.total)]);
  }
  lines.push([T.grandTotal, '', '', decimal(history.total), '', '', '', '']);
  return lines.map((line) => line.map(csvCell).join(';')).join('\r\n');
}

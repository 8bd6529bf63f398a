import type { CustomerHistory } from '@backoffice/contract';
import { formatDateTime } from '../../../lib/format';
import { CUSTOMERS_TEXTS } from '../texts';

const T = CUSTOMERS_TEXTS.history;

/** A number as Excel pt-BR reads it: 1234,5 → "1234,50". */
function decimal(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

function cell(value: string | number): string {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
  return lines.map((line) => line.map(cell).join(';')).join('\r\n');
}

/** Downloads `content` as a UTF-8 CSV with BOM (opens right in Excel pt-BR). */
export function downloadCsv(fileName: string, content: string): void {
  const blob = new Blob([`\uFEFF${content}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

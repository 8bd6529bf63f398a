import type { OrderSummary } from '@backoffice/contract';
import { formatDate } from '../../../lib/format';
import { ORDERS_PAGE_TEXTS } from '../texts';

const C = ORDERS_PAGE_TEXTS.table.columns;

/** A CSV cell: quoted when it holds the separator, a quote or a line break (quotes doubled). */
function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

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
      .map(cell)
      .join(';'),
  );
  return [head.join(';'), ...lines].join('\r\n');
}

/** Saves `text` as a UTF-8 file with BOM (Excel reads the accents) under `fileName`. */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob(['\ufeff', text], { type }), fileName);
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

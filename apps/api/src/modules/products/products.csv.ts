import { centsToReais, csvMoney } from '@backoffice/contract';
import type { ProductRow } from './products.repository';

/** The columns of the product list, with its Portuguese headers, for 'Baixar CSV'. */
export const PRODUCT_CSV_HEADERS = ['Nome', 'Código', 'Referência', 'Preço de compra', 'Preço de venda', 'Estoque'];

export function productCsvCells(row: ProductRow) {
  return [
    row.name,
    row.code,
    row.reference ?? '',
    csvMoney(centsToReais(row.cost_cents)),
    csvMoney(centsToReais(row.sell_price_cents)),
    row.stock,
  ];
}

import { centsToReais, csvMoney, FISCAL_TEXTS, formatCest, formatNcm } from '@backoffice/contract';
import type { ProductRow } from './products.repository';

/** The columns of the product list, with its Portuguese headers, for 'Baixar CSV'; then the fiscal fields (issue 21). */
export const PRODUCT_CSV_HEADERS = [
  'Nome',
  'Código',
  'Referência',
  'Preço de compra',
  'Preço de venda',
  'Estoque',
  FISCAL_TEXTS.ncmLabel,
  FISCAL_TEXTS.cestLabel,
  FISCAL_TEXTS.unitLabel,
  FISCAL_TEXTS.originLabel,
];

export function productCsvCells(row: ProductRow) {
  return [
    row.name,
    row.code,
    row.reference ?? '',
    csvMoney(centsToReais(row.cost_cents)),
    csvMoney(centsToReais(row.sell_price_cents)),
    row.stock,
    // With their dots (8517.13.00), as the tables print them: a spreadsheet keeps an NCM's leading zero.
    row.ncm ? formatNcm(row.ncm) : '',
    row.cest ? formatCest(row.cest) : '',
    row.unit ?? '',
    row.origin ?? '',
  ];
}

import { CUSTOMER_LEVEL_LABELS } from './customers';
import {
  MARGIN_GROUP_LABELS,
  MARGIN_GROUPS,
  type MarginGroup,
  REVENUE_BUCKET_LABELS,
  REVENUE_BUCKETS,
} from './report-margin';
import { GENERAL_REPORTS } from './reports';

/**
 * The general reports declared once (spec sections 2 and 7): each number's path, filters, paging and
 * columns (their headers are the table's, the printout's and the CSV's). The API registers its routes at
 * these paths; the web builds its calls and tables from these entries (its footers are keyed by the same
 * numbers).
 */

/** The report routes (spec section 7), `:name` for a path parameter. */
export const REPORT_PATHS = {
  customerPurchases: '/reports/customers/purchases/start/:s/end/:e/:order',
  productsSold: '/reports/products/sold/start/:s/end/:e/:order',
  lowStock: '/reports/products/low/stock',
  ordersByDeliverer: '/reports/order/start/:s/end/:e/deliverer/:id',
  ordersByAttendant: '/reports/order/start/:s/end/:e/attendant/:id',
  stockSales: '/reports/product/stock/sales',
  stockSalesByLevel: '/reports/product/stock/sales/level/:level',
  exchanges: '/reports/order/exchange/start/:s/end/:e/employee/:id',
  returns: '/reports/order/return/start/:s/end/:e/employee/:id',
  delivererCustomers: '/reports/deliverer-customers/:id',
  awaitingCourier: '/reports/awaiting-motoboy-orders/:id',
  brandReference: '/reports/products/:brand/:reference',
  deposits: '/reports/order/transfer/start/:s/end/:e',
  fastDeliveryCustomers: '/reports/customer/fast-delivery',
  exchangeDetail: '/reports/order/exchange/:orderId',
  returnDetail: '/reports/order/return/:orderId',
  unitsByAge: '/reports/units/in-stock/age',
  margin: '/reports/margin/start/:s/end/:e',
  cardSettlements: '/reports/card/settlements/start/:s/end/:e',
  revenue: '/reports/revenue/start/:s/end/:e',
} as const;

/**
 * A path of REPORT_PATHS with its parameters filled in, each one URI-encoded but for ':' (a path segment may
 * hold it: an ISO instant stays readable).
 */
export function reportPath(template: string, params: Record<string, string | number | undefined> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')).replace(/%3A/gi, ':'),
  );
}

/** How a report column shows its value: on screen, in the CSV and on paper alike. */
export type ReportColumnKind =
  | 'text'
  | 'int'
  | 'money'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'level'
  | 'yesNo'
  | 'status'
  | 'phone';

/** One column of a report: the row's field, its header (Portuguese), how it is shown, its width on screen. */
export interface ReportColumnSpec {
  field: string;
  header: string;
  kind?: ReportColumnKind;
  /** Relative width on screen (flex); default 1. */
  flex?: number;
  minWidth?: number;
}

/** A choice a report offers that is sent as a query parameter (`?groupBy=brand`), its first option the default. */
export interface ReportChoice {
  /** The query parameter. */
  param: 'groupBy' | 'bucket';
  label: string;
  options: readonly { value: string; label: string }[];
}

/** Which filters a report asks for (spec section 2, General reports: conditional filters). */
export interface ReportFilterSet {
  dates?: boolean;
  level?: boolean;
  courier?: boolean;
  attendant?: boolean;
  brand?: boolean;
  /** Issue 39 §5: how the rows are grouped (report 19 by product, brand…; report 21 by day, week, month). */
  choice?: ReportChoice;
}

export type GeneralReportNumber = keyof typeof GENERAL_REPORTS;

export interface GeneralReportEntry {
  number: GeneralReportNumber;
  label: string;
  /** The route it reads (REPORT_PATHS). */
  path: string;
  /** Path parameters fixed by the report (the ranking's order). */
  fixed?: Record<string, string>;
  filters: ReportFilterSet;
  /** The API pages it (`?page&items`); otherwise the whole list comes at once and is paged on screen. */
  paged: boolean;
  /**
   * Its columns; stock vs sales depends on the level asked (stockSalesColumns), the margin's first columns on
   * its grouping (`choice`, the option chosen).
   */
  columns: (level?: number, choice?: string) => readonly ReportColumnSpec[];
  /** Exchange and return rows open the order's detail. */
  opens?: 'exchange' | 'return';
}

const H = {
  customer: 'Cliente',
  email: 'E-mail',
  level: 'Nível',
  orders: 'Pedidos',
  product: 'Produto',
  code: 'Código',
  quantity: 'Quantidade',
  unitPrice: 'Preço unitário',
  comments: 'Comentários',
  registeredAt: 'Registrado em',
  stock: 'Estoque',
  neighborhood: 'Bairro',
  freight: 'Frete',
  total: 'Total',
  payment: 'Pagamento',
  placedAt: 'Realizado em',
  order: 'Pedido',
} as const;

const customerPurchaseColumns: ReportColumnSpec[] = [
  { field: 'name', header: H.customer, flex: 1.5, minWidth: 180 },
  { field: 'email', header: H.email, flex: 1.5, minWidth: 200 },
  { field: 'level', header: H.level, kind: 'level', minWidth: 90, flex: 0.6 },
  { field: 'orders', header: H.orders, kind: 'int', minWidth: 90, flex: 0.6 },
  { field: 'total', header: 'Total comprado', kind: 'money', minWidth: 140 },
];
const productRankColumns: ReportColumnSpec[] = [
  { field: 'name', header: H.product, flex: 2, minWidth: 200 },
  { field: 'code', header: H.code, minWidth: 110 },
  { field: 'quantity', header: 'Quantidade vendida', kind: 'int', minWidth: 150 },
];
const orderColumns: ReportColumnSpec[] = [
  { field: 'code', header: H.code, minWidth: 110 },
  { field: 'createdAt', header: 'Data do pedido', kind: 'date', minWidth: 120 },
  { field: 'shippedDate', header: 'Data de envio', kind: 'date', minWidth: 120 },
  { field: 'customerName', header: H.customer, flex: 1.5, minWidth: 180 },
  { field: 'paymentDescription', header: H.payment, minWidth: 110 },
  { field: 'subTotal', header: 'Subtotal', kind: 'money', minWidth: 120 },
  { field: 'totalExchange', header: 'Trocas', kind: 'money', minWidth: 110 },
  { field: 'totalReturn', header: 'Devoluções', kind: 'money', minWidth: 110 },
  { field: 'totalDiscount', header: H.freight, kind: 'money', minWidth: 110 },
  { field: 'totalWarranty', header: 'Garantia', kind: 'money', minWidth: 110 },
  { field: 'discount', header: 'Desconto', kind: 'money', minWidth: 110 },
  { field: 'difference', header: 'Diferença', kind: 'money', minWidth: 120 },
];
/** Exchange and return rows: the same columns over `exchange…` or `return…` fields. */
const adjustmentColumns = (
  kind: 'exchange' | 'return',
  productHeader: string,
  orderHeader: string,
  orderWidth: number,
): ReportColumnSpec[] => [
  { field: 'orderCode', header: H.order, minWidth: 110 },
  { field: 'customerName', header: H.customer, flex: 1.4, minWidth: 170 },
  { field: `${kind}ProductName`, header: productHeader, flex: 1.6, minWidth: 190 },
  { field: `${kind}Quantity`, header: H.quantity, kind: 'int', minWidth: 100, flex: 0.7 },
  { field: `${kind}Price`, header: H.unitPrice, kind: 'money', minWidth: 120 },
  { field: `${kind}OrderCode`, header: orderHeader, minWidth: orderWidth },
  { field: 'comments', header: H.comments, flex: 1.4, minWidth: 160 },
  { field: 'createdAt', header: H.registeredAt, kind: 'datetime', minWidth: 160 },
];
const exchangeColumns = adjustmentColumns('exchange', 'Produto trocado', 'Levado no pedido', 140);
const returnColumns = adjustmentColumns('return', 'Produto devolvido', 'Recolhido no pedido', 150);

/** Stock vs sales: the sale columns of the level asked (0, Todos: the base price and every level's). */
export function stockSalesColumns(level = 0): ReportColumnSpec[] {
  const variants: { suffix: '' | 'Gold' | 'Silver' | 'Bronze'; label: string }[] =
    level === 0
      ? [
          { suffix: '', label: '' },
          { suffix: 'Gold', label: CUSTOMER_LEVEL_LABELS[1] ?? '' },
          { suffix: 'Silver', label: CUSTOMER_LEVEL_LABELS[2] ?? '' },
          { suffix: 'Bronze', label: CUSTOMER_LEVEL_LABELS[3] ?? '' },
        ]
      : [
          {
            suffix: (['Gold', 'Silver', 'Bronze'] as const)[level - 1] ?? 'Gold',
            label: CUSTOMER_LEVEL_LABELS[level] ?? '',
          },
        ];
  const withLevel = (text: string, label: string) => `${text}${label ? ` ${label}` : ''}`;
  return [
    { field: 'code', header: H.code, minWidth: 100, flex: 0.7 },
    { field: 'name', header: H.product, flex: 2, minWidth: 200 },
    { field: 'stock', header: H.stock, kind: 'int', minWidth: 90, flex: 0.6 },
    { field: 'unitPurchasePrice', header: 'Custo unitário', kind: 'money', minWidth: 120 },
    { field: 'totalPurchase', header: 'Total de compra', kind: 'money', minWidth: 130 },
    ...variants.flatMap(({ suffix, label }): ReportColumnSpec[] => [
      { field: `unitSalesPrice${suffix}`, header: withLevel('Preço de venda', label), kind: 'money', minWidth: 140 },
      { field: `totalSales${suffix}`, header: withLevel('Total de venda', label), kind: 'money', minWidth: 140 },
    ]),
  ];
}

type Entry = Omit<GeneralReportEntry, 'number' | 'label'>;
const customerRanking = (order: 'desc' | 'asc'): Entry => ({
  path: REPORT_PATHS.customerPurchases,
  fixed: { order },
  filters: { dates: true },
  paged: true,
  columns: () => customerPurchaseColumns,
});
const productRanking = (order: 'desc' | 'asc'): Entry => ({
  path: REPORT_PATHS.productsSold,
  fixed: { order },
  filters: { dates: true },
  paged: true,
  columns: () => productRankColumns,
});
const byEmployee = (employee: 'attendant' | 'courier') =>
  employee === 'attendant' ? { dates: true, attendant: true } : { dates: true, courier: true };
/** The 'Agrupar por' choice of reports 19 and 21: `param`, one option a grouping, named by `labels`. */
const groupingChoice = <T extends string>(
  param: ReportChoice['param'],
  values: readonly T[],
  labels: Record<T, string>,
): ReportChoice => ({ param, label: 'Agrupar por', options: values.map((value) => ({ value, label: labels[value] })) });
const adjustments = (kind: 'exchange' | 'return', employee: 'attendant' | 'courier'): Entry => ({
  path: kind === 'exchange' ? REPORT_PATHS.exchanges : REPORT_PATHS.returns,
  filters: byEmployee(employee),
  paged: false,
  columns: () => (kind === 'exchange' ? exchangeColumns : returnColumns),
  opens: kind,
});
const orders = (employee: 'attendant' | 'courier'): Entry => ({
  path: employee === 'attendant' ? REPORT_PATHS.ordersByAttendant : REPORT_PATHS.ordersByDeliverer,
  filters: byEmployee(employee),
  paged: true,
  columns: () => orderColumns,
});

/** The money of report 19 and 21: gross, discounts, exchanges and returns, net, cost, margin R$ and %. */
const marginFigureColumns: ReportColumnSpec[] = [
  { field: 'gross', header: 'Receita bruta', kind: 'money', minWidth: 130 },
  { field: 'discount', header: 'Descontos', kind: 'money', minWidth: 120 },
  { field: 'returns', header: 'Trocas e devoluções', kind: 'money', minWidth: 160 },
  { field: 'net', header: 'Receita líquida', kind: 'money', minWidth: 140 },
  { field: 'cost', header: 'Custo', kind: 'money', minWidth: 120 },
  { field: 'margin', header: 'Margem', kind: 'money', minWidth: 120 },
  { field: 'marginPercentage', header: 'Margem %', kind: 'percent', minWidth: 110 },
];

const entries: Record<GeneralReportNumber, Entry> = {
  1: customerRanking('desc'),
  2: customerRanking('asc'),
  3: productRanking('desc'),
  4: productRanking('asc'),
  5: {
    path: REPORT_PATHS.lowStock,
    filters: {},
    paged: false,
    columns: () => [
      { field: 'name', header: H.product, flex: 2, minWidth: 200 },
      { field: 'code', header: H.code, minWidth: 110 },
      { field: 'stock', header: H.stock, kind: 'int', minWidth: 100 },
      { field: 'stockAlert', header: 'Alerta de estoque', kind: 'int', minWidth: 140 },
    ],
  },
  6: orders('courier'),
  7: { path: REPORT_PATHS.stockSalesByLevel, filters: { level: true }, paged: true, columns: stockSalesColumns },
  8: adjustments('exchange', 'attendant'),
  9: adjustments('return', 'attendant'),
  10: adjustments('exchange', 'courier'),
  11: adjustments('return', 'courier'),
  12: orders('attendant'),
  13: {
    path: REPORT_PATHS.delivererCustomers,
    filters: { courier: true },
    paged: false,
    columns: () => [
      { field: 'name', header: H.customer, flex: 1.5, minWidth: 180 },
      { field: 'email', header: H.email, flex: 1.5, minWidth: 200 },
      { field: 'phone', header: 'Telefone', kind: 'phone', minWidth: 140 },
      { field: 'neighborhood', header: H.neighborhood, minWidth: 130 },
      { field: 'level', header: H.level, kind: 'level', minWidth: 90, flex: 0.6 },
      { field: 'shippingCost', header: H.freight, kind: 'money', minWidth: 110 },
    ],
  },
  14: {
    path: REPORT_PATHS.awaitingCourier,
    filters: { courier: true },
    paged: false,
    columns: () => [
      { field: 'code', header: H.code, minWidth: 110 },
      { field: 'customerName', header: H.customer, flex: 1.5, minWidth: 180 },
      { field: 'neighborhood', header: H.neighborhood, minWidth: 130 },
      { field: 'status', header: 'Status', kind: 'status', minWidth: 170 },
      { field: 'fastDelivery', header: 'Entrega rápida', kind: 'yesNo', minWidth: 120, flex: 0.7 },
      { field: 'total', header: H.total, kind: 'money', minWidth: 110 },
      { field: 'createdAt', header: H.placedAt, kind: 'datetime', minWidth: 160 },
      { field: 'updatedAt', header: 'Aguardando desde', kind: 'datetime', minWidth: 160 },
    ],
  },
  15: {
    path: REPORT_PATHS.brandReference,
    filters: { brand: true },
    paged: false,
    columns: () => [
      { field: 'productName', header: H.product, flex: 2, minWidth: 200 },
      { field: 'code', header: H.code, minWidth: 110 },
      { field: 'brand', header: 'Marca', minWidth: 120 },
      { field: 'reference', header: 'Referência', minWidth: 130 },
      { field: 'archived', header: 'Arquivado', kind: 'yesNo', minWidth: 100, flex: 0.6 },
    ],
  },
  16: {
    path: REPORT_PATHS.deposits,
    filters: { dates: true },
    paged: true,
    columns: () => [
      { field: 'code', header: H.code, minWidth: 110 },
      { field: 'customerName', header: H.customer, flex: 1.6, minWidth: 180 },
      { field: 'paymentDescription', header: H.payment, minWidth: 110 },
      { field: 'createdAt', header: H.placedAt, kind: 'datetime', minWidth: 160 },
      { field: 'total', header: H.total, kind: 'money', minWidth: 120 },
    ],
  },
  17: {
    path: REPORT_PATHS.fastDeliveryCustomers,
    filters: {},
    paged: true,
    columns: () => [
      { field: 'name', header: H.customer, flex: 1.5, minWidth: 180 },
      { field: 'email', header: H.email, flex: 1.5, minWidth: 200 },
      { field: 'neighborhood', header: H.neighborhood, minWidth: 130 },
      { field: 'fastDeliveryTax', header: 'Taxa de entrega rápida', kind: 'money', minWidth: 170 },
      { field: 'orders', header: H.orders, kind: 'int', minWidth: 90, flex: 0.6 },
      { field: 'lastOrderAt', header: 'Último pedido', kind: 'datetime', minWidth: 160 },
    ],
  },
  18: {
    path: REPORT_PATHS.unitsByAge,
    filters: {},
    paged: true,
    columns: () => [
      { field: 'name', header: H.product, flex: 2, minWidth: 200 },
      { field: 'code', header: H.code, minWidth: 100, flex: 0.7 },
      { field: 'imei', header: 'IMEI', minWidth: 160 },
      { field: 'enteredAt', header: 'Entrada', kind: 'date', minWidth: 110 },
      { field: 'days', header: 'Dias em estoque', kind: 'int', minWidth: 130 },
      { field: 'cost', header: 'Custo', kind: 'money', minWidth: 120 },
    ],
  },
  19: {
    path: REPORT_PATHS.margin,
    filters: { dates: true, choice: groupingChoice('groupBy', MARGIN_GROUPS, MARGIN_GROUP_LABELS) },
    paged: true,
    columns: (_level, choice) => {
      const group = (MARGIN_GROUPS as readonly string[]).includes(choice ?? '') ? (choice as MarginGroup) : 'product';
      return [
        { field: 'name', header: MARGIN_GROUP_LABELS[group], flex: 2, minWidth: 200 },
        ...(group === 'product' ? [{ field: 'code', header: H.code, minWidth: 100, flex: 0.7 }] : []),
        { field: 'quantity', header: H.quantity, kind: 'int', minWidth: 120 },
        ...marginFigureColumns,
      ];
    },
  },
  20: {
    path: REPORT_PATHS.cardSettlements,
    filters: { dates: true },
    paged: true,
    columns: () => [
      { field: 'date', header: 'Data de recebimento', kind: 'date', minWidth: 180 },
      { field: 'orderCode', header: H.order, minWidth: 110, flex: 0.8 },
      { field: 'kindLabel', header: 'Tipo', minWidth: 90, flex: 0.6 },
      { field: 'brand', header: 'Bandeira', minWidth: 150, flex: 0.9 },
      { field: 'instalmentOf', header: 'Parcela', minWidth: 90, flex: 0.6 },
      { field: 'gross', header: 'Bruto', kind: 'money', minWidth: 120 },
      { field: 'fee', header: 'Taxa', kind: 'money', minWidth: 110 },
      { field: 'net', header: 'Líquido', kind: 'money', minWidth: 120 },
    ],
  },
  21: {
    path: REPORT_PATHS.revenue,
    filters: { dates: true, choice: groupingChoice('bucket', REVENUE_BUCKETS, REVENUE_BUCKET_LABELS) },
    paged: true,
    columns: () => [
      { field: 'label', header: 'Período', minWidth: 170 },
      { field: 'orders', header: H.orders, kind: 'int', minWidth: 100, flex: 0.7 },
      ...marginFigureColumns,
    ],
  },
};

/** The 17 general reports in the spec's order (its selector's numbers and labels), then ours (18 to 21). */
export const GENERAL_REPORT_REGISTRY: readonly GeneralReportEntry[] = (
  Object.keys(GENERAL_REPORTS).map(Number) as GeneralReportNumber[]
).map((number) => ({ number, label: GENERAL_REPORTS[number], ...entries[number] }));

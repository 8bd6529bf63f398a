import {
  type AwaitingCourierRow,
  type BrandReferenceRow,
  CUSTOMER_LEVEL_LABELS,
  type CustomerPurchaseRow,
  type DelivererCustomerRow,
  type DepositOrderRow,
  type DepositReport,
  type ExchangeRow,
  type FastDeliveryCustomerRow,
  GENERAL_REPORTS,
  type LowStockRow,
  type OrderReport,
  type ProductRankRow,
  type ReportOrderRow,
  type ReportOrderTotals,
  type ReturnRow,
  type StockSalesReport,
  type StockSalesRow,
  type StockSalesSummary,
} from '@backoffice/contract';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { REPORTS_TEXTS } from '../texts';
import { type ReportColumn, sumInt, sumMoney } from './columns';

const F = REPORTS_TEXTS.footer;

/** The filters a report is generated with: the period as API timestamps, the chosen ids and names. */
export interface ReportFilters {
  start?: string;
  end?: string;
  level?: number;
  courier?: number;
  attendant?: number;
  brand?: string;
  reference?: string;
}

/** Which filters a report asks for (spec section 2, General reports: conditional filters). */
export interface ReportFilterSet {
  dates?: boolean;
  level?: boolean;
  courier?: boolean;
  attendant?: boolean;
  brand?: boolean;
}

/** A row with the table's own key (report rows such as exchanges have no id of their own). */
export type Keyed<R> = R & { rowKey: number };

export interface ReportResult<R> {
  rows: Keyed<R>[];
  /** Every row of the report (more than `rows` when the API answered one page). */
  total: number;
  summary?: unknown;
}

export interface FooterItem {
  label: string;
  value: string;
}
export interface ReportFooter {
  /** Sums over the rows on screen (the page). */
  page: FooterItem[];
  /** Counts and totals of the whole report. */
  totals: FooterItem[];
}

export interface Paging {
  page: number;
  items: number;
}

export interface ReportDefinition<R = unknown> {
  id: number;
  label: string;
  filters: ReportFilterSet;
  /** The API pages it (`?page&items`); otherwise the whole list comes at once and is paged on screen. */
  paged: boolean;
  fetch: (filters: ReportFilters, paging?: Paging) => Promise<ReportResult<R>>;
  columns: (filters: ReportFilters) => ReportColumn<R>[];
  footer: (pageRows: readonly R[], result: ReportResult<R>) => ReportFooter;
  /** Exchange and return rows open the order's detail. */
  opens?: 'exchange' | 'return';
}

const keyed = <R>(rows: readonly R[], offset = 0): Keyed<R>[] =>
  rows.map((row, index) => ({ ...row, rowKey: offset + index }));
const offsetOf = (paging?: Paging) => (paging ? paging.page * paging.items : 0);
const pagingQuery = (paging?: Paging) => (paging ? { page: paging.page, items: paging.items } : undefined);
const period = (f: ReportFilters) => `start/${f.start}/end/${f.end}`;
const money = (value: number | undefined) => formatMoney(value ?? 0);
const count = (value: number) => value.toLocaleString('pt-BR');

async function list<R>(path: string): Promise<ReportResult<R>> {
  const rows = (await api<{ data: R[] }>(path)).data;
  return { rows: keyed(rows), total: rows.length };
}

async function rankList<R>(path: string, paging?: Paging): Promise<ReportResult<R>> {
  const answer = await api<{ data: R[]; total: number }>(path, { query: pagingQuery(paging) });
  return { rows: keyed(answer.data, offsetOf(paging)), total: answer.total };
}

// ---------- columns ----------
const customerPurchaseColumns: ReportColumn<CustomerPurchaseRow>[] = [
  { field: 'name', header: 'Cliente', flex: 1.5, minWidth: 180 },
  { field: 'email', header: 'E-mail', flex: 1.5, minWidth: 200 },
  { field: 'level', header: 'Nível', kind: 'level', minWidth: 90, flex: 0.6 },
  { field: 'orders', header: 'Pedidos', kind: 'int', minWidth: 90, flex: 0.6 },
  { field: 'total', header: 'Total comprado', kind: 'money', minWidth: 140 },
];
const productRankColumns: ReportColumn<ProductRankRow>[] = [
  { field: 'name', header: 'Produto', flex: 2, minWidth: 200 },
  { field: 'code', header: 'Código', minWidth: 110 },
  { field: 'quantity', header: 'Quantidade vendida', kind: 'int', minWidth: 150 },
];
const orderColumns: ReportColumn<ReportOrderRow>[] = [
  { field: 'code', header: 'Código', minWidth: 110 },
  { field: 'createdAt', header: 'Data do pedido', kind: 'date', minWidth: 120 },
  { field: 'shippedDate', header: 'Data de envio', kind: 'date', minWidth: 120 },
  { field: 'customerName', header: 'Cliente', flex: 1.5, minWidth: 180 },
  { field: 'paymentDescription', header: 'Pagamento', minWidth: 110 },
  { field: 'subTotal', header: 'Subtotal', kind: 'money', minWidth: 120 },
  { field: 'totalExchange', header: 'Trocas', kind: 'money', minWidth: 110 },
  { field: 'totalReturn', header: 'Devoluções', kind: 'money', minWidth: 110 },
  { field: 'totalDiscount', header: 'Frete', kind: 'money', minWidth: 110 },
  { field: 'totalWarranty', header: 'Garantia', kind: 'money', minWidth: 110 },
  { field: 'difference', header: 'Diferença', kind: 'money', minWidth: 120 },
];
const exchangeColumns: ReportColumn<ExchangeRow>[] = [
  { field: 'orderCode', header: 'Pedido', minWidth: 110 },
  { field: 'customerName', header: 'Cliente', flex: 1.4, minWidth: 170 },
  { field: 'exchangeProductName', header: 'Produto trocado', flex: 1.6, minWidth: 190 },
  { field: 'exchangeQuantity', header: 'Quantidade', kind: 'int', minWidth: 100, flex: 0.7 },
  { field: 'exchangePrice', header: 'Preço unitário', kind: 'money', minWidth: 120 },
  { field: 'exchangeOrderCode', header: 'Levado no pedido', minWidth: 140 },
  { field: 'comments', header: 'Comentários', flex: 1.4, minWidth: 160 },
  { field: 'createdAt', header: 'Registrado em', kind: 'datetime', minWidth: 160 },
];
const returnColumns: ReportColumn<ReturnRow>[] = [
  { field: 'orderCode', header: 'Pedido', minWidth: 110 },
  { field: 'customerName', header: 'Cliente', flex: 1.4, minWidth: 170 },
  { field: 'returnProductName', header: 'Produto devolvido', flex: 1.6, minWidth: 190 },
  { field: 'returnQuantity', header: 'Quantidade', kind: 'int', minWidth: 100, flex: 0.7 },
  { field: 'returnPrice', header: 'Preço unitário', kind: 'money', minWidth: 120 },
  { field: 'returnOrderCode', header: 'Recolhido no pedido', minWidth: 150 },
  { field: 'comments', header: 'Comentários', flex: 1.4, minWidth: 160 },
  { field: 'createdAt', header: 'Registrado em', kind: 'datetime', minWidth: 160 },
];

/** Stock vs sales: the sale columns of the level asked (0, Todos: the base price and every level's). */
function stockSalesColumns(filters: ReportFilters): ReportColumn<StockSalesRow>[] {
  const level = filters.level ?? 0;
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
  return [
    { field: 'code', header: 'Código', minWidth: 100, flex: 0.7 },
    { field: 'name', header: 'Produto', flex: 2, minWidth: 200 },
    { field: 'stock', header: 'Estoque', kind: 'int', minWidth: 90, flex: 0.6 },
    { field: 'unitPurchasePrice', header: 'Custo unitário', kind: 'money', minWidth: 120 },
    { field: 'totalPurchase', header: 'Total de compra', kind: 'money', minWidth: 130 },
    ...variants.flatMap(({ suffix, label }) => [
      {
        field: `unitSalesPrice${suffix}`,
        header: `Preço de venda${label ? ` ${label}` : ''}`,
        kind: 'money' as const,
        minWidth: 140,
      },
      {
        field: `totalSales${suffix}`,
        header: `Total de venda${label ? ` ${label}` : ''}`,
        kind: 'money' as const,
        minWidth: 140,
      },
    ]),
  ];
}

// ---------- footers ----------
const adjustmentFooter =
  <R>(quantity: (row: R) => number, price: (row: R) => number) =>
  (page: readonly R[], result: ReportResult<R>): ReportFooter => {
    const value = (rows: readonly R[]) => money(sumMoney(rows, (row) => quantity(row) * price(row)));
    return {
      page: [
        { label: F.units, value: count(sumInt(page, quantity)) },
        { label: F.value, value: value(page) },
      ],
      totals: [
        { label: F.rows, value: count(result.total) },
        { label: F.units, value: count(sumInt(result.rows, quantity)) },
        { label: F.value, value: value(result.rows) },
      ],
    };
  };

function orderFooter(page: readonly ReportOrderRow[], result: ReportResult<ReportOrderRow>): ReportFooter {
  const s = result.summary as ReportOrderTotals;
  const byPayment = (cash: number, transfer: number, pix: number) =>
    `${F.cash} ${money(cash)} · ${F.transfer} ${money(transfer)} · ${F.pix} ${money(pix)}`;
  return {
    page: [
      { label: 'Subtotal', value: money(sumMoney(page, (r) => r.subTotal)) },
      { label: F.difference, value: money(sumMoney(page, (r) => r.difference)) },
    ],
    totals: [
      { label: F.orders, value: count(s.orders) },
      { label: F.totalSales, value: money(s.totalSales) },
      {
        label: F.freight,
        value: byPayment(s.totalDiscountInCash, s.totalDiscountInBankTransfer, s.totalDiscountInPix),
      },
      { label: F.warranty, value: byPayment(s.totalWarrantyInCash, s.totalWarrantyBankTransfer, s.totalWarrantyPix) },
      {
        label: F.difference,
        value: byPayment(s.totalCashDifference, s.totalBankTransferDifference, s.totalPixDifference),
      },
      { label: F.totalDifference, value: money(s.totalDifference) },
    ],
  };
}

async function orderReport(path: string, paging?: Paging): Promise<ReportResult<ReportOrderRow>> {
  const { orders, summary, total } = (await api<{ data: OrderReport }>(path, { query: pagingQuery(paging) })).data;
  return { rows: keyed(orders, offsetOf(paging)), total, summary };
}

const customerRanking = (order: 'desc' | 'asc'): Omit<ReportDefinition<CustomerPurchaseRow>, 'id' | 'label'> => ({
  filters: { dates: true },
  paged: true,
  fetch: (f, paging) => rankList(`/reports/customers/purchases/${period(f)}/${order}`, paging),
  columns: () => customerPurchaseColumns,
  footer: (page, result) => ({
    page: [
      { label: F.orders, value: count(sumInt(page, (r) => r.orders)) },
      { label: F.total, value: money(sumMoney(page, (r) => r.total)) },
    ],
    totals: [{ label: F.customers, value: count(result.total) }],
  }),
});

const productRanking = (order: 'desc' | 'asc'): Omit<ReportDefinition<ProductRankRow>, 'id' | 'label'> => ({
  filters: { dates: true },
  paged: true,
  fetch: (f, paging) => rankList(`/reports/products/sold/${period(f)}/${order}`, paging),
  columns: () => productRankColumns,
  footer: (page, result) => ({
    page: [{ label: F.units, value: count(sumInt(page, (r) => r.quantity)) }],
    totals: [{ label: F.products, value: count(result.total) }],
  }),
});

const exchanges = (employee: 'attendant' | 'courier'): Omit<ReportDefinition<ExchangeRow>, 'id' | 'label'> => ({
  filters: employee === 'attendant' ? { dates: true, attendant: true } : { dates: true, courier: true },
  paged: false,
  fetch: (f) => list(`/reports/order/exchange/${period(f)}/employee/${f[employee]}`),
  columns: () => exchangeColumns,
  footer: adjustmentFooter<ExchangeRow>(
    (r) => r.exchangeQuantity,
    (r) => r.exchangePrice,
  ),
  opens: 'exchange',
});

const returns = (employee: 'attendant' | 'courier'): Omit<ReportDefinition<ReturnRow>, 'id' | 'label'> => ({
  filters: employee === 'attendant' ? { dates: true, attendant: true } : { dates: true, courier: true },
  paged: false,
  fetch: (f) => list(`/reports/order/return/${period(f)}/employee/${f[employee]}`),
  columns: () => returnColumns,
  footer: adjustmentFooter<ReturnRow>(
    (r) => r.returnQuantity,
    (r) => r.returnPrice,
  ),
  opens: 'return',
});

const orders = (employee: 'attendant' | 'courier'): Omit<ReportDefinition<ReportOrderRow>, 'id' | 'label'> => ({
  filters: employee === 'attendant' ? { dates: true, attendant: true } : { dates: true, courier: true },
  paged: true,
  fetch: (f, paging) =>
    orderReport(
      `/reports/order/${period(f)}/${employee === 'attendant' ? `attendant/${f.attendant}` : `deliverer/${f.courier}`}`,
      paging,
    ),
  columns: () => orderColumns,
  footer: orderFooter,
});

// biome-ignore lint/suspicious/noExplicitAny: each definition is typed by its own rows; the table is generic
type AnyDefinition = ReportDefinition<any>;

const definitions: Record<number, Omit<AnyDefinition, 'id' | 'label'>> = {
  1: customerRanking('desc'),
  2: customerRanking('asc'),
  3: productRanking('desc'),
  4: productRanking('asc'),
  5: {
    filters: {},
    paged: false,
    fetch: () => list<LowStockRow>('/reports/products/low/stock'),
    columns: (): ReportColumn<LowStockRow>[] => [
      { field: 'name', header: 'Produto', flex: 2, minWidth: 200 },
      { field: 'code', header: 'Código', minWidth: 110 },
      { field: 'stock', header: 'Estoque', kind: 'int', minWidth: 100 },
      { field: 'stockAlert', header: 'Alerta de estoque', kind: 'int', minWidth: 140 },
    ],
    footer: (page: readonly LowStockRow[], result: ReportResult<LowStockRow>) => ({
      page: [{ label: F.stock, value: count(sumInt(page, (r) => r.stock)) }],
      totals: [{ label: F.products, value: count(result.total) }],
    }),
  },
  6: orders('courier'),
  7: {
    filters: { level: true },
    paged: true,
    fetch: async (f: ReportFilters, paging?: Paging): Promise<ReportResult<StockSalesRow>> => {
      const { products, summary, total } = (
        await api<{ data: StockSalesReport }>(`/reports/product/stock/sales/level/${f.level ?? 0}`, {
          query: pagingQuery(paging),
        })
      ).data;
      return { rows: keyed(products, offsetOf(paging)), total, summary };
    },
    columns: stockSalesColumns,
    footer: (page: readonly StockSalesRow[], result: ReportResult<StockSalesRow>) => {
      const s = result.summary as StockSalesSummary;
      const sales: FooterItem[] = [
        [s.totalAmountSales, ''],
        [s.totalAmountSalesGold, CUSTOMER_LEVEL_LABELS[1]],
        [s.totalAmountSalesSilver, CUSTOMER_LEVEL_LABELS[2]],
        [s.totalAmountSalesBronze, CUSTOMER_LEVEL_LABELS[3]],
      ]
        .filter(([value]) => value !== undefined)
        .map(([value, label]) => ({ label: F.totalSalesLevel(String(label ?? '')), value: money(value as number) }));
      return {
        page: [
          { label: F.stock, value: count(sumInt(page, (r) => r.stock)) },
          { label: F.totalPurchase, value: money(sumMoney(page, (r) => r.totalPurchase)) },
        ],
        totals: [
          { label: F.products, value: count(s.products) },
          { label: F.stock, value: count(s.stock) },
          { label: F.totalPurchase, value: money(s.totalAmountPurchase) },
          ...sales,
        ],
      };
    },
  },
  8: exchanges('attendant'),
  9: returns('attendant'),
  10: exchanges('courier'),
  11: returns('courier'),
  12: orders('attendant'),
  13: {
    filters: { courier: true },
    paged: false,
    fetch: (f: ReportFilters) => list<DelivererCustomerRow>(`/reports/deliverer-customers/${f.courier}`),
    columns: (): ReportColumn<DelivererCustomerRow>[] => [
      { field: 'name', header: 'Cliente', flex: 1.5, minWidth: 180 },
      { field: 'email', header: 'E-mail', flex: 1.5, minWidth: 200 },
      { field: 'phone', header: 'Telefone', kind: 'phone', minWidth: 140 },
      { field: 'neighborhood', header: 'Bairro', minWidth: 130 },
      { field: 'level', header: 'Nível', kind: 'level', minWidth: 90, flex: 0.6 },
      { field: 'shippingCost', header: 'Frete', kind: 'money', minWidth: 110 },
    ],
    footer: (_page: readonly DelivererCustomerRow[], result: ReportResult<DelivererCustomerRow>) => ({
      page: [],
      totals: [{ label: F.customers, value: count(result.total) }],
    }),
  },
  14: {
    filters: { courier: true },
    paged: false,
    fetch: (f: ReportFilters) => list<AwaitingCourierRow>(`/reports/awaiting-motoboy-orders/${f.courier}`),
    columns: (): ReportColumn<AwaitingCourierRow>[] => [
      { field: 'code', header: 'Código', minWidth: 110 },
      { field: 'customerName', header: 'Cliente', flex: 1.5, minWidth: 180 },
      { field: 'neighborhood', header: 'Bairro', minWidth: 130 },
      { field: 'status', header: 'Status', kind: 'status', minWidth: 170 },
      { field: 'fastDelivery', header: 'Entrega rápida', kind: 'yesNo', minWidth: 120, flex: 0.7 },
      { field: 'total', header: 'Total', kind: 'money', minWidth: 110 },
      { field: 'createdAt', header: 'Realizado em', kind: 'datetime', minWidth: 160 },
      { field: 'updatedAt', header: 'Aguardando desde', kind: 'datetime', minWidth: 160 },
    ],
    footer: (page: readonly AwaitingCourierRow[], result: ReportResult<AwaitingCourierRow>) => ({
      page: [{ label: F.total, value: money(sumMoney(page, (r) => r.total)) }],
      totals: [
        { label: F.orders, value: count(result.total) },
        { label: F.total, value: money(sumMoney(result.rows, (r) => r.total)) },
      ],
    }),
  },
  15: {
    filters: { brand: true },
    paged: false,
    fetch: (f: ReportFilters) =>
      list<BrandReferenceRow>(
        `/reports/products/${encodeURIComponent(f.brand ?? '')}/${encodeURIComponent(f.reference ?? '')}`,
      ),
    columns: (): ReportColumn<BrandReferenceRow>[] => [
      { field: 'productName', header: 'Produto', flex: 2, minWidth: 200 },
      { field: 'code', header: 'Código', minWidth: 110 },
      { field: 'brand', header: 'Marca', minWidth: 120 },
      { field: 'reference', header: 'Referência', minWidth: 130 },
      { field: 'archived', header: 'Arquivado', kind: 'yesNo', minWidth: 100, flex: 0.6 },
    ],
    footer: (_page: readonly BrandReferenceRow[], result: ReportResult<BrandReferenceRow>) => ({
      page: [],
      totals: [
        { label: F.products, value: count(result.total) },
        { label: 'Arquivados', value: count(result.rows.filter((r) => r.archived).length) },
      ],
    }),
  },
  16: {
    filters: { dates: true },
    paged: true,
    fetch: async (f: ReportFilters, paging?: Paging): Promise<ReportResult<DepositOrderRow>> => {
      const { orders, summary, total } = (
        await api<{ data: DepositReport }>(`/reports/order/transfer/${period(f)}`, { query: pagingQuery(paging) })
      ).data;
      return { rows: keyed(orders, offsetOf(paging)), total, summary };
    },
    columns: (): ReportColumn<DepositOrderRow>[] => [
      { field: 'code', header: 'Código', minWidth: 110 },
      { field: 'customerName', header: 'Cliente', flex: 1.6, minWidth: 180 },
      { field: 'paymentDescription', header: 'Pagamento', minWidth: 110 },
      { field: 'createdAt', header: 'Realizado em', kind: 'datetime', minWidth: 160 },
      { field: 'total', header: 'Total', kind: 'money', minWidth: 120 },
    ],
    footer: (page: readonly DepositOrderRow[], result: ReportResult<DepositOrderRow>) => {
      const s = result.summary as DepositReport['summary'];
      return {
        page: [{ label: F.total, value: money(sumMoney(page, (r) => r.total)) }],
        totals: [
          { label: F.orders, value: count(s.orders) },
          { label: F.transfer, value: money(s.totalBankTransfer) },
          { label: F.pix, value: money(s.totalPix) },
          { label: F.total, value: money(s.total) },
        ],
      };
    },
  },
  17: {
    filters: {},
    paged: false,
    fetch: () => list<FastDeliveryCustomerRow>('/reports/customer/fast-delivery'),
    columns: (): ReportColumn<FastDeliveryCustomerRow>[] => [
      { field: 'name', header: 'Cliente', flex: 1.5, minWidth: 180 },
      { field: 'email', header: 'E-mail', flex: 1.5, minWidth: 200 },
      { field: 'neighborhood', header: 'Bairro', minWidth: 130 },
      { field: 'fastDeliveryTax', header: 'Taxa de entrega rápida', kind: 'money', minWidth: 170 },
      { field: 'orders', header: 'Pedidos', kind: 'int', minWidth: 90, flex: 0.6 },
      { field: 'lastOrderAt', header: 'Último pedido', kind: 'datetime', minWidth: 160 },
    ],
    footer: (page: readonly FastDeliveryCustomerRow[], result: ReportResult<FastDeliveryCustomerRow>) => ({
      page: [{ label: F.orders, value: count(sumInt(page, (r) => r.orders)) }],
      totals: [
        { label: F.customers, value: count(result.total) },
        { label: F.orders, value: count(sumInt(result.rows, (r) => r.orders)) },
      ],
    }),
  },
};

/** The 17 general reports in the spec's order, with the contract's labels. */
export const REPORTS: AnyDefinition[] = Object.entries(GENERAL_REPORTS).map(([id, label]) => {
  const definition = definitions[Number(id)];
  if (!definition) throw new Error(`report ${id} has no definition`);
  return { id: Number(id), label, ...definition };
});

export function reportById(id: number | null | undefined): AnyDefinition | undefined {
  return REPORTS.find((report) => report.id === id);
}

import {
  type AwaitingCourierRow,
  type BrandReferenceRow,
  type CardSettlementReport,
  type CardSettlementRow,
  CUSTOMER_LEVEL_LABELS,
  type CustomerPurchaseRow,
  type DelivererCustomerRow,
  type DepositOrderRow,
  type DepositReport,
  type ExchangeRow,
  type FastDeliveryCustomerRow,
  GENERAL_REPORT_REGISTRY,
  type GeneralReportEntry,
  type GeneralReportNumber,
  type LowStockRow,
  type MarginReport,
  type MarginRow,
  type ProductRankRow,
  type ReportFilterSet,
  type ReportOrderRow,
  type ReportOrderTotals,
  type ReturnRow,
  type RevenueReport,
  type RevenueRow,
  reportPath,
  type StockSalesRow,
  type StockSalesSummary,
  type UnitAgeReport,
  type UnitAgeRow,
} from '@backoffice/contract';
import { api } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { REPORTS_TEXTS } from '../texts';
import { formatCell, type ReportColumn, sumInt, sumMoney } from './columns';

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
  /** The option of the report's `choice` (its grouping: report 19 by brand…, report 21 by week…). */
  choice?: string;
}

export type { ReportFilterSet };

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
/** A small table of totals under the report (each day's of 'Recebimentos de cartão'), on screen and on paper. */
export interface FooterTable {
  title: string;
  headers: string[];
  /** The cells as shown; the first is the row's name. */
  rows: string[][];
}
export interface ReportFooter {
  /** Sums over the rows on screen (the page). */
  page: FooterItem[];
  /** Counts and totals of the whole report. */
  totals: FooterItem[];
  /** Totals broken down (by day), when the report has them. */
  table?: FooterTable;
}

export interface Paging {
  page: number;
  items: number;
}

/** A report of the contract's registry (number, path, filters, paging, columns) and how the screen reads it. */
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
const money = (value: number | undefined) => formatMoney(value ?? 0);
const count = (value: number) => value.toLocaleString('pt-BR');

/** The registry's path of a report, filled with the filters chosen. */
const pathOf = (entry: GeneralReportEntry, f: ReportFilters) =>
  reportPath(entry.path, {
    ...entry.fixed,
    s: f.start,
    e: f.end,
    id: entry.filters.attendant ? f.attendant : f.courier,
    level: f.level ?? 0,
    brand: f.brand,
    reference: f.reference,
  });

/** How the screen reads an answer: a whole list, a page of a ranking, or a page of rows with its summary. */
type Reader = <R>(path: string, paging?: Paging, choice?: Record<string, string>) => Promise<ReportResult<R>>;
const list: Reader = async <R>(path: string) => {
  const rows = (await api<{ data: R[] }>(path)).data;
  return { rows: keyed(rows), total: rows.length };
};
const rankList: Reader = async <R>(path: string, paging?: Paging) => {
  const answer = await api<{ data: R[]; total: number }>(path, { query: pagingQuery(paging) });
  return { rows: keyed(answer.data, offsetOf(paging)), total: answer.total };
};
/** The fast-delivery customers: a page, how many there are and their sales in all (`{ data, total, orders }`). */
const fastDeliveryList: Reader = async <R>(path: string, paging?: Paging) => {
  const answer = await api<{ data: R[]; total: number; orders: number }>(path, { query: pagingQuery(paging) });
  return { rows: keyed(answer.data, offsetOf(paging)), total: answer.total, summary: { orders: answer.orders } };
};
/** Orders, deposits, stock vs sales and phones by time: `{ data: { <rows>, summary, total } }`. */
const withSummary =
  (rowsKey: 'orders' | 'products' | 'units' | 'settlements' | 'periods'): Reader =>
  async <R>(path: string, paging?: Paging, choice?: Record<string, string>) => {
    const answer = (
      await api<{ data: Record<typeof rowsKey, R[]> & { summary: unknown; total: number } }>(path, {
        query: { ...pagingQuery(paging), ...choice },
      })
    ).data;
    return { rows: keyed(answer[rowsKey], offsetOf(paging)), total: answer.total, summary: answer.summary };
  };

// ---------- footers ----------

/** Report 19's and 21's sums of the page: net and margin. */
const marginPageSums = (page: readonly { net: number; margin: number }[]): FooterItem[] => [
  { label: F.net, value: money(sumMoney(page, (r) => r.net)) },
  { label: F.margin, value: money(sumMoney(page, (r) => r.margin)) },
];

/** Report 19's and 21's totals: gross, discounts, exchanges and returns, net, cost, margin R$ and %. */
const marginTotals = (s: Omit<RevenueReport['summary'], 'orders'>): FooterItem[] => [
  { label: F.gross, value: money(s.gross) },
  { label: F.discounts, value: money(s.discount) },
  { label: F.returns, value: money(s.returns) },
  { label: F.net, value: money(s.net) },
  { label: F.cost, value: money(s.cost) },
  { label: F.margin, value: `${money(s.margin)} · ${formatCell('percent', s.marginPercentage)}` },
];
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
      { label: F.subtotal, value: money(sumMoney(page, (r) => r.subTotal)) },
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

const customerRankingFooter = (page: readonly CustomerPurchaseRow[], result: ReportResult<CustomerPurchaseRow>) => ({
  page: [
    { label: F.orders, value: count(sumInt(page, (r) => r.orders)) },
    { label: F.total, value: money(sumMoney(page, (r) => r.total)) },
  ],
  totals: [{ label: F.customers, value: count(result.total) }],
});
const productRankingFooter = (page: readonly ProductRankRow[], result: ReportResult<ProductRankRow>) => ({
  page: [{ label: F.units, value: count(sumInt(page, (r) => r.quantity)) }],
  totals: [{ label: F.products, value: count(result.total) }],
});
const exchangeFooter = adjustmentFooter<ExchangeRow>(
  (r) => r.exchangeQuantity,
  (r) => r.exchangePrice,
);
const returnFooter = adjustmentFooter<ReturnRow>(
  (r) => r.returnQuantity,
  (r) => r.returnPrice,
);

/** What the screen does with each report's answer: how it reads it and what its footer sums. */
interface ScreenPart<R> {
  read: Reader;
  footer: (pageRows: readonly R[], result: ReportResult<R>) => ReportFooter;
}
// biome-ignore lint/suspicious/noExplicitAny: each part is typed by its own rows; the table is generic
type AnyScreenPart = ScreenPart<any>;

const screenParts: Record<GeneralReportNumber, AnyScreenPart> = {
  1: { read: rankList, footer: customerRankingFooter },
  2: { read: rankList, footer: customerRankingFooter },
  3: { read: rankList, footer: productRankingFooter },
  4: { read: rankList, footer: productRankingFooter },
  5: {
    read: list,
    footer: (page: readonly LowStockRow[], result: ReportResult<LowStockRow>) => ({
      page: [{ label: F.stock, value: count(sumInt(page, (r) => r.stock)) }],
      totals: [{ label: F.products, value: count(result.total) }],
    }),
  },
  6: { read: withSummary('orders'), footer: orderFooter },
  7: {
    read: withSummary('products'),
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
  8: { read: list, footer: exchangeFooter },
  9: { read: list, footer: returnFooter },
  10: { read: list, footer: exchangeFooter },
  11: { read: list, footer: returnFooter },
  12: { read: withSummary('orders'), footer: orderFooter },
  13: {
    read: list,
    footer: (_page: readonly DelivererCustomerRow[], result: ReportResult<DelivererCustomerRow>) => ({
      page: [],
      totals: [{ label: F.customers, value: count(result.total) }],
    }),
  },
  14: {
    read: list,
    footer: (page: readonly AwaitingCourierRow[], result: ReportResult<AwaitingCourierRow>) => ({
      page: [{ label: F.total, value: money(sumMoney(page, (r) => r.total)) }],
      totals: [
        { label: F.orders, value: count(result.total) },
        { label: F.total, value: money(sumMoney(result.rows, (r) => r.total)) },
      ],
    }),
  },
  15: {
    read: list,
    footer: (_page: readonly BrandReferenceRow[], result: ReportResult<BrandReferenceRow>) => ({
      page: [],
      totals: [
        { label: F.products, value: count(result.total) },
        { label: F.archived, value: count(result.rows.filter((r) => r.archived).length) },
      ],
    }),
  },
  16: {
    read: withSummary('orders'),
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
    read: fastDeliveryList,
    footer: (page: readonly FastDeliveryCustomerRow[], result: ReportResult<FastDeliveryCustomerRow>) => ({
      page: [{ label: F.orders, value: count(sumInt(page, (r) => r.orders)) }],
      totals: [
        { label: F.customers, value: count(result.total) },
        { label: F.orders, value: count((result.summary as { orders: number }).orders) },
      ],
    }),
  },
  18: {
    read: withSummary('units'),
    footer: (page: readonly UnitAgeRow[], result: ReportResult<UnitAgeRow>) => {
      const s = result.summary as UnitAgeReport['summary'];
      return {
        page: [
          { label: F.units, value: count(page.length) },
          { label: F.cost, value: money(sumMoney(page, (r) => r.cost)) },
        ],
        totals: [
          { label: F.units, value: count(s.units) },
          { label: F.cost, value: money(s.totalCost) },
          ...s.bands.map((b) => ({ label: b.label, value: `${count(b.units)} · ${money(b.cost)}` })),
        ],
      };
    },
  },
  19: {
    read: withSummary('products'),
    footer: (page: readonly MarginRow[], result: ReportResult<MarginRow>) => {
      const s = result.summary as MarginReport['summary'];
      return {
        page: marginPageSums(page),
        totals: [
          { label: F.units, value: count(s.quantity) },
          ...marginTotals(s),
          { label: F.cardFees, value: money(s.cardFees) },
          {
            label: F.marginAfterCardFees,
            value: `${money(s.marginAfterCardFees)} · ${formatCell('percent', s.marginAfterCardFeesPercentage)}`,
          },
        ],
      };
    },
  },
  21: {
    read: withSummary('periods'),
    footer: (page: readonly RevenueRow[], result: ReportResult<RevenueRow>) => {
      const s = result.summary as RevenueReport['summary'];
      return {
        page: marginPageSums(page),
        totals: [{ label: F.orders, value: count(s.orders) }, ...marginTotals(s)],
      };
    },
  },
  20: {
    read: withSummary('settlements'),
    footer: (page: readonly CardSettlementRow[], result: ReportResult<CardSettlementRow>) => {
      const s = result.summary as CardSettlementReport['summary'];
      return {
        page: [
          { label: F.grossAmount, value: money(sumMoney(page, (r) => r.gross)) },
          { label: F.fee, value: money(sumMoney(page, (r) => r.fee)) },
          { label: F.netAmount, value: money(sumMoney(page, (r) => r.net)) },
        ],
        totals: [
          { label: F.settlements, value: count(s.settlements) },
          { label: F.grossAmount, value: money(s.gross) },
          { label: F.fee, value: money(s.fee) },
          { label: F.netAmount, value: money(s.net) },
        ],
        table: {
          title: F.byDay,
          headers: [F.day, F.settlements, F.grossAmount, F.fee, F.netAmount],
          rows: s.days.map((d) => [
            formatDate(d.date),
            count(d.settlements),
            money(d.gross),
            money(d.fee),
            money(d.net),
          ]),
        },
      };
    },
  },
};

// biome-ignore lint/suspicious/noExplicitAny: each definition is typed by its own rows; the table is generic
type AnyDefinition = ReportDefinition<any>;

/** The general reports (the spec's 17 in its order, then ours): the registry's entries with the screen's parts. */
export const REPORTS: AnyDefinition[] = GENERAL_REPORT_REGISTRY.map((entry) => {
  const part = screenParts[entry.number];
  return {
    id: entry.number,
    label: entry.label,
    filters: entry.filters,
    paged: entry.paged,
    opens: entry.opens,
    fetch: (f: ReportFilters, paging?: Paging) =>
      part.read(
        pathOf(entry, f),
        entry.paged ? paging : undefined,
        entry.filters.choice && f.choice ? { [entry.filters.choice.param]: f.choice } : undefined,
      ),
    columns: (f: ReportFilters) => [...entry.columns(f.level ?? 0, f.choice)],
    footer: part.footer,
  };
});

export function reportById(id: number | null | undefined): AnyDefinition | undefined {
  return REPORTS.find((report) => report.id === id);
}

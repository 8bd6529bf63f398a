import { z } from 'zod';
import { digitsParamSchema, idParamSchema } from './ids';
import { CARD_KINDS } from './order-payments';
import { pageQueryParams } from './paging';
import { payablesDueSchema } from './payables';

/**
 * The dashboard and the reports (spec sections 2, 3 and 7; every definition in docs/reports.md).
 * Money is reais with two decimals; instants are ISO strings (UTC); periods follow `parsePeriod`.
 */

/** The five dashboard charts' report types, stored in localStorage for /admin/reportDetail. */
export const REPORT_TYPES = [
  'topTenSigned',
  'mostViewedProd',
  'searchedTerms',
  'topTenSellers',
  'searchedButInexistent',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The localStorage key holding the chosen chart's report type. */
export const REPORT_TYPE_STORAGE_KEY = 'reportType';

/** Top-ten charts hold ten rows; the dashboard's default period is the last 7 São Paulo days, today included. */
export const REPORT_LIMITS = { topTen: 10, dashboardDays: 7, defaultItems: 100, maxItems: 1000 } as const;

/** The 17 general reports, numbered as the spec's selector (section 2). */
export const GENERAL_REPORTS = {
  1: 'Clientes que mais compraram',
  2: 'Clientes que menos compraram',
  3: 'Produtos mais vendidos',
  4: 'Produtos menos vendidos',
  5: 'Produtos com estoque baixo',
  6: 'Pedidos por motoboy',
  7: 'Estoque x vendas',
  8: 'Trocas por atendente',
  9: 'Devoluções por atendente',
  10: 'Trocas por motoboy',
  11: 'Devoluções por motoboy',
  12: 'Pedidos por atendente',
  13: 'Clientes por motoboy',
  14: 'Pedidos aguardando motoboy',
  15: 'Marcas e referências',
  16: 'Pedidos por depósito (transferência e Pix)',
  17: 'Clientes com entrega imediata',
  // Beyond the spec (issue 17 §7): the money tied up in phones, by how long each has been on the shelf.
  18: 'Aparelhos em estoque por tempo',
  // Issue 38 §3: what each product earned in the period after the discounts given at sale time.
  19: 'Margem',
  // Issue 38 §2: when the acquirer pays the shop each card sale, instalment by instalment (the cash flow).
  20: 'Recebimentos de cartão',
  // Issue 39 §5: what the shop sold per day, week or month, its cost and margin, exchanges and returns netted.
  21: 'Faturamento por período',
} as const;

export const REPORT_TEXTS = {
  orderInvalid: 'Ordem inválida: use desc ou asc.',
  levelInvalid: 'Nível inválido: use 0 (todos), 1 (Ouro), 2 (Prata) ou 3 (Bronze).',
  idInvalid: 'Identificador inválido.',
  employeeNotFound: 'Funcionário não encontrado.',
  orderNotFound: 'Pedido não encontrado.',
  pageInvalid: 'Página inválida: informe um número inteiro a partir de 0.',
  itemsInvalid: `Itens por página inválidos: informe de 1 a ${REPORT_LIMITS.maxItems}.`,
  marginGroupInvalid: 'Agrupamento inválido: use product, brand, customer, attendant ou month.',
  revenueBucketInvalid: 'Período de agrupamento inválido: use day, week ou month.',
} as const;

export const PAYMENT_DESCRIPTIONS = {
  CASH: 'Dinheiro',
  BANK_TRANSFER: 'Depósito',
  PIX: 'Pix',
  CARD: 'Cartão',
  CREDIT: 'A prazo',
} as const;

// ---------- path and query values ----------
export const reportOrderSchema = z.enum(['desc', 'asc'], { error: REPORT_TEXTS.orderInvalid });
export const reportLevelSchema = digitsParamSchema(
  z.number().int().min(0, REPORT_TEXTS.levelInvalid).max(3, REPORT_TEXTS.levelInvalid),
  REPORT_TEXTS.levelInvalid,
);
export const reportIdSchema = idParamSchema(REPORT_TEXTS.idInvalid);

const reportPaging = pageQueryParams(REPORT_TEXTS, { maxPage: 1_000_000, maxItems: REPORT_LIMITS.maxItems });
/**
 * Optional paging of a list report: without it the whole list (as the spec's screens read it); with
 * `page` (0-based) or `items` (1–1000, default 100) one page, and `total` counts every row.
 */
export const reportPagingSchema = z.object({
  page: reportPaging.page.optional(),
  items: reportPaging.items.optional(),
});
export type ReportPaging = z.infer<typeof reportPagingSchema>;

// ---------- dashboard and charts ----------
export const dashboardSchema = z.object({
  /** Active (not archived) products with stock above zero. */
  availableProducts: z.number().int(),
  /** Customers whose sign-up waits for approval. */
  customersAwaitingApproval: z.number().int(),
  /** 'A pagar nos próximos 7 dias' (issue 39): only for who holds bo:manage:purchases (absent otherwise). */
  payablesDue: payablesDueSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The dashboard's first row (issue 20 §4): today's figures, each leading to the screen that handles it.
 * Money in reais with two decimals (integer cents inside). "Today" is the São Paulo day.
 */
export const dashboardTodaySchema = z.object({
  /** The São Paulo day the figures are of (YYYY-MM-DD). */
  day: z.string(),
  /**
   * Today's revenue in reais, as report 21 'Faturamento' counts it (issue 54 §4): the sales placed today, neither
   * cancelled nor refused — goods less discounts + freight + services — less the exchanges and returns registered today.
   */
  salesToday: z.number(),
  /** The same, on the same weekday last week (the whole day). */
  salesSameWeekdayLastWeek: z.number(),
  /** Orders waiting at each open stage, in the order of DASHBOARD_WAITING_STATUSES (zeros included). */
  waiting: z.array(z.object({ status: z.number().int(), orders: z.number().int() })),
  /** Cash the couriers collect at the door: cash orders awaiting a courier or out for delivery, in reais. */
  cashToCollect: z.number(),
  /** The cash orders counted in cashToCollect. */
  cashOrders: z.number().int(),
  /** Customers whose sign-up waits for approval. */
  customersAwaitingApproval: z.number().int(),
  /** 'A pagar nos próximos 7 dias' (issue 39): only for who holds bo:manage:purchases (absent otherwise). */
  payablesDue: payablesDueSchema.optional(),
});
export type DashboardToday = z.infer<typeof dashboardTodaySchema>;

/** The stages whose waiting orders the dashboard's first row counts, in the order the work flows. */
export const DASHBOARD_WAITING_STATUSES = [11, 10, 1, 2, 3, 15] as const;

/** Today's sales against the same weekday last week, as a whole percentage; null when last week sold nothing. */
export function salesChangePercent(today: number, lastWeek: number): number | null {
  if (lastWeek <= 0) return null;
  return Math.round(((today - lastWeek) / lastWeek) * 100);
}

export const searchedTermRowSchema = z.object({ term: z.string(), count: z.number().int() });
export type SearchedTermRow = z.infer<typeof searchedTermRowSchema>;
export const viewedProductRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  code: z.string(),
  count: z.number().int(),
});
export type ViewedProductRow = z.infer<typeof viewedProductRowSchema>;
export const signedInCustomerRowSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  email: z.string(),
  count: z.number().int(),
});
export type SignedInCustomerRow = z.infer<typeof signedInCustomerRowSchema>;
/** Product rank rows (best/worst-selling, the sold chart). */
export const productRankRowSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  code: z.string(),
  quantity: z.number().int(),
});
export type ProductRankRow = z.infer<typeof productRankRowSchema>;

// ---------- general reports ----------
export const customerPurchaseRowSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  orders: z.number().int(),
  total: z.number(),
});
export type CustomerPurchaseRow = z.infer<typeof customerPurchaseRowSchema>;

export const lowStockRowSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  code: z.string(),
  stock: z.number().int(),
  stockAlert: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRowSchema>;

export const reportOrderRowSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  createdAt: z.string(),
  /** When the courier collected it (first EM_ENTREGA / EM_ENTREGA_IMEDIATA), or null. */
  shippedDate: z.string().nullable(),
  customerName: z.string(),
  paymentDescription: z.string(),
  subTotal: z.number(),
  totalExchange: z.number(),
  totalReturn: z.number(),
  /** Freight: shipping cost + fast-delivery tax (the spec's totalDiscount, shown as freight). */
  totalDiscount: z.number(),
  totalWarranty: z.number(),
  /** Issue 38: what the discounts given at sale time took off the goods (always sent; optional for old clients). */
  discount: z.number().optional(),
  /** What the order finally brought in: its total minus what was returned. */
  difference: z.number(),
});
export type ReportOrderRow = z.infer<typeof reportOrderRowSchema>;

export const reportOrderTotalsSchema = z.object({
  orders: z.number().int(),
  totalSales: z.number(),
  totalDiscountInBankTransfer: z.number(),
  totalDiscountInCash: z.number(),
  totalDiscountInPix: z.number(),
  totalWarrantyBankTransfer: z.number(),
  totalWarrantyInCash: z.number(),
  totalWarrantyPix: z.number(),
  totalBankTransferDifference: z.number(),
  totalCashDifference: z.number(),
  totalPixDifference: z.number(),
  /** The same three figures of card orders (issue 38: optional, section 7's clients know the three methods). */
  totalDiscountInCard: z.number().optional(),
  totalWarrantyCard: z.number().optional(),
  totalCardDifference: z.number().optional(),
  /** Sales on credit (issue 40): the same three sums. */
  totalDiscountInCredit: z.number().optional(),
  totalWarrantyCredit: z.number().optional(),
  totalCreditDifference: z.number().optional(),
  totalDifference: z.number(),
});
export type ReportOrderTotals = z.infer<typeof reportOrderTotalsSchema>;
export const orderReportSchema = z.object({
  orders: z.array(reportOrderRowSchema),
  summary: reportOrderTotalsSchema,
  total: z.number().int(),
});
export type OrderReport = z.infer<typeof orderReportSchema>;

export const stockSalesRowSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  stock: z.number().int(),
  unitPurchasePrice: z.number(),
  totalPurchase: z.number(),
  unitSalesPrice: z.number().optional(),
  totalSales: z.number().optional(),
  unitSalesPriceGold: z.number().optional(),
  totalSalesGold: z.number().optional(),
  unitSalesPriceSilver: z.number().optional(),
  totalSalesSilver: z.number().optional(),
  unitSalesPriceBronze: z.number().optional(),
  totalSalesBronze: z.number().optional(),
});
export type StockSalesRow = z.infer<typeof stockSalesRowSchema>;
export const stockSalesSummarySchema = z.object({
  products: z.number().int(),
  stock: z.number().int(),
  totalAmountPurchase: z.number(),
  totalAmountSales: z.number().optional(),
  totalAmountSalesGold: z.number().optional(),
  totalAmountSalesSilver: z.number().optional(),
  totalAmountSalesBronze: z.number().optional(),
});
export type StockSalesSummary = z.infer<typeof stockSalesSummarySchema>;
export const stockSalesReportSchema = z.object({
  level: z.number().int(),
  products: z.array(stockSalesRowSchema),
  summary: stockSalesSummarySchema,
  total: z.number().int(),
});
export type StockSalesReport = z.infer<typeof stockSalesReportSchema>;

/** Report 18: one phone (unit) in stock, with the whole days since it entered (São Paulo calendar days). */
export const unitAgeRowSchema = z.object({
  unitId: z.number().int(),
  imei: z.string(),
  imei2: z.string().nullable(),
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  enteredAt: z.string(),
  days: z.number().int(),
  cost: z.number(),
});
export type UnitAgeRow = z.infer<typeof unitAgeRowSchema>;

/** Report 18's age bands: up to `maxDays` days on the shelf (the last band has no end). */
export const UNIT_AGE_BANDS = [
  { maxDays: 30, label: 'Até 30 dias' },
  { maxDays: 60, label: '31 a 60 dias' },
  { maxDays: 90, label: '61 a 90 dias' },
  { maxDays: 180, label: '91 a 180 dias' },
  { maxDays: null, label: 'Mais de 180 dias' },
] as const;

export const unitAgeReportSchema = z.object({
  units: z.array(unitAgeRowSchema),
  summary: z.object({
    units: z.number().int(),
    totalCost: z.number(),
    /** One per UNIT_AGE_BANDS entry, in its order. */
    bands: z.array(z.object({ label: z.string(), units: z.number().int(), cost: z.number() })),
  }),
  total: z.number().int(),
});
export type UnitAgeReport = z.infer<typeof unitAgeReportSchema>;

export const exchangeRowSchema = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  customerName: z.string(),
  exchangeOrderId: z.number().int().nullable(),
  exchangeOrderCode: z.string().nullable(),
  exchangeProductName: z.string(),
  exchangeQuantity: z.number().int(),
  exchangePrice: z.number(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type ExchangeRow = z.infer<typeof exchangeRowSchema>;
export const returnRowSchema = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  customerName: z.string(),
  returnOrderId: z.number().int().nullable(),
  returnOrderCode: z.string().nullable(),
  returnProductName: z.string(),
  returnQuantity: z.number().int(),
  returnPrice: z.number(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type ReturnRow = z.infer<typeof returnRowSchema>;

export const delivererCustomerRowSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  neighborhood: z.string().nullable(),
  level: z.number().int(),
  shippingCost: z.number(),
});
export type DelivererCustomerRow = z.infer<typeof delivererCustomerRowSchema>;

export const awaitingCourierRowSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  customerName: z.string(),
  neighborhood: z.string().nullable(),
  status: z.number().int(),
  fastDelivery: z.boolean(),
  total: z.number(),
  createdAt: z.string(),
  /** Since when it waits (the last status change). */
  updatedAt: z.string(),
});
export type AwaitingCourierRow = z.infer<typeof awaitingCourierRowSchema>;

export const brandReferenceRowSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  productName: z.string(),
  reference: z.string(),
  brand: z.string(),
  archived: z.boolean(),
});
export type BrandReferenceRow = z.infer<typeof brandReferenceRowSchema>;

export const depositOrderRowSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  customerName: z.string(),
  paymentDescription: z.string(),
  createdAt: z.string(),
  total: z.number(),
});
export type DepositOrderRow = z.infer<typeof depositOrderRowSchema>;
export const depositReportSchema = z.object({
  orders: z.array(depositOrderRowSchema),
  summary: z.object({
    orders: z.number().int(),
    totalBankTransfer: z.number(),
    totalPix: z.number(),
    total: z.number(),
  }),
  total: z.number().int(),
});
export type DepositReport = z.infer<typeof depositReportSchema>;

/**
 * Report 20 'Recebimentos de cartão' (issue 38 §2): one payment the acquirer is due to make of a confirmed card
 * part (`cardPartSettlements`): the day (YYYY-MM-DD), the order, débito or crédito, the brand, instalment n of
 * N, and its gross, fee and net in reais.
 */
export const cardSettlementRowSchema = z.object({
  date: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  paymentId: z.number().int(),
  kind: z.enum(CARD_KINDS),
  /** Débito or Crédito, as the table, the CSV and the printout show it. */
  kindLabel: z.string(),
  brand: z.string(),
  instalment: z.number().int(),
  instalments: z.number().int(),
  /** 'n/N' (1/3). */
  instalmentOf: z.string(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
});
export type CardSettlementRow = z.infer<typeof cardSettlementRowSchema>;

const settlementFiguresSchema = z.object({
  settlements: z.number().int(),
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
});

/** Report 20's answer: a page of payments (by day, order code, instalment), the period's and each day's totals. */
export const cardSettlementReportSchema = z.object({
  settlements: z.array(cardSettlementRowSchema),
  total: z.number().int(),
  summary: settlementFiguresSchema.extend({
    /** Every day of the period with a payment, in order, with its totals. */
    days: z.array(settlementFiguresSchema.extend({ date: z.string() })),
  }),
});
export type CardSettlementReport = z.infer<typeof cardSettlementReportSchema>;

export const fastDeliveryCustomerRowSchema = z.object({
  customerId: z.number().int(),
  name: z.string(),
  email: z.string(),
  neighborhood: z.string().nullable(),
  fastDeliveryTax: z.number(),
  orders: z.number().int(),
  lastOrderAt: z.string(),
});
export type FastDeliveryCustomerRow = z.infer<typeof fastDeliveryCustomerRowSchema>;
/**
 * Report 17's answer: the customers (all of them, as the spec's list, or a page with `?page&items`), how many there
 * are and how many fast-delivery sales they made in all (issue 59: a long list pages on the server).
 */
export const fastDeliveryCustomersSchema = z.object({
  data: z.array(fastDeliveryCustomerRowSchema),
  total: z.number().int(),
  orders: z.number().int(),
});
export type FastDeliveryCustomers = z.infer<typeof fastDeliveryCustomersSchema>;

export const adjustedItemSchema = z.object({
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  createdAt: z.string(),
});
export const adjustmentOrderDetailSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  customerName: z.string(),
  items: z.array(z.object({ productName: z.string(), quantity: z.number().int(), unitPrice: z.number() })),
  /** The parts of the order's total: totalItems + shippingCost + fastDeliveryTax + warranty − discount = orderTotal. */
  totalItems: z.number(),
  shippingCost: z.number(),
  fastDeliveryTax: z.number(),
  warranty: z.number(),
  discount: z.number(),
  /** The order's own total (what the sale charged). */
  orderTotal: z.number(),
  /** The exchanged (or returned) goods of the order. */
  adjustments: z.array(adjustedItemSchema),
  totalExchange: z.number().optional(),
  totalReturn: z.number().optional(),
  /** What the order brought in: orderTotal for an exchange, orderTotal − totalReturn for a return. */
  total: z.number(),
});
export type AdjustmentOrderDetail = z.infer<typeof adjustmentOrderDetailSchema>;

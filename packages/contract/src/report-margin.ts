import { z } from 'zod';
import { formatDay } from './clock';
import { labelledValues } from './labelled-values';
import { REPORT_TEXTS, reportPagingSchema } from './reports';

/**
 * Reports 19 'Margem' and 21 'Faturamento por período' (issue 39 §5, issue 54 §4): their groups, buckets, queries,
 * rows and the margin's percentage. The one revenue they sum is the API's `lib/sale-money.ts`.
 */

/** How report 19 groups its rows (issue 39 §5): by product (the default), brand, customer, attendant or month. */
export const MARGIN_GROUP_LABELS = {
  product: 'Produto',
  brand: 'Marca',
  customer: 'Cliente',
  attendant: 'Atendente',
  month: 'Mês',
};
export const MARGIN_GROUPS = labelledValues(MARGIN_GROUP_LABELS);
export type MarginGroup = (typeof MARGIN_GROUPS)[number];
/** The attendant of an order placed in the shop app (no attendant). */
export const NO_ATTENDANT_LABEL = 'Sem atendente (aplicativo)';

/**
 * Report 19's row of the sales' freight and services (shipping, fast-delivery tax, a repair's labour, the
 * warranty) when it groups by product or brand: they belong to no product (issue 54 §4).
 */
export const FREIGHT_AND_SERVICES_LABEL = 'Frete e serviços';
export const FREIGHT_AND_SERVICES_KEY = 'services';

/** How report 21 groups the period: by day, week (Monday to Sunday) or month, in the business's time zone. */
export const REVENUE_BUCKET_LABELS = { day: 'Dia', week: 'Semana', month: 'Mês' };
export const REVENUE_BUCKETS = labelledValues(REVENUE_BUCKET_LABELS);
export type RevenueBucket = (typeof REVENUE_BUCKETS)[number];

export const marginQuerySchema = reportPagingSchema.extend({
  groupBy: z.enum(MARGIN_GROUPS, { error: REPORT_TEXTS.marginGroupInvalid }).optional(),
});
export type MarginQuery = z.infer<typeof marginQuerySchema>;
export const revenueQuerySchema = reportPagingSchema.extend({
  bucket: z.enum(REVENUE_BUCKETS, { error: REPORT_TEXTS.revenueBucketInvalid }).optional(),
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/**
 * Report 19 'Margem' (issue 38 §3, grouped and netted by issue 39 §5): one group's sales in the period (orders
 * placed then, not cancelled), its goods at the prices sold (gross), the discounts given on its lines (their
 * own and their share of the order's), the exchanges and returns registered in the period (`returns`: the goods
 * that came back at the price paid less the replacements given at their price; decision 0046), what it brought
 * in (net = gross − discount − returns), its cost (a unit entered by IMEI at its own cost, the rest of a sale
 * line at the average cost recorded on it, less what came back at that cost, plus the replacements at theirs),
 * the margin (net − cost) and the margin % of the net (two decimals; 0 when nothing was brought in). Each sale's
 * freight and services (shipping, fast-delivery tax, a repair's labour, the warranty) are revenue too, with no
 * cost: by product or brand a row of their own (`FREIGHT_AND_SERVICES_KEY`, 'Frete e serviços'); the one
 * definition of a sale's money (issue 54 §4). `quantity` is units sold − returned + given. A row names its
 * group: `key` (the product's, brand's, customer's or attendant's id, or the month YYYY-MM), `name`; a product
 * row also its `productId` and `code`.
 */
export const marginRowSchema = z.object({
  key: z.string(),
  productId: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  quantity: z.number().int(),
  gross: z.number(),
  discount: z.number(),
  returns: z.number(),
  net: z.number(),
  cost: z.number(),
  margin: z.number(),
  marginPercentage: z.number(),
});
export type MarginRow = z.infer<typeof marginRowSchema>;

/**
 * Report 19's answer: a page of products (the largest margin first) and the period's totals. The acquirer's
 * fees are the order's, not a product's: the totals add `cardFees` (the fees of the confirmed card parts of the
 * period's orders, as recorded) and `marginAfterCardFees` = margin − cardFees, with its % of the net.
 */
export const marginReportSchema = z.object({
  products: z.array(marginRowSchema),
  total: z.number().int(),
  summary: marginRowSchema
    .pick({
      quantity: true,
      gross: true,
      discount: true,
      returns: true,
      net: true,
      cost: true,
      margin: true,
      marginPercentage: true,
    })
    .extend({
      cardFees: z.number(),
      marginAfterCardFees: z.number(),
      marginAfterCardFeesPercentage: z.number(),
    }),
});
export type MarginReport = z.infer<typeof marginReportSchema>;

/**
 * Report 21 'Faturamento por período' (issue 39 §5): each day, week or month of the period with sales or
 * exchanges and returns, oldest first — `period` its first day (YYYY-MM-DD, business time zone), the sales
 * placed in it (`orders`), and the figures of report 19 over them (the one revenue: goods, freight and services,
 * issue 54 §4), exchanges and returns netted when they were registered.
 */
export const revenueRowSchema = marginRowSchema
  .pick({ gross: true, discount: true, returns: true, net: true, cost: true, margin: true, marginPercentage: true })
  .extend({ period: z.string(), label: z.string(), orders: z.number().int() });
export type RevenueRow = z.infer<typeof revenueRowSchema>;
export const revenueReportSchema = z.object({
  periods: z.array(revenueRowSchema),
  total: z.number().int(),
  summary: revenueRowSchema.omit({ period: true, label: true }),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** How report 21 names a bucket from its first day (YYYY-MM-DD): 26/11/2026, 'Semana de 23/11/2026', 11/2026. */
export function revenueBucketLabel(bucket: RevenueBucket, firstDay: string): string {
  const date = formatDay(firstDay);
  if (bucket === 'month') return date.slice(3);
  return bucket === 'week' ? `Semana de ${date}` : date;
}

/** The margin % of `netCents` with `costCents`: two decimals, half away from zero; 0 when nothing came in. */
export function marginPercentage(netCents: number, costCents: number): number {
  if (netCents <= 0) return 0;
  const hundredths = ((netCents - costCents) * 10000) / netCents;
  return (Math.sign(hundredths) * Math.round(Math.abs(hundredths))) / 100;
}

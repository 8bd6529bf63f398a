import {
  type CustomerPurchaseRow,
  dayPeriod,
  lastDays,
  type ProductRankRow,
  REPORT_LIMITS,
  type ReportPaging,
  type SearchedTermRow,
  type SignedInCustomerRow,
  type ViewedProductRow,
} from '@backoffice/contract';
import { periodOrThrow } from '../../lib/period';
import { createRankingsRepository } from './rankings.repository';
import { type ReportsContext, reais, TOP_TEN, windowOf } from './report-paging';
import type { Period } from './report-sql';
import { splitPeriod } from './summary-period';

/**
 * The dashboard's default period: the last 7 business days, today included (from 00:00:00 six days ago
 * to 23:59:59 today), by the contract's period rule.
 */
export function lastDaysPeriod(now: Date, days: number = REPORT_LIMITS.dashboardDays) {
  const { first, last } = lastDays(now, days);
  const { start, end } = dayPeriod(first, last);
  return periodOrThrow(start, end);
}

const productRank = (r: { product_id: number; name: string; code: string; n: number }): ProductRankRow => ({
  productId: r.product_id,
  name: r.name,
  code: r.code,
  quantity: r.n,
});

/** The rankings: the dashboard's five charts (top ten of the last 7 days, or of a period) and the general ones. */
export function rankingReports({ db, now }: ReportsContext) {
  const repo = createRankingsRepository();
  const periodOf = (start?: string, end?: string): Period =>
    start === undefined || end === undefined ? lastDaysPeriod(now()) : periodOrThrow(start, end);

  return {
    // ---------- the five charts: top ten of the last 7 days, or of a period ----------
    async searchedTerms(withResult: boolean, start?: string, end?: string): Promise<SearchedTermRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.searchedTerms(db, splitPeriod(from, until), withResult, TOP_TEN);
      return rows.map((r) => ({ term: r.term, count: r.n }));
    },
    async productsViewed(start?: string, end?: string): Promise<ViewedProductRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.productsViewed(db, splitPeriod(from, until), TOP_TEN);
      return rows.map((r) => ({ productId: r.product_id, productName: r.name, code: r.code, count: r.n }));
    },
    async customersSignedIn(start?: string, end?: string): Promise<SignedInCustomerRow[]> {
      const { from, until } = periodOf(start, end);
      const rows = await repo.customersSignedIn(db, splitPeriod(from, until), TOP_TEN);
      return rows.map((r) => ({ customerId: r.customer_id, customerName: r.name, email: r.email, count: r.n }));
    },
    async topTenSold(start?: string, end?: string): Promise<ProductRankRow[]> {
      const { from, until } = periodOf(start, end);
      return (await repo.productsSold(db, splitPeriod(from, until), 'desc', TOP_TEN)).map(productRank);
    },

    // ---------- general reports ----------
    async productsSold(start: string, end: string, order: 'desc' | 'asc', paging: ReportPaging) {
      const { from, until } = periodOrThrow(start, end);
      const split = splitPeriod(from, until);
      const w = windowOf(paging);
      const rows = await repo.productsSold(db, split, order, w);
      // A page past the end has no row to carry the count: count on the first row.
      const total =
        rows[0]?.total_rows ??
        (w.offset ? ((await repo.productsSold(db, split, order, { limit: 1 }))[0]?.total_rows ?? 0) : 0);
      return { data: rows.map(productRank), total };
    },
    async customerPurchases(start: string, end: string, order: 'desc' | 'asc', paging: ReportPaging) {
      const { from, until } = periodOrThrow(start, end);
      const split = splitPeriod(from, until);
      const w = windowOf(paging);
      const rows = await repo.customerPurchases(db, split, order, w);
      const total =
        rows[0]?.total_rows ??
        (w.offset ? ((await repo.customerPurchases(db, split, order, { limit: 1 }))[0]?.total_rows ?? 0) : 0);
      const data: CustomerPurchaseRow[] = rows.map((r) => ({
        customerId: r.customer_id,
        name: r.name,
        email: r.email,
        level: r.level,
        orders: r.n,
        total: reais(Number(r.total_cents)),
      }));
      return { data, total };
    },
  };
}

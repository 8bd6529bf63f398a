import {
  businessTimeZone,
  type MarginGroup,
  type MarginQuery,
  type MarginReport,
  marginPercentage,
  type RevenueQuery,
  type RevenueReport,
  revenueBucketLabel,
} from '@backoffice/contract';
import { periodOrThrow } from '../../lib/period';
import { createMarginPrepared, isPreparedGroup } from './margin-prepared';
import { createMarginReportsRepository, type MarginFigures } from './margin-reports.repository';
import { bucketedPlan, type MarginPlan, marginPlan } from './margin-summary';
import { type ReportsContext, reais, windowOf } from './report-paging';
import type { Window } from './report-sql';

/** Cents of report 19's and 21's sums: net = gross − discount − exchanges and returns. */
function marginFigureCents(f: MarginFigures) {
  const gross = Number(f.gross_cents);
  const discount = Number(f.discount_cents);
  const returns = Number(f.returns_cents);
  return { gross, discount, returns, net: gross - discount - returns, cost: Number(f.cost_cents) };
}

/** Report 19's and 21's figures in reais, with the margin and its % of the net. */
function marginFigures(f: MarginFigures) {
  const { gross, discount, returns, net, cost } = marginFigureCents(f);
  return {
    quantity: f.quantity,
    gross: reais(gross),
    discount: reais(discount),
    returns: reais(returns),
    net: reais(net),
    cost: reais(cost),
    margin: reais(net - cost),
    marginPercentage: marginPercentage(net, cost),
  };
}

/** Reports 19 'Margem' and 21 'Faturamento por período', both from `marginLines` through the margin summary. */
export function marginReports({ db }: ReportsContext) {
  const repo = createMarginReportsRepository();
  const prepared = createMarginPrepared();
  /** Report 19's page and its count: from the kept groups where they serve, else summed by SQL. */
  async function marginPage(plan: MarginPlan, group: MarginGroup, window: Window) {
    const fast = isPreparedGroup(group) ? await prepared.page(db, group, plan, window) : null;
    if (fast) return fast;
    const rows = await repo.margin(db, plan, group, window);
    // The rows carry their count; a page past the last counts apart.
    const total = rows[0]?.total ?? (window.offset ? await repo.marginGroupCount(db, plan, group) : 0);
    return { rows, total };
  }
  return {
    /**
     * Report 19 'Margem' (issue 38 §3; grouped, exchanges and returns netted by issue 39 §5): each group's
     * margin after the discounts given at sale time and what came back.
     */
    async margin(start: string, end: string, query: MarginQuery): Promise<MarginReport> {
      const { from, until } = periodOrThrow(start, end);
      const group = query.groupBy ?? 'product';
      const plan = await marginPlan(db, from, until, 'rest');
      // By month: the months of the business's calendar.
      const groups = group === 'month' ? await bucketedPlan(db, from, until, businessTimeZone(), 'months') : plan;
      const window = windowOf(query);
      const [{ rows, total }, totals] = await Promise.all([
        marginPage(groups, group, window),
        repo.marginTotals(db, plan),
      ]);
      const cardFeeCents = Number(totals.fee_cents);
      const { net, cost } = marginFigureCents(totals);
      return {
        products: rows.map((row) => ({
          key: row.key,
          productId: row.product_id,
          name: group === 'month' ? revenueBucketLabel('month', `${row.key}-01`) : (row.name ?? ''),
          code: row.code,
          ...marginFigures(row),
        })),
        total,
        summary: {
          ...marginFigures(totals),
          cardFees: reais(cardFeeCents),
          marginAfterCardFees: reais(net - cost - cardFeeCents),
          // The margin % after the fees: the fees counted as a cost of the net.
          marginAfterCardFeesPercentage: marginPercentage(net, cost + cardFeeCents),
        },
      };
    },
    /**
     * Report 21 'Faturamento por período' (issue 39 §5): report 19's figures by day, week or month, with the
     * sales of each, oldest first.
     */
    async revenue(start: string, end: string, query: RevenueQuery): Promise<RevenueReport> {
      const { from, until } = periodOrThrow(start, end);
      const bucket = query.bucket ?? 'day';
      // Days and weeks read the daily rows; months the monthly ones too; the totals the rest-of-year rows.
      const plan = await bucketedPlan(db, from, until, businessTimeZone(), bucket === 'month' ? 'months' : 'days');
      const [rows, total, totals] = await Promise.all([
        repo.revenue(db, plan, bucket, windowOf(query)),
        repo.revenueBucketCount(db, plan, bucket),
        marginPlan(db, from, until, 'rest').then((whole) => repo.marginTotals(db, whole)),
      ]);
      const { quantity: _rows, ...summary } = marginFigures(totals);
      return {
        periods: rows.map((row) => {
          const { quantity: _units, ...figures } = marginFigures(row);
          return { period: row.period, label: revenueBucketLabel(bucket, row.period), orders: row.orders, ...figures };
        }),
        total,
        summary: { orders: totals.orders, ...summary },
      };
    },
  };
}

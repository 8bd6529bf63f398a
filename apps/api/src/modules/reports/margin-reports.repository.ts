import {
  businessTimeZone,
  FREIGHT_AND_SERVICES_KEY,
  FREIGHT_AND_SERVICES_LABEL,
  type MarginGroup,
  NO_ATTENDANT_LABEL,
  type RevenueBucket,
} from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';
import type { MarginPlan } from './margin-summary';
import { type MarginDimension, marginRows } from './margin-summary.repository';
import { type Db, rows, type Window, windowOf } from './report-sql';

/** Sums of a margin report (bigint sums travel as text). */
export interface MarginFigures {
  quantity: number;
  gross_cents: string;
  discount_cents: string;
  /** Exchanges and returns: goods back at the price paid less replacements at theirs (reports 19 and 21). */
  returns_cents: string;
  cost_cents: string;
}

/** The sums of `marginLines` (alias `l`), as text (bigint). */
const marginSums = sql`coalesce(sum(l.quantity), 0)::int as quantity, coalesce(sum(l.gross), 0)::text as gross_cents,
  coalesce(sum(l.discount), 0)::text as discount_cents, coalesce(sum(l.returns), 0)::text as returns_cents,
  coalesce(sum(l.cost), 0)::text as cost_cents`;
const marginOf = sql`sum(l.gross) - sum(l.discount) - sum(l.returns) - sum(l.cost)`;

/** Report 19's groups: the group's key, name, product code and id (a product row), and what it joins. */
export const MARGIN_GROUPS: Record<MarginGroup, { select: RawBuilder<unknown>; joins: RawBuilder<unknown> }> = {
  // Freight and services have no product: one row of their own, 'Frete e serviços'.
  product: {
    select: sql`coalesce(l.product_id::text, ${FREIGHT_AND_SERVICES_KEY}::text) as key,
      coalesce(p.name, ${FREIGHT_AND_SERVICES_LABEL}::text) as name, p.code, l.product_id`,
    joins: sql`left join products p on p.id = l.product_id`,
  },
  brand: {
    select: sql`coalesce(b.id::text, ${FREIGHT_AND_SERVICES_KEY}::text) as key,
      coalesce(b.name, ${FREIGHT_AND_SERVICES_LABEL}::text) as name, null::text as code, null::integer as product_id`,
    joins: sql`left join products p on p.id = l.product_id left join brands b on b.id = p.brand_id`,
  },
  customer: {
    select: sql`c.id::text as key, c.name, null::text as code, null::integer as product_id`,
    joins: sql`join customers c on c.id = l.customer_id`,
  },
  attendant: {
    select: sql`coalesce(e.id::text, '') as key, coalesce(e.name, ${NO_ATTENDANT_LABEL}::text) as name,
      null::text as code, null::integer as product_id`,
    joins: sql`left join employees e on e.id = l.attendant_id`,
  },
  month: {
    // The day's month (the business's, or the summary's São Paulo month); named by the service as report 21 names
    // its months (`revenueBucketLabel`).
    select: sql`to_char(l.day, 'YYYY-MM') as key,
      null::text as name, null::text as code, null::integer as product_id`,
    joins: sql``,
  },
};

/** The dimension of the margin summary each group of report 19 sums (a brand: its products'; a month: the whole). */
const GROUP_DIMENSION: Record<MarginGroup, MarginDimension> = {
  product: 'P',
  brand: 'P',
  customer: 'C',
  attendant: 'A',
  month: 'T',
};

/**
 * Reports 19 'Margem' and 21 'Faturamento por período': the lines of `marginLines`, grouped and summed, read through
 * a plan (`margin-summary.ts`): the summary's rows for the days and months it holds, the raw lines for the rest.
 */
export function createMarginReportsRepository() {
  const linesOf = (dimension: MarginDimension, plan: MarginPlan, fees = false) =>
    marginRows(dimension, plan.pieces, plan.raw, businessTimeZone(), fees);
  return {
    /**
     * Report 19 'Margem': per group of what was sold in the period (orders placed then, not cancelled), the units,
     * the goods at the prices sold, the discounts on its lines, what came back and the cost recorded; the largest
     * margin (gross − discount − returns − cost) first, then the key.
     */
    margin(db: Db, plan: MarginPlan, group: MarginGroup, w: Window) {
      const { select, joins } = MARGIN_GROUPS[group];
      return rows(
        db,
        sql<
          MarginFigures & { key: string; name: string | null; code: string | null; product_id: number | null }
        >`with l as (${linesOf(GROUP_DIMENSION[group], plan)})
          select ${select}, ${marginSums}
          from l ${joins}
          group by 1, 2, 3, 4
          order by ${marginOf} desc, 1 ${windowOf(w)}`,
      );
    },

    /** How many groups report 19 lists. */
    async marginGroupCount(db: Db, plan: MarginPlan, group: MarginGroup): Promise<number> {
      const { select, joins } = MARGIN_GROUPS[group];
      const result = await sql<{ n: number }>`with l as (${linesOf(GROUP_DIMENSION[group], plan)})
        select count(*)::int as n from (select ${select} from l ${joins} group by 1, 2, 3, 4) g`.execute(db);
      return result.rows[0]?.n ?? 0;
    },

    /** Report 19's and 21's totals over the whole period, the sales counted and their card fees. */
    async marginTotals(db: Db, plan: MarginPlan) {
      const result = await sql<
        MarginFigures & { orders: number; fee_cents: string }
      >`with l as (${linesOf('T', plan, true)})
        select coalesce(sum(l.orders), 0)::int as orders, coalesce(sum(l.card_fee), 0)::text as fee_cents, ${marginSums}
        from l`.execute(db);
      return result.rows[0] as MarginFigures & { orders: number; fee_cents: string };
    },

    /** How many days, weeks or months report 21 lists. */
    async revenueBucketCount(db: Db, plan: MarginPlan, bucket: RevenueBucket): Promise<number> {
      const result = await sql<{ n: number }>`with l as (${linesOf('T', plan)})
        select count(distinct date_trunc(${bucket}::text, l.day::timestamp))::int as n from l where l.lines > 0`.execute(
        db,
      );
      return result.rows[0]?.n ?? 0;
    },

    /**
     * Report 21 'Faturamento por período': the lines by day, week (from Monday) or month of the business's zone,
     * oldest first; each bucket's first day (YYYY-MM-DD) and its sales.
     */
    revenue(db: Db, plan: MarginPlan, bucket: RevenueBucket, w: Window) {
      return rows(
        db,
        sql<MarginFigures & { period: string; orders: number }>`with l as (${linesOf('T', plan)})
          select to_char(date_trunc(${bucket}::text, l.day::timestamp), 'YYYY-MM-DD') as period,
            coalesce(sum(l.orders), 0)::int as orders, ${marginSums}
          from l where l.lines > 0 group by 1 order by 1 ${windowOf(w)}`,
      );
    },
  };
}

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
import { type Instants, type MarginDimension, marginRows, type SummaryPiece } from './margin-summary.repository';
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

/**
 * Report 19's groups, summed by an id first (`id`, with what it needs joined: `inner`), then paged, then named: the
 * group's key (`key`, of `g.id`), name, product code and id (a product row), and what naming joins (`names`).
 */
interface MarginGroupSql {
  id: RawBuilder<unknown>;
  inner: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  named: RawBuilder<unknown>;
  names: RawBuilder<unknown>;
}
const NONE = sql``;
export const MARGIN_GROUPS: Record<MarginGroup, MarginGroupSql> = {
  // Freight and services have no product: one row of their own, 'Frete e serviços'.
  product: {
    id: sql`l.product_id`,
    inner: NONE,
    key: sql`coalesce(g.id::text, ${FREIGHT_AND_SERVICES_KEY}::text)`,
    named: sql`coalesce(p.name, ${FREIGHT_AND_SERVICES_LABEL}::text) as name, p.code, k.id::integer as product_id`,
    names: sql`left join products p on p.id = k.id`,
  },
  brand: {
    id: sql`p.brand_id`,
    inner: sql`left join products p on p.id = l.product_id`,
    key: sql`coalesce(g.id::text, ${FREIGHT_AND_SERVICES_KEY}::text)`,
    named: sql`coalesce(b.name, ${FREIGHT_AND_SERVICES_LABEL}::text) as name, null::text as code,
      null::integer as product_id`,
    names: sql`left join brands b on b.id = k.id`,
  },
  // A customer's row of the summary always names one (`key` null: none, left out).
  customer: {
    id: sql`l.customer_id`,
    inner: NONE,
    key: sql`g.id::text`,
    named: sql`c.name, null::text as code, null::integer as product_id`,
    names: sql`join customers c on c.id = k.id`,
  },
  attendant: {
    id: sql`l.attendant_id`,
    inner: NONE,
    key: sql`coalesce(g.id::text, '')`,
    named: sql`coalesce(e.name, ${NO_ATTENDANT_LABEL}::text) as name, null::text as code, null::integer as product_id`,
    names: sql`left join employees e on e.id = k.id`,
  },
  month: {
    // The day's month (the business's, or the summary's São Paulo month); named by the service as report 21 names
    // its months (`revenueBucketLabel`).
    id: sql`to_char(l.day, 'YYYY-MM')`,
    inner: NONE,
    key: sql`g.id`,
    named: sql`null::text as name, null::text as code, null::integer as product_id`,
    names: NONE,
  },
};

/** A group of report 19 summed, unnamed (bigint sums as text), as margin-prepared.ts keeps and adds them. */
export interface MarginGroupSum {
  id: number | null;
  key: string;
  quantity: string;
  gross_cents: string;
  discount_cents: string;
  returns_cents: string;
  cost_cents: string;
  lines: string;
}

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
      const { id, inner, key, named, names } = MARGIN_GROUPS[group];
      return rows(
        db,
        sql<
          MarginFigures & {
            key: string;
            name: string | null;
            code: string | null;
            product_id: number | null;
            total: number;
          }
        >`with l as (${linesOf(GROUP_DIMENSION[group], plan)}),
          g as (select ${id} as id, sum(l.quantity) as quantity, sum(l.gross) as gross, sum(l.discount) as discount,
              sum(l.returns) as returns, sum(l.cost) as cost, ${marginOf} as margin_cents
            from l ${inner} group by 1 having sum(l.lines) > 0),
          k as (select g.*, ${key} as key, count(*) over ()::int as total from g where ${key} is not null
            order by g.margin_cents desc, key ${windowOf(w)})
          select k.key, ${named}, k.quantity::int as quantity, k.gross::text as gross_cents,
            k.discount::text as discount_cents, k.returns::text as returns_cents, k.cost::text as cost_cents, k.total
          from k ${names}
          order by k.margin_cents desc, k.key`,
      );
    },

    /**
     * Report 19's groups of `group` (keyed by an integer id) summed over `pieces` and `raw`, every one (a sum of no
     * line too), unpaged and unnamed; with the summary's version, read in the same statement.
     */
    async groupSums(
      db: Db,
      group: 'product' | 'customer' | 'attendant',
      pieces: SummaryPiece[],
      raw: Instants[],
    ): Promise<{ version: string; sums: MarginGroupSum[] }> {
      const { id, inner, key } = MARGIN_GROUPS[group];
      const result = await sql<MarginGroupSum & { version: string }>`
        with l as (${marginRows(GROUP_DIMENSION[group], pieces, raw, businessTimeZone(), false)}),
        g as (select ${id} as id, sum(l.quantity) as quantity, sum(l.gross) as gross, sum(l.discount) as discount,
          sum(l.returns) as returns, sum(l.cost) as cost, sum(l.lines) as lines from l ${inner} group by 1)
        select v.version::text as version, s.* from report_margin_state v left join lateral (
          select g.id::integer as id, ${key} as key, g.quantity::text as quantity, g.gross::text as gross_cents,
            g.discount::text as discount_cents, g.returns::text as returns_cents, g.cost::text as cost_cents,
            g.lines::text as lines
          from g where ${key} is not null) s on true`.execute(db);
      const version = result.rows[0]?.version as string;
      return { version, sums: result.rows.filter((row) => row.key !== null) };
    },

    /** The products' brands' version (migration 0125) now. */
    async brandVersion(db: Db): Promise<string> {
      const result = await sql<{ version: string }>`select version::text from report_brand_state`.execute(db);
      return result.rows[0]?.version as string;
    },

    /** Every product's brand, with the brands' version read in the same statement. */
    async productBrands(db: Db): Promise<{ version: string; ids: number[]; brands: number[] }> {
      const result = await sql<{ version: string; ids: number[]; brands: number[] }>`
        select (select version::text from report_brand_state) as version,
          coalesce(array_agg(id order by id), '{}') as ids, coalesce(array_agg(brand_id order by id), '{}') as brands
        from products`.execute(db);
      return result.rows[0] as { version: string; ids: number[]; brands: number[] };
    },

    /** The brands of the products `ids` (products made after the brands were last read). */
    async brandsOf(db: Db, ids: number[]): Promise<{ id: number; brand_id: number }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('products').select(['id', 'brand_id']).where('id', 'in', ids).execute();
    },

    /** The names of report 19's groups `page` (in no order): each key's name, code and product id. */
    groupNames(
      db: Db,
      group: 'product' | 'brand' | 'customer' | 'attendant',
      page: { id: number | null; key: string }[],
    ) {
      const { named, names } = MARGIN_GROUPS[group];
      return rows(
        db,
        sql<{ key: string; name: string | null; code: string | null; product_id: number | null }>`
          select k.key, ${named} from unnest(${page.map((g) => g.id)}::int[], ${page.map((g) => g.key)}::text[])
            as k(id, key) ${names}`,
      );
    },

    /** How many groups report 19 lists (a page past the last one holds no row to count them). */
    async marginGroupCount(db: Db, plan: MarginPlan, group: MarginGroup): Promise<number> {
      const { id, inner, key } = MARGIN_GROUPS[group];
      const result = await sql<{ n: number }>`with l as (${linesOf(GROUP_DIMENSION[group], plan)})
        select count(*)::int as n from (select ${id} as id from l ${inner} group by 1 having sum(l.lines) > 0) g
        where ${key} is not null`.execute(db);
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
        select count(*)::int as n from (select date_trunc(${bucket}::text, l.day::timestamp) from l
          group by 1 having sum(l.lines) > 0) b`.execute(db);
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
          from l group by 1 having sum(l.lines) > 0 order by 1 ${windowOf(w)}`,
      );
    },
  };
}

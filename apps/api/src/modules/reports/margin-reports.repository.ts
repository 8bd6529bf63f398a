import {
  businessTimeZone,
  FREIGHT_AND_SERVICES_KEY,
  FREIGHT_AND_SERVICES_LABEL,
  type MarginGroup,
  NO_ATTENDANT_LABEL,
  type RevenueBucket,
} from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';
import { lineCost, orderFreightAndServices, unitCostOr } from '../../lib/sale-money';
import { type Db, rows, SALE, type Window, windowOf } from './report-sql';

/** Sums of a margin report (bigint sums travel as text). */
export interface MarginFigures {
  quantity: number;
  gross_cents: string;
  discount_cents: string;
  /** Exchanges and returns: goods back at the price paid less replacements at theirs (reports 19 and 21). */
  returns_cents: string;
  cost_cents: string;
}

/**
 * What reports 19 and 21 (and the dashboard's 'Vendas hoje') sum (issue 39 §5, issue 54 §4), one row per
 * movement of goods and money in [from, until), by the one definition of a sale's money (`lib/sale-money.ts`):
 * - each line of a sale placed then (not cancelled): its units, goods, discount and cost (`lineCost`: a unit
 *   entered by IMEI at its own cost, the rest at the average cost recorded on the line, decision 0046);
 * - each sale's freight and services (shipping, fast-delivery tax, a repair's labour, the warranty): no product,
 *   no units, no cost, counted once with its order;
 * - each exchange or return registered then (`order_adjustments`, at its own time, of its order's customer and
 *   attendant): the goods that came back, −units, their price paid as `returns` and −units × their cost (the
 *   returned unit's own cost, else the cost recorded on the order's first line of the product);
 * - each exchange's replacement: +units, −units × its price as `returns` (money the customer owes on it) and
 *   +units × its cost when it left (the replacement unit's own cost, else the EXCHANGE ledger row's cost before).
 * `order_id` only on sale lines and their freight and services (the orders counted).
 */
export const marginLines = (from: Date, until: Date) => sql`
  select i.product_id, o.customer_id, o.attendant_id, o.created_at as at, o.id as order_id,
      i.quantity::bigint as quantity, i.total_cents::bigint as gross, i.discount_cents::bigint as discount,
      0::bigint as returns, ${lineCost('o', 'i')} as cost
    from orders o join order_items i on i.order_id = o.id
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
  union all
  select null::integer, o.customer_id, o.attendant_id, o.created_at, o.id,
      0::bigint, ${orderFreightAndServices('o')}, 0::bigint, 0::bigint, 0::bigint
    from orders o
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until} and ${orderFreightAndServices('o')} <> 0
  union all
  select a.product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      -a.quantity::bigint, 0::bigint, 0::bigint, a.quantity::bigint * a.unit_price_cents,
      -a.quantity::bigint * ${unitCostOr(
        sql.ref('a.unit_id'),
        sql`coalesce((select i.unit_cost_cents from order_items i
          where i.order_id = a.original_order_id and i.product_id = a.product_id order by i.id limit 1), 0)`,
      )}
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.created_at >= ${from} and a.created_at < ${until}
  union all
  select a.replacement_product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      a.quantity::bigint, 0::bigint, 0::bigint, -a.quantity::bigint * coalesce(a.replacement_unit_price_cents, 0),
      a.quantity::bigint * ${unitCostOr(
        sql.ref('a.replacement_unit_id'),
        sql`coalesce((select m.cost_before_cents from stock_movements m
          where m.kind = 'EXCHANGE' and m.order_id = a.original_order_id and m.product_id = a.replacement_product_id
            and m.quantity_out > 0 and m.created_at <= a.created_at
          order by m.created_at desc, m.id desc limit 1), 0)`,
      )}
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.kind = 'EXCHANGE' and a.replacement_product_id is not null
      and a.created_at >= ${from} and a.created_at < ${until}`;

/** The revenue (cents) of [from, until) as one scalar: `marginLines`' goods, freight and services less returns. */
export const revenueOf = (from: Date, until: Date) =>
  sql`(select coalesce(sum(l.gross - l.discount - l.returns), 0)::bigint from (${marginLines(from, until)}) l)`;

/** The sums of `marginLines` (alias `l`), as text (bigint). */
const marginSums = sql`coalesce(sum(l.quantity), 0)::int as quantity, coalesce(sum(l.gross), 0)::text as gross_cents,
  coalesce(sum(l.discount), 0)::text as discount_cents, coalesce(sum(l.returns), 0)::text as returns_cents,
  coalesce(sum(l.cost), 0)::text as cost_cents`;
const marginOf = sql`sum(l.gross) - sum(l.discount) - sum(l.returns) - sum(l.cost)`;

/** Report 19's groups: the group's key, name, product code and id (a product row), and what it joins. */
export const marginGroups = (
  zone: string,
): Record<MarginGroup, { select: RawBuilder<unknown>; joins: RawBuilder<unknown> }> => ({
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
    // Named by the service as report 21 names its months (`revenueBucketLabel`).
    select: sql`to_char(l.at at time zone ${zone}::text, 'YYYY-MM') as key,
      null::text as name, null::text as code, null::integer as product_id`,
    joins: sql``,
  },
});

/** Reports 19 'Margem' and 21 'Faturamento por período': the SQL of `marginLines`, grouped and summed. */
export function createMarginReportsRepository() {
  return {
    /**
     * Report 19 'Margem': per product sold in [from, until) (orders placed then, not cancelled), the units,
     * the goods at the prices sold, the discounts on its lines, and the cost recorded on each line; the
     * largest margin (gross − discount − cost) first, then the product's id.
     */
    margin(db: Db, from: Date, until: Date, group: MarginGroup, w: Window) {
      const { select, joins } = marginGroups(businessTimeZone())[group];
      return rows(
        db,
        sql<
          MarginFigures & { key: string; name: string | null; code: string | null; product_id: number | null }
        >`with l as (${marginLines(from, until)})
          select ${select}, ${marginSums}
          from l ${joins}
          group by 1, 2, 3, 4
          order by ${marginOf} desc, 1 ${windowOf(w)}`,
      );
    },

    /** How many groups report 19 lists. */
    async marginGroupCount(db: Db, from: Date, until: Date, group: MarginGroup): Promise<number> {
      const { select, joins } = marginGroups(businessTimeZone())[group];
      const result = await sql<{ n: number }>`with l as (${marginLines(from, until)})
        select count(*)::int as n from (select ${select} from l ${joins} group by 1, 2, 3, 4) g`.execute(db);
      return result.rows[0]?.n ?? 0;
    },

    /** Report 19's and 21's totals over the whole period, and the sales counted. */
    async marginTotals(db: Db, from: Date, until: Date) {
      const result = await sql<MarginFigures & { orders: number }>`with l as (${marginLines(from, until)})
        select count(distinct l.order_id)::int as orders, ${marginSums} from l`.execute(db);
      return result.rows[0] as MarginFigures & { orders: number };
    },

    /** How many days, weeks or months report 21 lists. */
    async revenueBucketCount(db: Db, from: Date, until: Date, bucket: RevenueBucket): Promise<number> {
      const zone = businessTimeZone();
      const result = await sql<{ n: number }>`with l as (${marginLines(from, until)})
        select count(distinct date_trunc(${bucket}::text, l.at at time zone ${zone}::text))::int as n from l`.execute(
        db,
      );
      return result.rows[0]?.n ?? 0;
    },

    /**
     * Report 21 'Faturamento por período': `marginLines` by day, week (from Monday) or month of the business's
     * zone, oldest first; each bucket's first day (YYYY-MM-DD) and its sales.
     */
    revenue(db: Db, from: Date, until: Date, bucket: RevenueBucket, w: Window) {
      const zone = businessTimeZone();
      return rows(
        db,
        sql<MarginFigures & { period: string; orders: number }>`with l as (${marginLines(from, until)})
          select to_char(date_trunc(${bucket}::text, l.at at time zone ${zone}::text), 'YYYY-MM-DD') as period,
            count(distinct l.order_id)::int as orders, ${marginSums}
          from l group by 1 order by 1 ${windowOf(w)}`,
      );
    },

    /**
     * Report 19's card fees: the acquirer's fee of every confirmed card part (as recorded) of the orders its
     * margin counts (placed in [from, until), a sale); a refused or reversed part keeps none.
     */
    async marginCardFees(db: Db, from: Date, until: Date): Promise<string> {
      const result = await sql<{ fee_cents: string }>`select coalesce(sum(p.fee_cents), 0)::text as fee_cents
        from orders o join order_payments p on p.order_id = o.id
        where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
          and p.method = 'CARD' and p.status = 'CONFIRMED'`.execute(db);
      return result.rows[0]?.fee_cents ?? '0';
    },
  };
}

import { businessTimeZone, type MarginGroup, NO_ATTENDANT_LABEL, type RevenueBucket } from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';
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
 * What reports 19 and 21 sum (issue 39 §5), one row per movement of goods and money in [from, until):
 * - each line of a sale placed then (not cancelled): its units, goods, discount and cost as recorded on the
 *   line (`unit_cost_cents`: the average cost at the sale, decision 0046);
 * - each exchange or return registered then (`order_adjustments`, at its own time, of its order's customer and
 *   attendant): the goods that came back, −units, their price paid as `returns` and −units × the cost recorded
 *   on the order's line (the first line of the product, as the registration priced it);
 * - each exchange's replacement: +units, −units × its price as `returns` (money the customer owes on it) and
 *   +units × its cost when it left (the EXCHANGE ledger row's cost before, the average then).
 * `order_id` only on sale lines (the orders counted).
 */
export const marginLines = (from: Date, until: Date) => sql`
  select i.product_id, o.customer_id, o.attendant_id, o.created_at as at, o.id as order_id,
      i.quantity::bigint as quantity, i.total_cents::bigint as gross, i.discount_cents::bigint as discount,
      0::bigint as returns, i.quantity::bigint * i.unit_cost_cents as cost
    from orders o join order_items i on i.order_id = o.id
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
  union all
  select a.product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      -a.quantity::bigint, 0::bigint, 0::bigint, a.quantity::bigint * a.unit_price_cents,
      -a.quantity::bigint * coalesce((select i.unit_cost_cents from order_items i
        where i.order_id = a.original_order_id and i.product_id = a.product_id order by i.id limit 1), 0)
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.created_at >= ${from} and a.created_at < ${until}
  union all
  select a.replacement_product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      a.quantity::bigint, 0::bigint, 0::bigint, -a.quantity::bigint * coalesce(a.replacement_unit_price_cents, 0),
      a.quantity::bigint * coalesce((select m.cost_before_cents from stock_movements m
        where m.kind = 'EXCHANGE' and m.order_id = a.original_order_id and m.product_id = a.replacement_product_id
          and m.quantity_out > 0 and m.created_at <= a.created_at
        order by m.created_at desc, m.id desc limit 1), 0)
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.kind = 'EXCHANGE' and a.replacement_product_id is not null
      and a.created_at >= ${from} and a.created_at < ${until}`;

/** The sums of `marginLines` (alias `l`), as text (bigint). */
const marginSums = sql`coalesce(sum(l.quantity), 0)::int as quantity, coalesce(sum(l.gross), 0)::text as gross_cents,
  coalesce(sum(l.discount), 0)::text as discount_cents, coalesce(sum(l.returns), 0)::text as returns_cents,
  coalesce(sum(l.cost), 0)::text as cost_cents`;
const marginOf = sql`sum(l.gross) - sum(l.discount) - sum(l.returns) - sum(l.cost)`;

/** Report 19's groups: the group's key, name, product code and id (a product row), and what it joins. */
export const marginGroups = (
  zone: string,
): Record<MarginGroup, { select: RawBuilder<unknown>; joins: RawBuilder<unknown> }> => ({
  product: {
    select: sql`l.product_id::text as key, p.name, p.code, l.product_id`,
    joins: sql`join products p on p.id = l.product_id`,
  },
  brand: {
    select: sql`b.id::text as key, b.name, null::text as code, null::integer as product_id`,
    joins: sql`join products p on p.id = l.product_id join brands b on b.id = p.brand_id`,
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

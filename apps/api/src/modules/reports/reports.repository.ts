import {
  AWAITING_COURIER_STATUSES,
  businessTimeZone,
  type MarginGroup,
  NO_ATTENDANT_LABEL,
  OUT_FOR_DELIVERY_STATUSES,
  type PaymentMethod,
  type RevenueBucket,
  UNSOLD_ORDER_STATUSES,
} from '@backoffice/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { rankingParts, rawRows, type SplitPeriod, summaryParts } from './summary-period';

type Db = Kysely<Database>;
type Period = { from: Date; until: Date };

/** A set of statuses as SQL literals, e.g. `(7, 12)`: the query text stays the same as when it was written. */
const statusList = (statuses: readonly number[]) => sql`(${sql.join(statuses.map((status) => sql.lit(status)))})`;

/** A sale: an order neither cancelled (7) nor refused (12). */
const SALE = (alias: string) => sql`${sql.ref(`${alias}.status`)} not in ${statusList(UNSOLD_ORDER_STATUSES)}`;

/** Optional limit/offset; `count(*) over ()` gives the total of a paged ranking. */
export interface Window {
  limit?: number;
  offset?: number;
}
const windowOf = (w: Window) =>
  sql`${w.limit === undefined ? sql`` : sql`limit ${w.limit}`} ${w.offset ? sql`offset ${w.offset}` : sql``}`;
const direction = (order: 'desc' | 'asc') => (order === 'desc' ? sql`desc` : sql`asc`);

/**
 * The rows of ranking `cte` that a page can hold: with a limit, the first offset + limit by `key` and the
 * ties at the end (the tie-break by name needs them), so only those are joined with names; without, all.
 */
const candidates = (cte: string, key: string, order: 'desc' | 'asc', w: Window) =>
  sql`select * from ${sql.table(cte)} ${
    w.limit === undefined
      ? sql``
      : sql`order by ${sql.ref(key)} ${direction(order)} fetch first (${(w.offset ?? 0) + w.limit}) rows with ties`
  }`;

/** A unit's whole calendar days on the shelf, in the business's zone: today's date there minus its entry's. */
const daysOnShelf = (now: Date, zone = businessTimeZone()) =>
  sql<number>`((${now.toISOString()}::timestamptz at time zone ${zone}::text)::date - (u.entered_at at time zone ${zone}::text)::date)`;

async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/**
 * A ranking without parallel workers (`set local`, so in a transaction of its own): its ~100,000 summary
 * rows aggregate faster in one process than split, gathered and merged again — on the 2-core machine at
 * scale 100, 82 against 116 ms for the 12-month top ten (EXPLAIN ANALYZE, same moment).
 */
async function serialRows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  const run = async (trx: Db) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return (await query.execute(trx)).rows;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Where a ranking's figure is kept: the month ranks, the day summaries, and the raw rows not yet summed. */
interface RankingSources {
  key: 'product_id' | 'customer_id';
  figure: 'quantity' | 'views' | 'signins';
  months: 'report_rank_product_sales' | 'report_rank_product_views' | 'report_rank_customer_signins';
  days: 'report_product_sales' | 'report_product_views' | 'report_customer_signins';
  /** `select <key>, <n>` of the raw rows of the period's edges (rawRows). */
  raw: RawBuilder<unknown>;
}

/** Each key's figure over the period (summary-period.ts: month ranks, day summaries, raw edges), above zero. */
const summedRanking = (p: SplitPeriod, from: RankingSources) => {
  const key = sql.ref(`s.${from.key}`);
  const figure = sql.ref(`s.${from.figure}`);
  return sql`select ${sql.ref(from.key)}, sum(n) as n from (
    ${rankingParts(
      p,
      (month, sign) =>
        sql`select ${key}, ${sign}${figure}::int as n from ${sql.table(from.months)} s where s.month = ${month}::date`,
      (range, sign) => sql`select ${key}, ${sign}${figure}::int as n from ${sql.table(from.days)} s where ${range}`,
    )}
    union all
    ${from.raw}
  ) parts group by ${sql.ref(from.key)} having sum(n) > 0`;
};

/** A products ranking `ranking` (product_id, n) named `cte`: the page's products with their names, ties by name, id. */
const rankedProducts = (cte: string, ranking: RawBuilder<unknown>, order: 'desc' | 'asc', w: Window) =>
  sql<RankedProduct>`with ${sql.table(cte)} as (${ranking}),
    page as (${candidates(cte, 'n', order, w)})
    select pr.id as product_id, pr.name, pr.code, page.n::int as n, (select count(*) from ${sql.table(cte)})::int as total_rows
    from page join products pr on pr.id = page.product_id
    order by page.n ${direction(order)}, pr.name, pr.id ${windowOf(w)}`;

export interface RankedProduct {
  product_id: number;
  name: string;
  code: string;
  n: number;
  total_rows: number;
}
export interface RankedCustomer {
  customer_id: number;
  name: string;
  email: string;
  level: number;
  n: number;
  total_cents: number;
  total_rows: number;
}
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
const marginLines = (from: Date, until: Date) => sql`
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
const marginGroups = (
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
export interface RankedTerm {
  term: string;
  n: number;
}

export function createReportsRepository() {
  return {
    async dashboard(db: Db) {
      const result = await sql<{ available: number; awaiting: number }>`select
        (select count(*)::int from products where not archived and stock > 0) as available,
        (select count(*)::int from customers where status = 'AWAITING') as awaiting`.execute(db);
      return result.rows[0] as { available: number; awaiting: number };
    },

    /**
     * The dashboard's first row: sales of two days (`from <= created_at < until`), orders per waiting
     * status, the cash couriers collect (cash orders awaiting a courier or out for delivery), customers
     * awaiting approval. One statement.
     */
    async dashboardToday(db: Db, today: Period, lastWeek: Period, waiting: readonly number[]) {
      const salesOf = (p: Period) => sql`(select coalesce(sum(o.total_cents), 0)::bigint from orders o
          where ${SALE('o')} and o.created_at >= ${p.from} and o.created_at < ${p.until})`;
      const atDoor = [...AWAITING_COURIER_STATUSES, ...OUT_FOR_DELIVERY_STATUSES];
      const result = await sql<{
        sales_today: string | number;
        sales_last_week: string | number;
        cash_cents: string | number;
        cash_orders: number;
        awaiting: number;
        waiting: { status: number; orders: number }[] | string;
      }>`select
        ${salesOf(today)} as sales_today,
        ${salesOf(lastWeek)} as sales_last_week,
        (select coalesce(sum(total_cents), 0)::bigint from orders
          where payment_method = 'CASH' and status in ${statusList(atDoor)}) as cash_cents,
        (select count(*)::int from orders
          where payment_method = 'CASH' and status in ${statusList(atDoor)}) as cash_orders,
        (select count(*)::int from customers where status = 'AWAITING') as awaiting,
        (select coalesce(json_agg(json_build_object('status', status, 'orders', n)), '[]'::json) from
          (select status, count(*)::int as n from orders where status in ${statusList(waiting)} group by status) w
        ) as waiting`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('dashboardToday: no row');
      const waitingRows = typeof row.waiting === 'string' ? JSON.parse(row.waiting) : row.waiting;
      return {
        salesTodayCents: Number(row.sales_today),
        salesLastWeekCents: Number(row.sales_last_week),
        cashCents: Number(row.cash_cents),
        cashOrders: row.cash_orders,
        awaiting: row.awaiting,
        waiting: waitingRows as { status: number; orders: number }[],
      };
    },

    /** Products by units sold in the period (sales only), ranked; ties by name, then id. */
    productsSold(db: Db, p: SplitPeriod, order: 'desc' | 'asc', w: Window) {
      const sold = summedRanking(p, {
        key: 'product_id',
        figure: 'quantity',
        months: 'report_rank_product_sales',
        days: 'report_product_sales',
        raw: sql`select i.product_id, i.quantity from orders o join order_items i on i.order_id = o.id
          where ${SALE('o')} and ${rawRows(p, 'o.created_at')}`,
      });
      return serialRows(db, rankedProducts('sold', sold, order, w));
    },

    productsViewed(db: Db, p: SplitPeriod, w: Window) {
      const viewed = summedRanking(p, {
        key: 'product_id',
        figure: 'views',
        months: 'report_rank_product_views',
        days: 'report_product_views',
        raw: sql`select v.product_id, 1 from product_views v where ${rawRows(p, 'v.created_at')}`,
      });
      return serialRows(db, rankedProducts('viewed', viewed, 'desc', w));
    },

    /** Searches by normalised term, those that found something (withResult) or nothing. */
    searchedTerms(db: Db, p: SplitPeriod, withResult: boolean, w: Window) {
      return rows(
        db,
        sql<RankedTerm>`select term, sum(n)::int as n from (
            ${summaryParts(
              p,
              (range) => sql`select s.normalized_term as term, s.searches as n from report_search_terms s
                where s.with_result = ${withResult} and ${range}`,
            )}
            union all
            select t.normalized_term, 1 from search_terms t
            where (t.result_count > 0) = ${withResult} and ${rawRows(p, 't.created_at')}
          ) parts group by term having sum(n) > 0
          order by sum(n) desc, term ${windowOf(w)}`,
      );
    },

    customersSignedIn(db: Db, p: SplitPeriod, w: Window) {
      const signed = summedRanking(p, {
        key: 'customer_id',
        figure: 'signins',
        months: 'report_rank_customer_signins',
        days: 'report_customer_signins',
        raw: sql`select c.customer_id, 1 from customer_signins c where ${rawRows(p, 'c.created_at')}`,
      });
      return serialRows(
        db,
        sql<RankedCustomer>`with signed as (${signed}),
        page as (${candidates('signed', 'n', 'desc', w)})
        select c.id as customer_id, c.name, c.email, c.level, page.n::int as n, 0 as total_cents,
          (select count(*) from signed)::int as total_rows
        from page join customers c on c.id = page.customer_id
        order by page.n desc, c.name, c.id ${windowOf(w)}`,
      );
    },

    /** Customers by the sum of their sales' totals in the period; ties by name, then id. */
    customerPurchases(db: Db, p: SplitPeriod, order: 'desc' | 'asc', w: Window) {
      return serialRows(
        db,
        sql<RankedCustomer>`with bought as (
          select customer_id, sum(orders) as n, sum(total_cents) as total_cents from (
            ${rankingParts(
              p,
              (month, sign) =>
                sql`select s.customer_id, ${sign}s.orders::int as orders, ${sign}s.total_cents as total_cents
                  from report_rank_customer_sales s where s.month = ${month}::date`,
              (range, sign) =>
                sql`select s.customer_id, ${sign}s.orders::int as orders, ${sign}s.total_cents as total_cents
                  from report_customer_sales s where ${range}`,
            )}
            union all
            select o.customer_id, 1, o.total_cents from orders o where ${SALE('o')} and ${rawRows(p, 'o.created_at')}
          ) parts group by customer_id having sum(orders) > 0),
        page as (${candidates('bought', 'total_cents', order, w)})
        select c.id as customer_id, c.name, c.email, c.level, page.n::int as n,
          page.total_cents::float8 as total_cents, (select count(*) from bought)::int as total_rows
        from page join customers c on c.id = page.customer_id
        order by page.total_cents ${direction(order)}, c.name, c.id ${windowOf(w)}`,
      );
    },

    lowStock(db: Db) {
      return db
        .selectFrom('products')
        .select(['id', 'name', 'code', 'stock', 'stock_alert'])
        .where('archived', '=', false)
        .whereRef('stock', '<=', 'stock_alert')
        .orderBy('stock')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    employee(db: Db, id: number) {
      return db.selectFrom('employees').select(['id', 'name', 'func']).where('id', '=', id).executeTakeFirst();
    },

    /** Sales of the period served by a courier or taken by an attendant, with their adjustments. */
    ordersBy(db: Db, column: 'deliverer_id' | 'attendant_id', employeeId: number, from: Date, until: Date) {
      return rows(
        db,
        sql<{
          id: number;
          code: string;
          created_at: Date;
          shipped_at: Date | null;
          customer_name: string;
          payment_method: PaymentMethod;
          items_total_cents: number;
          freight_cents: number;
          warranty_cents: number;
          discount_cents: number;
          total_cents: number;
          exchange_cents: number;
          return_cents: number;
        }>`select o.id, o.code, o.created_at, c.name as customer_name, o.payment_method, o.items_total_cents,
            o.shipping_cost_cents + o.fast_delivery_tax_cents as freight_cents, o.warranty_cents, o.discount_cents,
            o.total_cents, (select min(h.created_at) from order_status_history h where h.order_id = o.id and h.status in ${statusList(OUT_FOR_DELIVERY_STATUSES)}) as shipped_at,
            coalesce((select sum(a.quantity * a.unit_price_cents) from order_adjustments a
              where a.original_order_id = o.id and a.kind = 'EXCHANGE'), 0)::int as exchange_cents,
            coalesce((select sum(a.quantity * a.unit_price_cents) from order_adjustments a
              where a.original_order_id = o.id and a.kind = 'RETURN'), 0)::int as return_cents
          from orders o join customers c on c.id = o.customer_id
          where o.${sql.ref(column)} = ${employeeId} and ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
          order by o.created_at, o.id`,
      );
    },

    /** Active products with stock, with their prices by level (the contract's priceFromPercentage, in SQL); stockSalesTotals counts them. */
    stockSales(db: Db, w: Window) {
      return rows(
        db,
        sql<{
          id: number;
          code: string;
          name: string;
          stock: number;
          cost_cents: number;
          sell_price_cents: number;
          gold_cents: number;
          silver_cents: number;
          bronze_cents: number;
        }>`select id, code, name, stock, cost_cents, sell_price_cents,
            ${tierPrice('gold_percentage')} as gold_cents, ${tierPrice('silver_percentage')} as silver_cents,
            ${tierPrice('bronze_percentage')} as bronze_cents
          from products where not archived and stock > 0 order by name, id ${windowOf(w)}`,
      );
    },

    async stockSalesTotals(db: Db) {
      const result = await sql<{
        products: number;
        stock: number;
        purchase: string;
        sales: string;
        gold: string;
        silver: string;
        bronze: string;
      }>`select count(*)::int as products, coalesce(sum(stock), 0)::int as stock,
          coalesce(sum(stock::bigint * cost_cents), 0)::text as purchase,
          coalesce(sum(stock::bigint * sell_price_cents), 0)::text as sales,
          coalesce(sum(stock::bigint * ${tierPrice('gold_percentage')}), 0)::text as gold,
          coalesce(sum(stock::bigint * ${tierPrice('silver_percentage')}), 0)::text as silver,
          coalesce(sum(stock::bigint * ${tierPrice('bronze_percentage')}), 0)::text as bronze
        from products where not archived and stock > 0`.execute(db);
      return result.rows[0] as NonNullable<(typeof result.rows)[number]>;
    },

    /** Report 18: the phones in stock, oldest entry first, with their whole business days on the shelf. */
    unitsByAge(db: Db, now: Date, w: Window) {
      return rows(
        db,
        sql<{
          id: number;
          imei: string;
          imei2: string | null;
          product_id: number;
          code: string;
          name: string;
          entered_at: Date;
          days: number;
          cost_cents: number;
        }>`select u.id, u.imei, u.imei2, u.product_id, p.code, p.name, u.entered_at, ${daysOnShelf(now)} as days,
            u.cost_cents
          from product_units u join products p on p.id = u.product_id
          where u.status = 'IN_STOCK' order by u.entered_at, u.id ${windowOf(w)}`,
      );
    },

    /** Report 18's totals: units and cost per age band (the bands' upper day limits, the last open). */
    unitsByAgeBands(db: Db, now: Date, limits: readonly number[]) {
      const band = sql.join(
        limits.map((limit, i) => sql`when ${daysOnShelf(now)} <= ${limit}::int then ${i}::int`),
        sql` `,
      );
      return rows(
        db,
        sql<{ band: number; units: number; cost: string }>`select b.band, count(*)::int as units,
            sum(b.cost_cents)::text as cost
          from (select (case ${band} else ${limits.length} end)::int as band, u.cost_cents
                from product_units u where u.status = 'IN_STOCK') b
          group by b.band order by b.band`,
      );
    },

    /** Exchanges or returns of the period registered by an attendant (or collected by a courier). */
    adjustments(
      db: Db,
      kind: 'EXCHANGE' | 'RETURN',
      column: 'employee_id' | 'deliverer_id',
      employeeId: number,
      from: Date,
      until: Date,
    ) {
      return rows(
        db,
        sql<{
          order_id: number;
          order_code: string;
          customer_name: string;
          adjustment_order_id: number | null;
          adjustment_order_code: string | null;
          product_name: string;
          quantity: number;
          unit_price_cents: number;
          comments: string | null;
          created_at: Date;
        }>`select o.id as order_id, o.code as order_code, c.name as customer_name,
            a.adjustment_order_id, ao.code as adjustment_order_code, p.name as product_name, a.quantity,
            a.unit_price_cents, a.comments, a.created_at
          from order_adjustments a
          join orders o on o.id = a.original_order_id
          join customers c on c.id = o.customer_id
          join products p on p.id = a.product_id
          left join orders ao on ao.id = a.adjustment_order_id
          where a.${sql.ref(column)} = ${employeeId} and a.kind = ${kind}
            and a.created_at >= ${from} and a.created_at < ${until}
          order by a.created_at, a.id`,
      );
    },

    delivererCustomers(db: Db, delivererId: number) {
      return db
        .selectFrom('customers')
        .select(['id', 'name', 'email', 'phone', 'neighborhood', 'level', 'shipping_cost_cents'])
        .where('deliverer_id', '=', delivererId)
        .where('status', '=', 'APPROVED')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    awaitingCourier(db: Db, delivererId: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select([
          'o.id',
          'o.code',
          'c.name as customer_name',
          'o.neighborhood',
          'o.status',
          'o.fast_delivery',
          'o.total_cents',
          'o.created_at',
          'o.updated_at',
        ])
        .where('o.deliverer_id', '=', delivererId)
        .where('o.status', 'in', [...AWAITING_COURIER_STATUSES])
        .orderBy('o.updated_at')
        .orderBy('o.id')
        .execute();
    },

    brandReference(db: Db, brand: string, reference: string) {
      return db
        .selectFrom('products as p')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .innerJoin('brand_references as r', 'r.id', 'p.reference_id')
        .select(['p.id', 'p.code', 'p.name', 'p.archived', 'b.name as brand', 'r.name as reference'])
        .where(sql<boolean>`lower(b.name) = lower(${brand}) and lower(r.name) = lower(${reference})`)
        .orderBy('p.name')
        .orderBy('p.id')
        .execute();
    },

    /** Sales of the period paid by bank transfer or Pix. */
    deposits(db: Db, from: Date, until: Date, w: Window) {
      return rows(
        db,
        // No count here: depositTotals counts, so a page stops after its rows.
        sql<{
          id: number;
          code: string;
          customer_name: string;
          payment_method: 'BANK_TRANSFER' | 'PIX';
          created_at: Date;
          total_cents: number;
        }>`select o.id, o.code, c.name as customer_name, o.payment_method, o.created_at, o.total_cents
          from orders o join customers c on c.id = o.customer_id
          where o.payment_method in ('BANK_TRANSFER', 'PIX') and ${SALE('o')}
            and o.created_at >= ${from} and o.created_at < ${until}
          order by o.created_at, o.id ${windowOf(w)}`,
      );
    },

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

    /**
     * Report 20's candidates: the confirmed card parts (with their order's code) that may have a payment due in
     * [from, until). Only a coarse window in SQL, two days wide on each side (a part's business day against
     * instants): the service splits each part with the contract's `cardPartSettlements` and keeps the
     * payments whose day falls in the period — the instalments are never split here.
     */
    cardParts(db: Db, from: Date, until: Date) {
      return rows(
        db,
        sql<{
          id: number;
          order_id: number;
          order_code: string;
          card_kind: 'DEBIT' | 'CREDIT';
          card_brand: string | null;
          amount_cents: number;
          fee_cents: number;
          net_cents: number;
          instalments: number;
          settlement_days: number;
          confirmed_at: Date | string | null;
          created_at: Date | string;
        }>`select p.id, p.order_id, o.code as order_code, p.card_kind, p.card_brand, p.amount_cents,
            coalesce(p.fee_cents, 0) as fee_cents, p.net_cents, p.instalments,
            coalesce(p.settlement_days, 0) as settlement_days, p.confirmed_at, p.created_at
          from order_payments p join orders o on o.id = p.order_id
          where p.method = 'CARD' and p.status = 'CONFIRMED' and p.card_kind is not null
            and p.net_cents is not null and p.instalments is not null
            and coalesce(p.confirmed_at, p.created_at) + make_interval(days => coalesce(p.settlement_days, 0))
              < ${until}::timestamptz + interval '2 days'
            and coalesce(p.confirmed_at, p.created_at)
              + make_interval(days => coalesce(p.settlement_days, 0) * p.instalments)
              >= ${from}::timestamptz - interval '2 days'`,
      );
    },

    async depositTotals(db: Db, from: Date, until: Date) {
      const result = await sql<{ orders: number; transfer: string; pix: string }>`select count(*)::int as orders,
          coalesce(sum(total_cents) filter (where payment_method = 'BANK_TRANSFER'), 0)::text as transfer,
          coalesce(sum(total_cents) filter (where payment_method = 'PIX'), 0)::text as pix
        from orders o where o.payment_method in ('BANK_TRANSFER', 'PIX') and ${SALE('o')}
          and o.created_at >= ${from} and o.created_at < ${until}`.execute(db);
      return result.rows[0] as { orders: number; transfer: string; pix: string };
    },

    /** Customers with at least one fast-delivery sale, ever. */
    fastDeliveryCustomers(db: Db) {
      return rows(
        db,
        sql<{
          id: number;
          name: string;
          email: string;
          neighborhood: string | null;
          fast_delivery_tax_cents: number;
          orders: number;
          last_order_at: Date;
        }>`select c.id, c.name, c.email, c.neighborhood, c.fast_delivery_tax_cents, f.orders, f.last_order_at
          from (select customer_id, count(*)::int as orders, max(created_at) as last_order_at
                from orders o where o.fast_delivery and ${SALE('o')} group by customer_id) f
          join customers c on c.id = f.customer_id
          order by c.name, c.id`,
      );
    },

    orderWithCustomer(db: Db, orderId: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select([
          'o.id',
          'o.code',
          'c.name as customer_name',
          'o.items_total_cents',
          'o.shipping_cost_cents',
          'o.fast_delivery_tax_cents',
          'o.warranty_cents',
          'o.discount_cents',
          'o.total_cents',
        ])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
    },

    orderItems(db: Db, orderId: number) {
      return db
        .selectFrom('order_items')
        .select(['product_name', 'quantity', 'unit_price_cents'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    orderAdjustments(db: Db, orderId: number, kind: 'EXCHANGE' | 'RETURN') {
      return db
        .selectFrom('order_adjustments as a')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .select(['p.name as product_name', 'a.quantity', 'a.unit_price_cents', 'a.created_at'])
        .where('a.original_order_id', '=', orderId)
        .where('a.kind', '=', kind)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute();
    },
  };
}

/**
 * A level's price in SQL: the contract's `priceFromPercentage(cost_cents, pct)` (cost + pct % of the cost, the
 * percentage to its sixth decimal, exact, rounded half up to the cent). Written twice on purpose: the stock
 * report sums it over every product in the database (`stockSalesTotals`), which TypeScript could only do by
 * reading every product, and SQL cannot call the contract. `level-price.test.ts` binds the two: both give the
 * same cents over a table of prices worked out by hand.
 */
export function tierPrice(column: 'gold_percentage' | 'silver_percentage' | 'bronze_percentage') {
  return sql<number>`round(cost_cents::numeric * (100 + round(${sql.ref(column)}::numeric, 6)) / 100)::int`;
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;

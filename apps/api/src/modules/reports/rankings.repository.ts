import { type RawBuilder, sql } from 'kysely';
import { candidates, type Db, direction, rows, SALE, serialRows, type Window, windowOf } from './report-sql';
import { rankingParts, rawRows, type SplitPeriod, summaryParts } from './summary-period';

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
export interface RankedTerm {
  term: string;
  n: number;
}

/** The rankings' SQL (the charts and the best and worst sellers and buyers), from the summary tables. */
export function createRankingsRepository() {
  return {
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
  };
}

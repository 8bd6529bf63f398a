import { businessTimeZone } from '@backoffice/contract';
import { sql } from 'kysely';
import { type Db, rows, type Window, windowOf } from './report-sql';

/** A unit's whole calendar days on the shelf, in the business's zone: today's date there minus its entry's. */
export const daysOnShelf = (now: Date, zone = businessTimeZone()) =>
  sql<number>`((${now.toISOString()}::timestamptz at time zone ${zone}::text)::date - (u.entered_at at time zone ${zone}::text)::date)`;

/** The stock's reports' SQL: low stock, stock x sales by level, the phones by age, a brand's reference. */
export function createStockReportsRepository() {
  return {
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

import { AWAITING_COURIER_STATUSES, OUT_FOR_DELIVERY_STATUSES } from '@backoffice/contract';
import { sql } from 'kysely';
import { revenueOf } from './margin-lines';
import { type Db, type Period, statusList } from './report-sql';

/** The dashboard's SQL: its cards and today's figures. */
export function createDashboardRepository() {
  return {
    async dashboard(db: Db) {
      const result = await sql<{ available: number; awaiting: number }>`select
        (select count(*)::int from products where not archived and stock > 0) as available,
        (select count(*)::int from customers where status = 'AWAITING') as awaiting`.execute(db);
      return result.rows[0] as { available: number; awaiting: number };
    },

    /**
     * The dashboard's first row: the revenue of two days (`from <= at < until`, `revenueOf`), orders per waiting
     * status, the cash couriers collect (cash orders awaiting a courier or out for delivery), customers
     * awaiting approval. One statement.
     */
    async dashboardToday(db: Db, today: Period, lastWeek: Period, waiting: readonly number[]) {
      // The revenue as reports 19 and 21 count it: the one definition (issue 54 §4).
      const salesOf = (p: Period) => revenueOf(p.from, p.until);
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
  };
}

import { sql } from 'kysely';
import {
  type CardSettlementDayRow,
  cardSettlementDaysWithin,
  cardSettlementsExpanded,
  settlementsKept,
} from '../../lib/card-settlements-sql';
import { type Db, rows, SALE, type Window, windowOf } from './report-sql';

/** A row of report 20's page. */
export interface CardSettlementPageRow {
  day: string;
  payment_id: number;
  order_id: number;
  order_code: string;
  card_kind: 'DEBIT' | 'CREDIT';
  card_brand: string | null;
  instalment: number;
  instalments: number;
  gross_cents: string;
  fee_cents: string;
  net_cents: string;
}

/** The sales' reports' SQL: deposits and Pix, the card payments of report 20, the fast-delivery customers. */
export function createSalesReportsRepository() {
  return {
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

    async depositTotals(db: Db, from: Date, until: Date) {
      const result = await sql<{ orders: number; transfer: string; pix: string }>`select count(*)::int as orders,
          coalesce(sum(total_cents) filter (where payment_method = 'BANK_TRANSFER'), 0)::text as transfer,
          coalesce(sum(total_cents) filter (where payment_method = 'PIX'), 0)::text as pix
        from orders o where o.payment_method in ('BANK_TRANSFER', 'PIX') and ${SALE('o')}
          and o.created_at >= ${from} and o.created_at < ${until}`.execute(db);
      return result.rows[0] as { orders: number; transfer: string; pix: string };
    },

    /**
     * Report 20's page (issue 59): the acquirer's payments whose business day falls in [first, last], with their
     * part's order code, kind and brand; by day, order code, part and instalment. In São Paulo a range of
     * `card_settlements`' index from `first` (the service starts it on the day its offset falls on); elsewhere the
     * parts expanded now (lib/card-settlements-sql.ts), sorted and cut in SQL.
     */
    cardSettlementPage(db: Db, first: string, last: string, zone: string, w: Window) {
      const source = settlementsKept(zone)
        ? sql`(select to_char(day, 'YYYY-MM-DD') as day, day as sort_day, payment_id, order_id, order_code, instalment,
              instalments, gross_cents, fee_cents, net_cents
            from card_settlements where day >= ${first}::date and day <= ${last}::date)`
        : sql`(select x.*, x.day as sort_day, o.code as order_code from ${cardSettlementsExpanded(first, last, zone)} x
            join orders o on o.id = x.order_id)`;
      return rows(
        db,
        sql<CardSettlementPageRow>`select s.day, s.payment_id, s.order_id, s.order_code, p.card_kind, p.card_brand,
            s.instalment, s.instalments, s.gross_cents::text, s.fee_cents::text, s.net_cents::text
          from ${source} s join order_payments p on p.id = s.payment_id
          order by s.sort_day, s.order_code collate "C", s.payment_id, s.instalment ${windowOf(w)}`,
      );
    },

    /** Report 20's totals by day (the period's are their sum): the count of payments and their gross, fee and net. */
    cardSettlementDays(db: Db, first: string, last: string, zone: string) {
      return rows(
        db,
        sql<CardSettlementDayRow>`select * from ${cardSettlementDaysWithin(first, last, zone)} d order by d.day`,
      );
    },

    /**
     * Customers with at least one fast-delivery sale, ever, by name: a page of them (`w`, all without), each row with
     * the count of all of them and of all their sales.
     */
    fastDeliveryCustomers(db: Db, w: Window) {
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
          customers_total: number;
          orders_total: number;
        }>`select c.id, c.name, c.email, c.neighborhood, c.fast_delivery_tax_cents, f.orders, f.last_order_at,
            count(*) over ()::int as customers_total, (sum(f.orders) over ())::int as orders_total
          from (select customer_id, count(*)::int as orders, max(created_at) as last_order_at
                from orders o where o.fast_delivery and ${SALE('o')} group by customer_id) f
          join customers c on c.id = f.customer_id
          order by c.name, c.id ${windowOf(w)}`,
      );
    },
  };
}

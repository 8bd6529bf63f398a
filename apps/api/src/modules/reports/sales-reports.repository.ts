import { sql } from 'kysely';
import { type Db, rows, SALE, type Window, windowOf } from './report-sql';

/** The sales' reports' SQL: deposits and Pix, the card parts of report 20, the fast-delivery customers. */
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
  };
}

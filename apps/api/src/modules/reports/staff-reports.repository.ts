import { AWAITING_COURIER_STATUSES, OUT_FOR_DELIVERY_STATUSES, type PaymentMethod } from '@backoffice/contract';
import { sql } from 'kysely';
import { type Db, rows, SALE, statusList } from './report-sql';

/** An order (`o`) with its customer (`c`): its id, code and the customer's name, the columns go on. */
const orderAndCustomer = (db: Db) =>
  db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.code', 'c.name as customer_name']);

/**
 * The staff's reports' SQL: an attendant's or a courier's sales, exchanges and returns (and the order they
 * adjust), a courier's customers and the orders awaiting him.
 */
export function createStaffReportsRepository() {
  return {
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
      return orderAndCustomer(db)
        .select(['o.neighborhood', 'o.status', 'o.fast_delivery', 'o.total_cents', 'o.created_at', 'o.updated_at'])
        .where('o.deliverer_id', '=', delivererId)
        .where('o.status', 'in', [...AWAITING_COURIER_STATUSES])
        .orderBy('o.updated_at')
        .orderBy('o.id')
        .execute();
    },

    orderWithCustomer(db: Db, orderId: number) {
      return orderAndCustomer(db)
        .select([
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

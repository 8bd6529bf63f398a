import { sql, type Transaction, type Updateable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';

/**
 * An order's lines and figures as a sale changes them before separation (issue 38 §5: the order edit, the
 * discount changed afterwards). Written here, by the orders module that owns `orders` and `order_items`; selling
 * decides the figures and calls these through the workflow's face (issue 60 §3). The caller holds the order's lock.
 */
export const orderLinesRepository = {
  /** The order's new discount and total, and each item's discount. */
  async setOrderDiscount(
    trx: Transaction<Database>,
    orderId: number,
    figures: { discountCents: number; totalCents: number; items: { id: number; discountCents: number }[] },
  ) {
    const lines = figures.items.map((item) => ({ id: item.id, discount_cents: item.discountCents }));
    await sql`update order_items i set discount_cents = v.discount_cents
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as v(id integer, discount_cents integer)
      where i.id = v.id and i.order_id = ${orderId}`.execute(trx);
    await trx
      .updateTable('orders')
      .set({ discount_cents: figures.discountCents, total_cents: figures.totalCents })
      .where('id', '=', orderId)
      .execute();
  },

  /** An edit's lines: kept ones updated, removed ones deleted, new ones inserted. */
  async writeOrderLines(
    trx: Transaction<Database>,
    orderId: number,
    lines: {
      update: { id: number; quantity: number; totalCents: number; discountCents: number }[];
      remove: number[];
      insert: Array<{
        productId: number;
        name: string;
        code: string;
        quantity: number;
        unitPriceCents: number;
        unitCostCents: number;
        discountCents: number;
      }>;
    },
  ) {
    if (lines.update.length > 0) {
      // One statement for every kept line (not one per line while the order is locked).
      const kept = lines.update.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        total_cents: line.totalCents,
        discount_cents: line.discountCents,
      }));
      await sql`update order_items i set quantity = v.quantity, total_cents = v.total_cents, discount_cents = v.discount_cents
        from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb)
          as v(id integer, quantity integer, total_cents integer, discount_cents integer)
        where i.id = v.id and i.order_id = ${orderId}`.execute(trx);
    }
    if (lines.remove.length > 0) {
      await trx.deleteFrom('order_items').where('order_id', '=', orderId).where('id', 'in', lines.remove).execute();
    }
    if (lines.insert.length > 0) {
      await trx
        .insertInto('order_items')
        .values(
          lines.insert.map((line) => ({
            order_id: orderId,
            product_id: line.productId,
            product_name: line.name,
            product_code: line.code,
            quantity: line.quantity,
            unit_price_cents: line.unitPriceCents,
            unit_cost_cents: line.unitCostCents,
            total_cents: line.unitPriceCents * line.quantity,
            discount_cents: line.discountCents,
          })),
        )
        .execute();
    }
  },
  /** The order's row after an edit (figures, choices, updated_at). */
  async updateOrder(trx: Transaction<Database>, orderId: number, values: Updateable<OrdersTable>) {
    await trx.updateTable('orders').set(values).where('id', '=', orderId).execute();
  },
};

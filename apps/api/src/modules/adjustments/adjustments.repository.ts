import type { Insertable, Transaction } from 'kysely';
import type { Database, OrderAdjustmentsTable } from '../../db/schema';

/** The SQL of exchanges and returns: the order's lines, what already came back, and the adjustments. */
export const adjustmentsRepository = {
  /** The order's lines by product: units sold and the unit price paid (the first line's, should one repeat). */
  async soldLines(trx: Transaction<Database>, orderId: number) {
    const rows = await trx
      .selectFrom('order_items')
      .select(['product_id', 'product_name', 'quantity', 'unit_price_cents'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const lines = new Map<number, { name: string; quantity: number; unitPriceCents: number }>();
    for (const row of rows) {
      const line = lines.get(row.product_id);
      if (line) line.quantity += row.quantity;
      else
        lines.set(row.product_id, {
          name: row.product_name,
          quantity: row.quantity,
          unitPriceCents: row.unit_price_cents,
        });
    }
    return lines;
  },

  /** Units of each product of the order already exchanged or returned. */
  async adjustedQuantities(trx: Transaction<Database>, orderId: number): Promise<Map<number, number>> {
    const rows = await trx
      .selectFrom('order_adjustments')
      .select((eb) => ['product_id', eb.fn.sum<string>('quantity').as('quantity')])
      .where('original_order_id', '=', orderId)
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((row) => [row.product_id, Number(row.quantity)]));
  },

  /** What pricing a replacement needs, and whether the products are serialized. */
  async products(trx: Transaction<Database>, ids: number[]) {
    if (ids.length === 0) return [];
    return trx
      .selectFrom('products')
      .select([
        'id',
        'name',
        'serialized',
        'cost_cents',
        'sell_price_cents',
        'gold_percentage',
        'silver_percentage',
        'bronze_percentage',
      ])
      .where('id', 'in', ids)
      .execute();
  },

  async customerLevel(trx: Transaction<Database>, customerId: number): Promise<number> {
    const row = await trx.selectFrom('customers').select('level').where('id', '=', customerId).executeTakeFirst();
    return row?.level ?? 0;
  },

  /**
   * The lines of a registration already made for this order (a request sent again), in their order.
   * `duplicates --min-lines 12` pairs this query with `orderQuery` of orders.repository.ts by shape alone (a
   * table, four joins for names, a list of columns): they read different tables for different answers, so
   * there is no rule or query to share (issue 37 §5).
   */
  registered(trx: Transaction<Database>, orderId: number, registration: string) {
    return trx
      .selectFrom('order_adjustments as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .leftJoin('product_units as u', 'u.id', 'a.unit_id')
      .leftJoin('products as rp', 'rp.id', 'a.replacement_product_id')
      .leftJoin('product_units as ru', 'ru.id', 'a.replacement_unit_id')
      .select([
        'a.kind',
        'a.product_id',
        'p.name as product_name',
        'a.quantity',
        'u.imei',
        'a.unit_price_cents',
        'a.replacement_product_id',
        'rp.name as replacement_product_name',
        'ru.imei as replacement_imei',
        'a.replacement_unit_price_cents',
        'a.difference_cents',
        'a.created_at',
      ])
      .where('a.original_order_id', '=', orderId)
      .where('a.registration', '=', registration)
      .orderBy('a.id')
      .execute();
  },

  async insert(trx: Transaction<Database>, rows: Insertable<OrderAdjustmentsTable>[]) {
    return trx.insertInto('order_adjustments').values(rows).returning(['id', 'created_at']).execute();
  },
};

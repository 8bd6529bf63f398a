import { businessDay, shiftDay } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DAY, HOUR } from './clock';

/** How many quotes of each kind the demo has at scale 1 (issue 38 §4, decision 0043); more in proportion above. */
export const DEMO_QUOTES = { converted: 6, open: 4, expired: 3 } as const;

/** The quotes of each kind at `scale`: DEMO_QUOTES up to scale 1, multiplied above (a shop's size, issue 36). */
export function demoQuoteCounts(scale: number): { converted: number; open: number; expired: number } {
  const factor = Math.max(1, scale);
  return {
    converted: Math.round(DEMO_QUOTES.converted * factor),
    open: Math.round(DEMO_QUOTES.open * factor),
    expired: Math.round(DEMO_QUOTES.expired * factor),
  };
}
const VALIDITY_DAYS = 7;

/**
 * The demo's quotes, deterministic (chosen by id, no random stream): the last counter sales of the year (an
 * attendant's, to a registered customer, by pickup) each came from a quote saved two days before at the same
 * figures (CONVERTED, with the order); a few registered customers have OPEN quotes saved yesterday and a few
 * EXPIRED ones saved three weeks ago, each at the products' list prices of today. Returns the rows written.
 */
export async function seedQuotes(trx: Transaction<Database>, anchor: number, scale = 1): Promise<number> {
  const counts = demoQuoteCounts(scale);
  let written = 0;
  const sales = await trx
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.customer_id',
      'o.attendant_id',
      'o.delivery_type',
      'o.with_warranty',
      'o.fast_delivery',
      'o.items_total_cents',
      'o.shipping_cost_cents',
      'o.fast_delivery_tax_cents',
      'o.warranty_cents',
      'o.discount_cents',
      'o.total_cents',
      'o.created_at',
    ])
    .where('c.status', '=', 'APPROVED')
    .where('o.attendant_id', 'is not', null)
    .where('o.delivery_type', '=', 2)
    .orderBy('o.id', 'desc')
    .limit(counts.converted)
    .execute();
  for (const sale of sales) {
    const savedAt = new Date(new Date(sale.created_at).getTime() - 2 * DAY);
    const { id } = await trx
      .insertInto('quotes')
      .values({
        customer_id: sale.customer_id,
        employee_id: sale.attendant_id as number,
        status: 'CONVERTED',
        delivery_type: sale.delivery_type,
        with_warranty: sale.with_warranty,
        fast_delivery: sale.fast_delivery,
        items_total_cents: sale.items_total_cents,
        shipping_cost_cents: sale.shipping_cost_cents,
        fast_delivery_tax_cents: sale.fast_delivery_tax_cents,
        warranty_cents: sale.warranty_cents,
        discount_cents: sale.discount_cents,
        total_cents: sale.total_cents,
        valid_until: shiftDay(businessDay(savedAt), VALIDITY_DAYS),
        order_id: sale.id,
        converted_by: sale.attendant_id,
        converted_at: sale.created_at,
        created_at: savedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into quote_items (quote_id, position, product_id, product_code, product_name, quantity,
        unit_price_cents, discount_cents)
      select ${id}, row_number() over (order by i.id), i.product_id, i.product_code, i.product_name, i.quantity,
        i.unit_price_cents, i.discount_cents
      from order_items i where i.order_id = ${sale.id}`.execute(trx);
    written++;
  }

  // Open and expired quotes: registered customers at the list price (level 0) and two products each.
  const customers = await trx
    .selectFrom('customers')
    .select(['id', 'shipping_cost_cents'])
    .where('status', '=', 'APPROVED')
    .where('level', '=', 0)
    .orderBy('id')
    .limit(counts.open + counts.expired)
    .execute();
  const products = await trx
    .selectFrom('products')
    .select(['id', 'code', 'name', 'sell_price_cents'])
    .where('archived', '=', false)
    .where('sell_price_cents', '>', 0)
    .orderBy('id')
    .limit(2 * customers.length)
    .execute();
  const seller = await trx
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'atendente@demo.com.br')
    .executeTakeFirst();
  if (!seller) return written;
  for (const [index, customer] of customers.entries()) {
    const lines = products.slice(2 * index, 2 * index + 2).map((product, position) => ({
      product,
      quantity: position + 1,
    }));
    if (lines.length === 0) continue;
    const itemsCents = lines.reduce((sum, line) => sum + line.product.sell_price_cents * line.quantity, 0);
    const open = index < counts.open;
    const savedAt = new Date(anchor - (open ? 1 : 21) * DAY + 10 * HOUR);
    const { id } = await trx
      .insertInto('quotes')
      .values({
        customer_id: customer.id,
        employee_id: seller.id,
        status: 'OPEN',
        delivery_type: 1,
        with_warranty: false,
        fast_delivery: false,
        items_total_cents: itemsCents,
        shipping_cost_cents: customer.shipping_cost_cents,
        fast_delivery_tax_cents: 0,
        warranty_cents: 0,
        discount_cents: 0,
        total_cents: itemsCents + customer.shipping_cost_cents,
        valid_until: shiftDay(businessDay(savedAt), VALIDITY_DAYS),
        created_at: savedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('quote_items')
      .values(
        lines.map((line, position) => ({
          quote_id: id,
          position: position + 1,
          product_id: line.product.id,
          product_code: line.product.code,
          product_name: line.product.name,
          quantity: line.quantity,
          unit_price_cents: line.product.sell_price_cents,
          discount_cents: 0,
        })),
      )
      .execute();
    written++;
  }
  return written;
}

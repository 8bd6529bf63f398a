import type { DB } from '../../db/database';
import type { PaymentMethodColumn } from '../../db/schema';

/**
 * A brand with `products` products (sell price R$ 2,00, cost R$ 1,00, `stock` units each) and `customers`
 * customers, for the summary tests' random runs. `tag` keeps codes, names and e-mails apart from the other
 * rows of the test's database.
 */
export async function insertSmallBusiness(
  db: DB,
  { tag, products, customers, stock }: { tag: string; products: number; customers: number; stock: number },
): Promise<{ products: number[]; customers: number[] }> {
  const brand = (
    await db
      .insertInto('brands')
      .values({ name: `Marca ${tag}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const productIds: number[] = [];
  for (let i = 0; i < products; i++) {
    const row = await db
      .insertInto('products')
      .values({
        code: `${tag}${i}`,
        name: `Produto ${tag}${i}`,
        brand_id: brand,
        cost_cents: 100,
        sell_price_cents: 200,
        stock,
        tags: [],
        search_text: `produto ${tag.toLowerCase()}${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.push(row.id);
  }
  const customerIds: number[] = [];
  for (let i = 0; i < customers; i++) {
    const row = await db
      .insertInto('customers')
      .values({
        name: `Cliente ${tag}${i}`,
        email: `cliente.${tag.toLowerCase()}${i}@x.com.br`,
        phone: '11988887777',
        document: '52998224725',
        search_text: `cliente ${tag.toLowerCase()}${i}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(row.id);
  }
  return { products: productIds, customers: customerIds };
}

/** A line of a sale written by hand: `quantity` × `price` of `product`, each unit costing `cost`, less `discount` (cents). */
export interface SaleLine {
  product: number;
  quantity: number;
  price: number;
  cost: number;
  discount?: number;
}

/** A sale written by hand: its `lines` (none: an order without items), status and payment as the test needs them. */
export interface Sale {
  code: string;
  customer: number;
  status: number;
  payment: PaymentMethodColumn;
  at: Date;
  lines: SaleLine[];
  attendant?: number | null;
  /** 1 a motoboy, 2 a pickup (the default). */
  deliveryType?: 1 | 2;
  freight?: number;
}

/**
 * A sale straight into `orders` and `order_items`, as the reports read it (no stock moved, no history), for the
 * summary tests' hand-made and random runs: the items' total is the lines' quantity × price, the order's discount
 * their discounts, its total the items plus `freight` less the discount. The items' name and code snapshots are 'x'.
 */
export async function insertSale(db: DB, sale: Sale): Promise<{ id: number; created_at: Date }> {
  const goods = sale.lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
  const discount = sale.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const freight = sale.freight ?? 0;
  const order = await db
    .insertInto('orders')
    .values({
      code: sale.code,
      customer_id: sale.customer,
      attendant_id: sale.attendant ?? null,
      status: sale.status,
      delivery_type: sale.deliveryType ?? 2,
      payment_method: sale.payment,
      items_total_cents: goods,
      discount_cents: discount,
      total_cents: goods + freight - discount,
      shipping_cost_cents: freight,
      created_at: sale.at,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  if (sale.lines.length > 0)
    await db
      .insertInto('order_items')
      .values(
        sale.lines.map((line) => ({
          order_id: order.id,
          product_id: line.product,
          product_name: 'x',
          product_code: 'x',
          quantity: line.quantity,
          unit_price_cents: line.price,
          unit_cost_cents: line.cost,
          total_cents: line.quantity * line.price,
          discount_cents: line.discount ?? 0,
        })),
      )
      .execute();
  return order;
}

import type { PaymentMethod } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { isStorableId, searchWords } from '../../lib/sql-input';

/** What selling reads of a customer. */
export interface SellingCustomerRow {
  id: number;
  name: string;
  email: string;
  level: number;
  status: string;
  shipping_cost_cents: number;
  warranty_percentage: number;
  fast_delivery_tax_cents: number;
  deliverer_id: number | null;
  neighborhood: string | null;
  /** With the neighborhood, the address a courier goes to (none for a counter customer registered without it). */
  street: string | null;
  zip_code: string | null;
  city: string | null;
}

const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'email',
  'level',
  'status',
  'shipping_cost_cents',
  'warranty_percentage',
  'fast_delivery_tax_cents',
  'deliverer_id',
  'neighborhood',
  'street',
  'zip_code',
  'city',
] as const;

/** A product found by the selling search, with what its level price needs. */
export interface SellingProductRow {
  id: number;
  code: string;
  name: string;
  brand: string;
  reference: string | null;
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
  stock: number;
  serialized: boolean;
}

/** A cart line with its product as it is now. */
export interface CartLineRow {
  product_id: number;
  quantity: number;
  code: string;
  name: string;
  cost_cents: number;
  sell_price_cents: number;
  gold_percentage: number;
  silver_percentage: number;
  bronze_percentage: number;
  stock: number;
  archived: boolean;
}

/** A checkout attempt already recorded, with its order. */
export interface CheckoutRequestRow {
  customer_id: number;
  request_hash: string;
  order_id: number | null;
  code: string | null;
  status: number | null;
  total_cents: number | null;
  payment_method: PaymentMethod | null;
  delivery_type: number | null;
  card_on_delivery: boolean | null;
}

/** SQL of internal selling. Every function takes `db` or a transaction. */
export const sellingRepository = {
  findCustomer(db: Executor, id: number): Promise<SellingCustomerRow | undefined> {
    if (!isStorableId(id)) return Promise.resolve(undefined);
    return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  findCustomerByEmail(db: Executor, email: string): Promise<SellingCustomerRow | undefined> {
    return db
      .selectFrom('customers')
      .select(CUSTOMER_COLUMNS)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  },
  /**
   * Holds the customer for the rest of the transaction: `share` for cart changes (several at once), `update`
   * for a checkout, which so waits for cart changes in progress and makes them wait until it has emptied
   * the cart (and two checkouts of one customer queue).
   */
  lockCustomer(
    trx: Transaction<Database>,
    id: number,
    mode: 'share' | 'update',
  ): Promise<SellingCustomerRow | undefined> {
    if (!isStorableId(id)) return Promise.resolve(undefined);
    const query = trx.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id);
    return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
  },

  /**
   * Active products whose name, code, tags, brand or reference hold every word of `search` (accent- and
   * case-free `search_text`, served by the trigram index of migration 0004); in stock first, then by name.
   */
  searchProducts(db: Executor, search: string, limit: number): Promise<SellingProductRow[]> {
    const words = searchWords(search);
    if (words.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .leftJoin('brand_references as r', 'r.id', 'p.reference_id')
      .select([
        'p.id',
        'p.code',
        'p.name',
        'b.name as brand',
        'r.name as reference',
        'p.cost_cents',
        'p.sell_price_cents',
        'p.gold_percentage',
        'p.silver_percentage',
        'p.bronze_percentage',
        'p.stock',
        'p.serialized',
      ])
      .where('p.archived', '=', false)
      .where((eb) => eb.and(words.map((word) => eb('p.search_text', 'like', `%${word}%`))))
      .orderBy((eb) => eb('p.stock', '>', 0), 'desc')
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(limit)
      .execute();
  },

  findProduct(db: Executor, id: number) {
    if (!isStorableId(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('products')
      .select(['id', 'code', 'name', 'stock', 'archived'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The customer's cart, oldest line first, each with its product as it is now. */
  cartLines(db: Executor, customerId: number): Promise<CartLineRow[]> {
    return db
      .selectFrom('cart_items as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select([
        'c.product_id',
        'c.quantity',
        'p.code',
        'p.name',
        'p.cost_cents',
        'p.sell_price_cents',
        'p.gold_percentage',
        'p.silver_percentage',
        'p.bronze_percentage',
        'p.stock',
        'p.archived',
      ])
      .where('c.customer_id', '=', customerId)
      .orderBy('c.added_at')
      .orderBy('c.product_id')
      .execute();
  },
  /**
   * Given lines (a quote's: product and quantity, in their order) as cart lines, each with its product as it is
   * now; a product that no longer exists is left out (the caller compares the counts).
   */
  async productLines(
    db: Executor,
    lines: ReadonlyArray<{ productId: number; quantity: number }>,
  ): Promise<CartLineRow[]> {
    if (lines.length === 0) return [];
    const rows = await db
      .selectFrom('products as p')
      .select([
        'p.id',
        'p.code',
        'p.name',
        'p.cost_cents',
        'p.sell_price_cents',
        'p.gold_percentage',
        'p.silver_percentage',
        'p.bronze_percentage',
        'p.stock',
        'p.archived',
      ])
      .where(
        'p.id',
        'in',
        lines.map((line) => line.productId),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return lines.flatMap((line) => {
      const row = byId.get(line.productId);
      if (!row) return [];
      const { id, ...product } = row;
      return [{ product_id: id, quantity: line.quantity, ...product }];
    });
  },
  async countCartLines(db: Executor, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  findCartLine(db: Executor, customerId: number, productId: number) {
    return db
      .selectFrom('cart_items')
      .select(['quantity'])
      .where('customer_id', '=', customerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  },
  /** Adds `quantity` to the line (creating it): the row lock queues two adds of one line. Returns the new quantity. */
  async addToCart(trx: Transaction<Database>, customerId: number, productId: number, quantity: number) {
    const row = await trx
      .insertInto('cart_items')
      .values({ customer_id: customerId, product_id: productId, quantity })
      .onConflict((oc) =>
        oc.columns(['customer_id', 'product_id']).doUpdateSet((eb) => ({
          quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')),
        })),
      )
      .returning('quantity')
      .executeTakeFirstOrThrow();
    return row.quantity;
  },
  async setCartQuantity(trx: Transaction<Database>, customerId: number, productId: number, quantity: number) {
    const result = await trx
      .updateTable('cart_items')
      .set({ quantity })
      .where('customer_id', '=', customerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
  async removeFromCart(trx: Transaction<Database>, customerId: number, productId: number) {
    const result = await trx
      .deleteFrom('cart_items')
      .where('customer_id', '=', customerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
  async clearCart(trx: Transaction<Database>, customerId: number) {
    await trx.deleteFrom('cart_items').where('customer_id', '=', customerId).execute();
  },

  /**
   * The counter sales waiting for their Pix (placed since `since`, still in a Pix status, with a Pix part of their
   * own), newest first, a page at a time; `sellerId` only his, null everyone's. With what their cash and card parts
   * took (a cancellation gives them back).
   */
  async waitingCounterSales(
    db: Executor,
    filter: { since: Date; sellerId: number | null; statuses: number[]; page: number; pageSize: number },
  ) {
    const base = db
      .selectFrom('orders as o')
      .where('o.sold_at_counter', '=', true)
      .where('o.status', 'in', filter.statuses)
      .where('o.created_at', '>=', filter.since)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_payments as x')
            .select('x.id')
            .whereRef('x.order_id', '=', 'o.id')
            .where('x.method', '=', 'PIX')
            .where('x.pix_txid', 'is not', null),
        ),
      )
      .$if(filter.sellerId !== null, (qb) => qb.where('o.attendant_id', '=', filter.sellerId as number));
    const parts = (method: 'CASH' | 'CARD') =>
      sql<string>`coalesce((select sum(p.amount_cents) from order_payments p
        where p.order_id = o.id and p.method = ${method} and p.status = 'CONFIRMED'), 0)`;
    const [rows, count] = await Promise.all([
      base
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .leftJoin('employees as e', 'e.id', 'o.attendant_id')
        .select([
          'o.id',
          'o.code',
          'o.status',
          'o.total_cents',
          'o.created_at',
          'c.name as customer',
          'e.name as seller',
        ])
        .select([parts('CASH').as('cash_cents'), parts('CARD').as('card_cents')])
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(filter.pageSize)
        .offset(filter.page * filter.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** A checkout attempt by its key, with the order it made (if any yet). */
  /** A counter sale's code and status ('Balcão'): undefined for an order not sold at the counter. */
  counterSale(db: Executor, orderId: number) {
    return db
      .selectFrom('orders')
      .select(['id', 'code', 'status'])
      .where('id', '=', orderId)
      .where('sold_at_counter', '=', true)
      .executeTakeFirst();
  },
  findCheckoutRequest(db: Executor, key: string): Promise<CheckoutRequestRow | undefined> {
    return db
      .selectFrom('checkout_requests as k')
      .leftJoin('orders as o', 'o.id', 'k.order_id')
      .select([
        'k.customer_id',
        'k.request_hash',
        'k.order_id',
        'o.code',
        'o.status',
        'o.total_cents',
        'o.payment_method',
        'o.delivery_type',
        'o.card_on_delivery',
      ])
      .where('k.idempotency_key', '=', key)
      .executeTakeFirst();
  },
  /**
   * Records the attempt, first thing in the checkout's transaction. False when the key is taken: a second
   * request with the same key waits here until the first commits (then false) or rolls back (then true).
   */
  async claimCheckoutRequest(
    trx: Transaction<Database>,
    row: { idempotency_key: string; customer_id: number; employee_id: number; request_hash: string },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('checkout_requests')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    return inserted !== undefined;
  },
  async completeCheckoutRequest(trx: Transaction<Database>, key: string, orderId: number) {
    await trx.updateTable('checkout_requests').set({ order_id: orderId }).where('idempotency_key', '=', key).execute();
  },

  /** An order's figures and lines, to change its discount (the caller has locked it). */
  async orderForDiscount(trx: Transaction<Database>, orderId: number) {
    const order = await trx
      .selectFrom('orders')
      .select([
        'id',
        'code',
        'status',
        'payment_method',
        'card_on_delivery',
        'items_total_cents',
        'shipping_cost_cents',
        'fast_delivery_tax_cents',
        'warranty_cents',
        'discount_cents',
        'total_cents',
        'change_for_cents',
      ])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('order_items')
      .select(['id', 'product_id', 'product_name', 'total_cents', 'discount_cents'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return { order, items };
  },
  /** An order's row and lines as an edit reads them (issue 38 §5; the caller has locked it). */
  async orderForEdit(trx: Transaction<Database>, orderId: number) {
    const order = await trx
      .selectFrom('orders')
      .select([
        'id',
        'code',
        'status',
        'customer_id',
        'payment_method',
        'delivery_type',
        'fast_delivery',
        'with_warranty',
        'items_total_cents',
        'shipping_cost_cents',
        'fast_delivery_tax_cents',
        'warranty_cents',
        'discount_cents',
        'total_cents',
        'change_for_cents',
        'card_on_delivery',
        'neighborhood',
        'deliverer_id',
        'repair_id',
      ])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('order_items')
      .select([
        'id',
        'product_id',
        'product_name',
        'product_code',
        'quantity',
        'unit_price_cents',
        'unit_cost_cents',
        'total_cents',
        'discount_cents',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    return { order, items };
  },
  /** Products to price for an edit (the caller has locked them through the stock module). */
  productsForEdit(trx: Transaction<Database>, ids: number[]) {
    const storable = ids.filter(isStorableId);
    if (storable.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('products')
      .select([
        'id',
        'code',
        'name',
        'archived',
        'cost_cents',
        'sell_price_cents',
        'gold_percentage',
        'silver_percentage',
        'bronze_percentage',
      ])
      .where('id', 'in', storable)
      .execute();
  },

  /** An order as its receipt prints it: the sale, who sold it, the buyer, the lines and the payments received. */
  async orderForReceipt(db: Executor, orderId: number) {
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .leftJoin('employees as e', 'e.id', 'o.attendant_id')
      .select([
        'o.id',
        'o.code',
        'o.created_at',
        'o.attendant_id',
        'o.note_document',
        'o.items_total_cents',
        'o.shipping_cost_cents',
        'o.fast_delivery_tax_cents',
        'o.warranty_cents',
        'o.discount_cents',
        'o.total_cents',
        'c.name as customer_name',
        'c.document as customer_document',
        'c.status as customer_status',
        'e.name as seller_name',
      ])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    if (!order) return undefined;
    const items = await db
      .selectFrom('order_items')
      .select(['product_code', 'product_name', 'quantity', 'unit_price_cents', 'total_cents', 'discount_cents'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const payments = await db
      .selectFrom('order_payments')
      .select(['method', 'amount_cents', 'received_cents', 'card_kind', 'card_brand', 'instalments'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'CONFIRMED')
      .orderBy('seq')
      .execute();
    return { order, items, payments };
  },
};

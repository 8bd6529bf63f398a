import { generateOrderCode, ORDER_STATUS, OUT_FOR_DELIVERY_STATUSES, type PartFacts } from '@backoffice/contract';
import { type ExpressionBuilder, type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, OrderImageKind, OrderItemsTable, OrdersTable, PaymentMethodColumn } from '../../db/schema';
import { isStorableId } from '../../lib/sql-input';
import { hashBands } from './images';
import { type OrderReader, readableBy } from './order-readers';
import { PAYMENT_PARTS, PIX_WAITING } from './payment-facts.service';

/** From this offset on, a status page starts its index scan at its day (migration 0012's counters). */
export const DAY_SKIP_FROM = 500;

/**
 * Where the page lies past the last day skipped ('YYYY-MM-DD', UTC): newest first, before that day's
 * start; oldest first, from the start of the day after it.
 */
function dayEdge(day: string, fromOldest: boolean): Date {
  const start = new Date(`${day}T00:00:00Z`);
  return fromOldest ? new Date(start.getTime() + 86_400_000) : start;
}

/** An order row with the names the API shows (customer, stocker, courier, attendant). */
export interface OrderRow {
  id: number;
  code: string;
  change_for_cents: number | null;
  card_on_delivery: boolean;
  /** The payment parts (issue 38), null without. */
  payment_parts?: PartFacts[] | string | null;
  customer_id: number;
  customer_name: string;
  status: number;
  delivery_type: number;
  fast_delivery: boolean;
  with_warranty: boolean;
  payment_method: PaymentMethodColumn;
  items_total_cents: number;
  shipping_cost_cents: number;
  fast_delivery_tax_cents: number;
  warranty_cents: number;
  discount_cents: number;
  total_cents: number;
  neighborhood: string | null;
  comments: string | null;
  attendant_id: number | null;
  attendant_name: string | null;
  stocker_id: number | null;
  stocker_name: string | null;
  deliverer_id: number | null;
  deliverer_name: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  /** A Pix the bank confirmed waits for an employee's click (`PIX_WAITING`). */
  pix_waiting: boolean;
  /** Who received the delivery (decision 0039): read by the details, absent from the lists' own queries. */
  receiver_name?: string | null;
  receiver_document?: string | null;
  /** The repair this order bills and its labour (decision 0059); null and 0 for a sale. */
  repair_id?: number | null;
  labour_cents?: number;
  /** Sold and handed over at the counter ('Balcão', decision 0074): no separation, finalized at once. */
  sold_at_counter?: boolean;
}

/** The order row itself, locked for the rest of the transaction. */
export type LockedOrder = Pick<
  OrderRow,
  | 'id'
  | 'code'
  | 'customer_id'
  | 'status'
  | 'delivery_type'
  | 'fast_delivery'
  | 'deliverer_id'
  | 'stocker_id'
  | 'total_cents'
  | 'updated_at'
  | 'finished_at'
  | 'repair_id'
  | 'sold_at_counter'
>;

/** How many codes are tried before giving up (6 characters of 31 letters: a clash is rare). */
const CODE_ATTEMPTS = 10;

/** The expression code search compares: upper case, without the dash ("k7m4qp" finds "K7M-4QP"). */
export const normalizedCode = sql<string>`upper(replace(o.code, '-', ''))`;

/** Orders as `o` with their customer and employees' names: the columns of an `OrderRow`. */
export function orderQuery(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('employees as s', 's.id', 'o.stocker_id')
    .leftJoin('employees as d', 'd.id', 'o.deliverer_id')
    .leftJoin('employees as a', 'a.id', 'o.attendant_id')
    .select([
      'o.id',
      'o.code',
      'o.customer_id',
      'c.name as customer_name',
      'o.status',
      'o.delivery_type',
      'o.fast_delivery',
      'o.with_warranty',
      'o.payment_method',
      'o.items_total_cents',
      'o.shipping_cost_cents',
      'o.fast_delivery_tax_cents',
      'o.warranty_cents',
      'o.discount_cents',
      'o.total_cents',
      'o.change_for_cents',
      'o.card_on_delivery',
      'o.neighborhood',
      'o.comments',
      'o.attendant_id',
      'a.name as attendant_name',
      'o.stocker_id',
      's.name as stocker_name',
      'o.deliverer_id',
      'd.name as deliverer_name',
      'o.created_at',
      'o.updated_at',
      'o.finished_at',
      // One look into the index of pix_received's order_id (migrations 0020, 0057) per row.
      sql<boolean>`exists (select 1 from pix_received p where p.order_id = o.id and ${PIX_WAITING})`.as('pix_waiting'),
      'o.receiver_name',
      'o.receiver_document',
      'o.repair_id',
      'o.labour_cents',
      PAYMENT_PARTS.as('payment_parts'),
    ]);
}

/** The orders screen's filters, resolved: the customer's words (normalized) and the placing instants. */
export interface OrderFilter {
  /** Each must be in the customer's search_text (the trigram index of migration 0004): `searchWords`, escaped. */
  terms: string[];
  /** created_at >= from */
  from?: Date;
  /** created_at < until */
  until?: Date;
}

/** The filter as a condition on `o` and `c` (the customer's search text, the placing time). */
function filtered(filter: OrderFilter) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders']; c: Database['customers'] }, 'o' | 'c'>) =>
    eb.and([
      ...filter.terms.map((term) => eb('c.search_text', 'like', `%${term}%`)),
      ...(filter.from ? [eb('o.created_at', '>=', filter.from)] : []),
      ...(filter.until ? [eb('o.created_at', '<', filter.until)] : []),
    ]);
}

/** SQL of orders. Every function takes `db` or a transaction. */
export const ordersRepository = {
  /** The order, when it exists and `reader` (if given) may read it. */
  async findById(db: Executor, id: number, reader?: OrderReader): Promise<OrderRow | undefined> {
    if (!isStorableId(id)) return undefined;
    let query = orderQuery(db).where('o.id', '=', id);
    if (reader) query = query.where(readableBy(reader));
    return query.executeTakeFirst();
  },

  /** By code, ignoring case and the dash (the expression index of migration 0006), if `reader` may read it. */
  findByNormalizedCode(db: Executor, code: string, reader: OrderReader): Promise<OrderRow | undefined> {
    return orderQuery(db).where(normalizedCode, '=', code).where(readableBy(reader)).executeTakeFirst();
  },

  /**
   * A page of the orders of a status that `reader` may read, newest change first, and how many there are:
   * the path of a reader who sees only some orders (a courier's are few; the counters count them all).
   */
  async readablePage(
    db: Executor,
    reader: OrderReader,
    status: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const counted = await db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.status', '=', status)
      .where(readableBy(reader))
      .executeTakeFirstOrThrow();
    const rows = await orderQuery(db)
      .where('o.status', '=', status)
      .where(readableBy(reader))
      .orderBy('o.updated_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(counted.n) };
  },

  /**
   * A page of the orders of a status matching the screen's filter (and readable by `reader`, if given),
   * newest change first, and how many match: the customers come from the trigram index, the period from
   * orders_created / orders_customer_created.
   */
  async filteredPage(
    db: Executor,
    status: number,
    filter: OrderFilter,
    offset: number,
    limit: number,
    reader?: OrderReader,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    let counting = db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.status', '=', status)
      .where(filtered(filter));
    let rows = orderQuery(db).where('o.status', '=', status).where(filtered(filter));
    if (reader) {
      counting = counting.where(readableBy(reader));
      rows = rows.where(readableBy(reader));
    }
    const counted = await counting.executeTakeFirstOrThrow();
    const page = await rows
      .orderBy('o.updated_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows: page, total: Number(counted.n) };
  },

  /** How many orders of each status match the filter (and `reader` may read, if given). */
  async filteredCounts(db: Executor, filter: OrderFilter, reader?: OrderReader): Promise<Map<number, number>> {
    let query = db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(filtered(filter))
      .groupBy('o.status');
    if (reader) query = query.where(readableBy(reader));
    const counted = await query.execute();
    return new Map(counted.map((row) => [Number(row.status), Number(row.n)]));
  },

  /**
   * How many orders of each status have a Pix waiting for a click (`PIX_WAITING`), matching the filter and
   * readable by `reader` when given: the few rows of the partial index `pix_received_waiting`.
   */
  async pixWaitingCounts(db: Executor, filter?: OrderFilter, reader?: OrderReader): Promise<Map<number, number>> {
    let query = db
      .selectFrom('pix_received as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(PIX_WAITING)
      .groupBy('o.status');
    if (filter) query = query.where(filtered(filter));
    if (reader) query = query.where(readableBy(reader));
    const counted = await query.execute();
    return new Map(counted.map((row) => [Number(row.status), Number(row.n)]));
  },

  /** How many orders of each status `reader` may read, by counting them (statuses without orders absent). */
  async readableCounts(db: Executor, reader: OrderReader): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('orders as o')
      .select(['o.status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(readableBy(reader))
      .groupBy('o.status')
      .execute();
    return new Map(rows.map((row) => [Number(row.status), Number(row.n)]));
  },

  /** Locks the order row (`for update`): two employees acting on one order queue here. */
  /** Claims a move's Idempotency-Key: false when it was claimed before (then `moveKey` tells by whom). */
  async claimMoveKey(
    trx: Transaction<Database>,
    row: { idempotency_key: string; employee_id: number; command: string; order_id: number; request_hash: string },
  ): Promise<boolean> {
    const claimed = await trx
      .insertInto('order_move_requests')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    return claimed !== undefined;
  },

  moveKey(trx: Transaction<Database>, key: string) {
    return trx.selectFrom('order_move_requests').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  },

  /**
   * The id of the order whose code, without its dash, is this Pix txid (K7M4QP names K7M-4QP), in the same
   * case: a txid is case-sensitive (BACEN), so k7m4qp names no order. Found through the code's expression index.
   */
  async idByTxid(db: Executor, txid: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('orders as o')
      .select('o.id')
      .where(normalizedCode, '=', txid.toUpperCase())
      .where(sql<string>`replace(o.code, '-', '')`, '=', txid)
      .executeTakeFirst();
    return row?.id;
  },

  async lockById(trx: Transaction<Database>, id: number): Promise<LockedOrder | undefined> {
    if (!isStorableId(id)) return undefined;
    return trx
      .selectFrom('orders')
      .select([
        'id',
        'code',
        'customer_id',
        'status',
        'delivery_type',
        'fast_delivery',
        'deliverer_id',
        'stocker_id',
        'total_cents',
        'updated_at',
        'finished_at',
        'repair_id',
        'sold_at_counter',
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /**
   * One page of a status, newest change first. The page's ids come first from the
   * (status, updated_at desc, id desc) index alone (an index-only scan: no table rows, no joins), then
   * only those rows are joined with customer and employees. `fromOldest` reads the same index from its
   * other end (the caller turns the page around): a page near the end skips few entries, not all of them.
   * A deep page first finds, in the per-day counters of migration 0012, the day (UTC) it starts in and
   * starts the index scan there, so it skips at most that day's orders instead of every newer one. Read in
   * the caller's snapshot, the counters agree with the orders exactly.
   */
  async pageByStatus(
    db: Executor,
    status: number,
    offset: number,
    limit: number,
    fromOldest = false,
  ): Promise<OrderRow[]> {
    const direction = fromOldest ? 'asc' : 'desc';
    let bound: Date | undefined;
    let skip = offset;
    if (offset >= DAY_SKIP_FROM) {
      const days = await db
        .selectFrom('order_status_days')
        // as text: 'YYYY-MM-DD' whatever the driver's (or the process's) time zone
        .select([sql<string>`day::text`.as('day'), 'orders'])
        .where('status', '=', status)
        .where('orders', '>', 0)
        .orderBy('day', direction)
        .execute();
      for (const row of days) {
        const orders = Number(row.orders);
        if (orders > skip) break;
        skip -= orders;
        bound = dayEdge(row.day, fromOldest);
      }
    }
    let pageIds = db
      .selectFrom('orders as o')
      .select(['o.id', 'o.updated_at'])
      .where('o.status', '=', status)
      .orderBy('o.updated_at', direction)
      .orderBy('o.id', direction)
      .limit(limit)
      .offset(skip);
    if (bound) pageIds = pageIds.where('o.updated_at', fromOldest ? '>=' : '<', bound);
    return orderQuery(db)
      .innerJoin(pageIds.as('page'), 'page.id', 'o.id')
      .orderBy('page.updated_at', 'desc')
      .orderBy('page.id', 'desc')
      .execute();
  },

  /** From the counters kept by the database (migration 0008), not by counting orders. */
  async countByStatus(db: Executor, status: number): Promise<number> {
    const row = await db
      .selectFrom('order_status_counts')
      .select('orders')
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(row?.orders ?? 0);
  },

  /** How many orders each status holds, from the counters of migration 0008 (statuses without orders are absent). */
  async countsByStatus(db: Executor): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('order_status_counts')
      .select(['status', 'orders'])
      .where('orders', '<>', 0)
      .execute();
    return new Map(rows.map((row) => [Number(row.status), Number(row.orders)]));
  },

  /** Every order: the sum of the counters of migration 0008. */
  async countAll(db: Executor): Promise<number> {
    const row = await db
      .selectFrom('order_status_counts')
      .select(sql<string>`coalesce(sum(orders), 0)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The units (phones) that went to the order when it was packed, by product, with their IMEIs. */
  unitsOf(db: Executor, orderId: number) {
    return db
      .selectFrom('product_units')
      .select(['product_id', 'imei', 'warranty_days'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },

  /** When the order last left for delivery (null when it never did). */
  async departedAt(db: Executor, orderId: number): Promise<Date | null> {
    const departed = await db
      .selectFrom('order_status_history')
      .select('created_at')
      .where('order_id', '=', orderId)
      .where('status', 'in', [...OUT_FOR_DELIVERY_STATUSES])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return departed ? new Date(departed.created_at) : null;
  },

  /**
   * The customer's phone, document and address as registered, the walk-in's CPF on the note, when the order last left for delivery (null
   * when it never did) and when it was delivered (its first 'Entregue' row: the signature's moment, decision
   * 0039; null before).
   */
  async contactFacts(db: Executor, orderId: number, customerId: number) {
    const customer = await db
      .selectFrom('customers')
      .select([
        'email',
        'phone',
        'document',
        'street',
        'number',
        'complement',
        'neighborhood',
        'city',
        'state',
        'zip_code',
      ])
      .where('id', '=', customerId)
      .executeTakeFirst();
    const delivered = await db
      .selectFrom('order_status_history')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('order_id', '=', orderId)
      .where('status', '=', ORDER_STATUS.ENTREGUE)
      .executeTakeFirst();
    const order = await db.selectFrom('orders').select('note_document').where('id', '=', orderId).executeTakeFirst();
    return {
      // A walk-in ('Consumidor final', decision 0040) has no phone: none rather than an empty one.
      phone: customer?.phone || null,
      customer: customer ?? null,
      /** A walk-in's 'CPF na nota' (decision 0040), or null. */
      noteDocument: order?.note_document ?? null,
      departedAt: await ordersRepository.departedAt(db, orderId),
      deliveredAt: delivered?.at ? new Date(delivered.at) : null,
    };
  },

  items(db: Executor, orderId: number) {
    return db
      .selectFrom('order_items')
      .select(['product_id', 'product_name', 'quantity', 'unit_price_cents', 'discount_cents'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },

  images(db: Executor, orderId: number, kind: OrderImageKind) {
    return db
      .selectFrom('order_images')
      .select(['path', 'created_at', 'phash', 'near_hashes'])
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async insertImages(
    trx: Transaction<Database>,
    orderId: number,
    kind: OrderImageKind,
    keys: string[],
    at: Date,
    phash: string | null = null,
    nearHashes: string[] | null = null,
  ) {
    if (keys.length === 0) return;
    await trx
      .insertInto('order_images')
      .values(
        keys.map((path) => ({
          order_id: orderId,
          kind,
          path,
          created_at: at,
          phash,
          phash_bands: phash === null ? null : hashBands(phash),
          near_hashes: nearHashes,
        })),
      )
      .execute();
  },

  histories(db: Executor, orderId: number) {
    return db
      .selectFrom('order_status_history as h')
      .leftJoin('employees as e', 'e.id', 'h.employee_id')
      .select(['h.status', 'h.note', 'h.created_at', 'e.name as employee_name'])
      .where('h.order_id', '=', orderId)
      .orderBy('h.created_at')
      .orderBy('h.id')
      .execute();
  },

  /** Inserts the order under a fresh code (retrying the rare clash without aborting the transaction). */
  async insertOrder(
    trx: Transaction<Database>,
    values: Omit<Insertable<OrdersTable>, 'code'>,
  ): Promise<{ id: number; code: string }> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = generateOrderCode();
      const row = await trx
        .insertInto('orders')
        .values({ ...values, code })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning(['id', 'code'])
        .executeTakeFirst();
      if (row) return row;
    }
    throw new Error('no free order code');
  },

  async insertItems(trx: Transaction<Database>, items: Insertable<OrderItemsTable>[]) {
    if (items.length > 0) await trx.insertInto('order_items').values(items).execute();
  },

  async insertHistory(
    trx: Transaction<Database>,
    row: { order_id: number; status: number; employee_id: number | null; note: string | null; created_at: Date },
  ) {
    await trx.insertInto('order_status_history').values(row).execute();
  },

  async update(trx: Transaction<Database>, id: number, values: Updateable<OrdersTable>) {
    await trx.updateTable('orders').set(values).where('id', '=', id).execute();
  },

  employee(db: Executor, id: number) {
    if (!isStorableId(id)) return Promise.resolve(undefined);
    return db.selectFrom('employees').select(['id', 'name', 'func', 'blocked']).where('id', '=', id).executeTakeFirst();
  },

  async customerDelivererId(db: Executor, customerId: number): Promise<number | null> {
    const row = await db.selectFrom('customers').select('deliverer_id').where('id', '=', customerId).executeTakeFirst();
    return row?.deliverer_id ?? null;
  },

  /** How many units of this order already came back to stock (CANCELLATION rows of the ledger). */
  async releasedMovements(db: Executor, orderId: number): Promise<number> {
    const row = await db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .where('kind', '=', 'CANCELLATION')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The order billing this service order (decision 0059): one at most (`orders.repair_id` is unique). */
  async billIdOfRepair(db: Executor, repairId: number): Promise<number | undefined> {
    const row = await db.selectFrom('orders').select('id').where('repair_id', '=', repairId).executeTakeFirst();
    return row?.id;
  },

  /** The repair it bills (orders.repair_id, migration 0078: its goods never left stock by it) and who sold it. */
  repairAndSeller(db: Executor, orderId: number) {
    return db.selectFrom('orders').select(['repair_id', 'attendant_id']).where('id', '=', orderId).executeTakeFirst();
  },
};

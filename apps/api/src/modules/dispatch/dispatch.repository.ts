import { AWAITING_COURIER_STATUSES } from '@backoffice/contract';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { folded } from '../../lib/sql-input';
import { DUE_AT_HANDOVER, PAYMENT_PARTS } from '../orders/payment-facts.service';

/** The orders waiting for a courier: the contract's (Aguardando motoboy, Entrega imediata). */
const WAITING: readonly number[] = AWAITING_COURIER_STATUSES;

function orderRows(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.code',
      'o.status',
      'o.payment_method',
      'o.total_cents',
      'o.change_for_cents',
      'o.card_on_delivery',
      // Its payment parts (issue 38): a 'Levar maquininha' card charges the total less the parts paid.
      PAYMENT_PARTS.as('payment_parts'),
      'o.fast_delivery',
      'o.updated_at',
      'o.receiver_name',
      'o.receiver_document',
      'c.name as customer',
      'c.phone',
      'c.street',
      'c.number',
      'c.complement',
      'o.neighborhood',
      'c.city',
      'c.state',
      sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id)`.as(
        'items_count',
      ),
      // Since when it is in its status (kept by the triggers of migration 0048): when it was packed, for a
      // waiting order.
      'o.status_since as packed_at',
    ]);
}
export type DispatchOrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

/**
 * Which waiting orders a place of the board holds (`boardSlots` in dispatch.service.ts decides): the orders
 * of `status` and, when `packed` is given, packed (in that status since) within one of its ranges, each
 * `(after, upTo]` (`after` null: since ever). No range: none.
 */
export interface BoardSlot {
  status: number;
  packed: { after: Date | null; upTo: Date }[] | null;
}

type OrdersScope = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

function inSlot(eb: OrdersScope, slot: BoardSlot) {
  const status = eb('o.status', '=', slot.status);
  if (slot.packed === null) return status;
  if (slot.packed.length === 0) return eb.lit(false);
  return eb.and([
    status,
    eb.or(
      slot.packed.map(({ after, upTo }) =>
        after === null
          ? eb('o.status_since', '<=', upTo)
          : eb.and([eb('o.status_since', '>', after), eb('o.status_since', '<=', upTo)]),
      ),
    ),
  ]);
}

/** In no open run yet. */
function inNoOpenRun(eb: OrdersScope) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('courier_run_orders as ro')
        .innerJoin('courier_runs as r', 'r.id', 'ro.run_id')
        .select('ro.order_id')
        .whereRef('ro.order_id', '=', 'o.id')
        .where('r.settled_at', 'is', null),
    ),
  );
}

/** Waiting for a courier, and in no open run yet. */
function waiting(eb: OrdersScope) {
  return eb.and([eb('o.status', 'in', WAITING), inNoOpenRun(eb)]);
}

/**
 * The waiting orders of one place of the board: its status stated once. Repeating `status in (3, 15)` beside
 * `status = 3` made PostgreSQL multiply the two conditions' selectivities: 3 rows expected of 961 at scale 100
 * (850 with the status once), 29 of 1,238 on a stand-in where it then read a table page per order.
 */
function waitingInSlot(eb: OrdersScope, slot: BoardSlot) {
  if (!WAITING.includes(slot.status))
    throw new Error(`a board's place holds waiting orders, not status ${slot.status}`);
  return eb.and([inSlot(eb, slot), inNoOpenRun(eb)]);
}

/**
 * The order of a departure's orders: by neighbourhood, lower-cased and without the accents of Portuguese,
 * then as written, then by id; the immediate deliveries by id.
 */
const NEIGHBORHOOD_FOLD = folded(sql`coalesce(o.neighborhood, '')`);

/** Runs, their courier and settlement (courier_runs of migration 0022). */
function runRows(db: Executor) {
  return (
    db
      .selectFrom('courier_runs as r')
      .innerJoin('employees as e', 'e.id', 'r.deliverer_id')
      .leftJoin('employees as s', 's.id', 'r.settled_by')
      // The register its settled cash landed in (decision 0053): one SETTLEMENT entry per run at most.
      .leftJoin('cash_entries as ce', 'ce.run_id', 'r.id')
      .leftJoin('cash_sessions as cs', 'cs.id', 'ce.session_id')
      .leftJoin('cash_registers as cr', 'cr.id', 'cs.register_id')
      .selectAll('r')
      .select([
        'e.name as deliverer_name',
        's.name as settled_by_name',
        'cr.id as cash_register_id',
        'cr.name as cash_register_name',
      ])
  );
}
export type RunRow = Awaited<ReturnType<ReturnType<typeof runRows>['execute']>>[number];

export const dispatchRepository = {
  /**
   * The board's figures in one grouped statement, no order's row read: per place of `slots` (its index),
   * late or not (packed at or before `lateUpTo`), status and payment, how many orders and their total in
   * cents. Read through orders_status_since (status, status_since).
   */
  async boardCounts(db: Executor, slots: BoardSlot[], lateUpTo: Date) {
    if (slots.length === 0) return [];
    const rows = await db
      .selectFrom('orders as o')
      .select((eb) => {
        let place = eb
          .case()
          .when(inSlot(eb, slots[0] as BoardSlot))
          .then(0);
        for (const [index, slot] of slots.entries()) if (index > 0) place = place.when(inSlot(eb, slot)).then(index);
        return [
          place.end().as('slot'),
          eb('o.status_since', '<=', lateUpTo).as('late'),
          'o.status',
          'o.payment_method',
          eb.fn.countAll<string>().as('orders'),
          eb.fn.sum<string>(DUE_AT_HANDOVER).as('due_cents'),
        ];
      })
      .where((eb) => eb.and([waiting(eb), eb.or(slots.map((slot) => inSlot(eb, slot)))]))
      .groupBy([sql`1`, sql`2`, 'o.status', 'o.payment_method'])
      .execute();
    return rows.map((row) => ({
      slot: Number(row.slot),
      late: Boolean(row.late),
      status: row.status,
      payment_method: row.payment_method,
      orders: Number(row.orders),
      due_cents: Number(row.due_cents),
    }));
  },

  /**
   * The orders of one place of the board, a page at a time (all of them without `page`), in the board's
   * order, with the count of all; the customer and the item count read for the page's rows only.
   */
  async boardOrders(db: Executor, slot: BoardSlot, lateUpTo: Date, page?: { offset: number; limit: number }) {
    if (slot.packed !== null && slot.packed.length === 0) return { rows: [], total: 0 };
    let ids = db
      .selectFrom('orders as o')
      .select((eb) => ['o.id', eb.fn.countAll<string>().over().as('total')])
      .where((eb) => waitingInSlot(eb, slot));
    ids =
      slot.packed === null
        ? ids.orderBy('o.id')
        : ids.orderBy(NEIGHBORHOOD_FOLD).orderBy('o.neighborhood').orderBy('o.id');
    if (page) ids = ids.offset(page.offset).limit(page.limit);
    const picked = await ids.execute();
    if (picked.length === 0) {
      // Past the last page: the count alone.
      const total = page && page.offset > 0 ? await this.boardCount(db, slot) : 0;
      return { rows: [], total };
    }
    const rows = await orderRows(db)
      .select((eb) => eb('o.status_since', '<=', lateUpTo).as('late'))
      .where(
        'o.id',
        'in',
        picked.map((row) => row.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      rows: picked.map((row) => byId.get(row.id)).filter((row) => row !== undefined),
      total: Number(picked[0]?.total ?? 0),
    };
  },

  async boardCount(db: Executor, slot: BoardSlot) {
    const row = await db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => waitingInSlot(eb, slot))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The orders of these runs, light: code, payment and total (the board's run columns). */
  runOrderTotals(db: Executor, runIds: number[]) {
    if (runIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('courier_run_orders as ro')
      .innerJoin('orders as o', 'o.id', 'ro.order_id')
      .select([
        'ro.run_id',
        'o.code',
        'o.status',
        'o.payment_method',
        'o.total_cents',
        PAYMENT_PARTS.as('payment_parts'),
      ])
      .where('ro.run_id', 'in', runIds)
      .orderBy('ro.run_id')
      .orderBy('ro.position')
      .execute();
  },

  runsBetween(db: Executor, from: Date, to: Date) {
    return runRows(db)
      .where('r.departure_at', '>=', from)
      .where('r.departure_at', '<=', to)
      .orderBy('r.departure_at')
      .orderBy('e.name')
      .execute();
  },

  runById(db: Executor, id: number) {
    return runRows(db).where('r.id', '=', id).executeTakeFirst();
  },

  settledBetween(
    db: Executor,
    from: Date,
    to: Date,
    delivererId: number | undefined,
    page: { offset: number; limit: number },
  ) {
    let query = runRows(db).where('r.settled_at', '>=', from).where('r.settled_at', '<', to);
    if (delivererId !== undefined) query = query.where('r.deliverer_id', '=', delivererId);
    return query.orderBy('r.settled_at').orderBy('r.id').offset(page.offset).limit(page.limit).execute();
  },

  /** How many runs were settled in the period, and their cash (expected, declared), in cents. */
  async settledTotals(db: Executor, from: Date, to: Date, delivererId: number | undefined) {
    let query = db
      .selectFrom('courier_runs')
      .select((eb) => [
        eb.fn.countAll<string>().as('runs'),
        eb.fn.coalesce(eb.fn.sum<string>('expected_cash_cents'), eb.lit(0)).as('expected'),
        eb.fn.coalesce(eb.fn.sum<string>('declared_cash_cents'), eb.lit(0)).as('declared'),
      ])
      .where('settled_at', '>=', from)
      .where('settled_at', '<', to);
    if (delivererId !== undefined) query = query.where('deliverer_id', '=', delivererId);
    const row = await query.executeTakeFirstOrThrow();
    return { runs: Number(row.runs), expected: Number(row.expected), declared: Number(row.declared) };
  },

  /** The orders of these runs, in the order they were put in. */
  ordersOfRuns(db: Executor, runIds: number[]) {
    if (runIds.length === 0) return Promise.resolve([]);
    return orderRows(db)
      .innerJoin('courier_run_orders as ro', 'ro.order_id', 'o.id')
      .select(['ro.run_id', 'ro.position'])
      .where('ro.run_id', 'in', runIds)
      .orderBy('ro.run_id')
      .orderBy('ro.position')
      .execute();
  },

  /** The open run (not settled) that carries this order, if any. */
  openRunOf(trx: Transaction<Database>, orderId: number) {
    return trx
      .selectFrom('courier_run_orders as ro')
      .innerJoin('courier_runs as r', 'r.id', 'ro.run_id')
      .select('r.id')
      .where('ro.order_id', '=', orderId)
      .where('r.settled_at', 'is', null)
      .executeTakeFirst();
  },

  courier(trx: Transaction<Database>, id: number) {
    return trx
      .selectFrom('employees')
      .select(['id', 'name', 'func', 'blocked'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The run of this courier and departure, made now when there is none; locked for the transaction. */
  async runFor(trx: Transaction<Database>, delivererId: number, departureAt: Date, createdBy: number) {
    await trx
      .insertInto('courier_runs')
      .values({ deliverer_id: delivererId, departure_at: departureAt, created_by: createdBy })
      .onConflict((oc) => oc.columns(['deliverer_id', 'departure_at']).doNothing())
      .execute();
    return trx
      .selectFrom('courier_runs')
      .select(['id', 'settled_at'])
      .where('deliverer_id', '=', delivererId)
      .where('departure_at', '=', departureAt)
      .forUpdate()
      .executeTakeFirstOrThrow();
  },

  async addOrder(trx: Transaction<Database>, runId: number, orderId: number) {
    const last = await trx
      .selectFrom('courier_run_orders')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('run_id', '=', runId)
      .executeTakeFirst();
    await trx
      .insertInto('courier_run_orders')
      .values({ run_id: runId, order_id: orderId, position: Number(last?.position ?? 0) + 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  lockRun(trx: Transaction<Database>, id: number) {
    return trx
      .selectFrom('courier_runs')
      .select(['id', 'settled_at', 'declared_cash_cents', 'settlement_note'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async settle(
    trx: Transaction<Database>,
    id: number,
    values: {
      settled_at: Date;
      settled_by: number;
      expected_cash_cents: number;
      declared_cash_cents: number;
      settlement_note: string | null;
      delivered_count: number;
      brought_back_count: number;
    },
  ) {
    await trx.updateTable('courier_runs').set(values).where('id', '=', id).execute();
  },
};

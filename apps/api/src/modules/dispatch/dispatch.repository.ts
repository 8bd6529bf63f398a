import { AWAITING_COURIER_STATUSES } from '@backoffice/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** The orders waiting for a courier: the contract's (Aguardando motoboy, Entrega imediata). */
const WAITING = [...AWAITING_COURIER_STATUSES];

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
      sql<Date | null>`(select max(h.created_at) from order_status_history h where h.order_id = o.id and h.status = o.status)`.as(
        'packed_at',
      ),
    ]);
}
export type DispatchOrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

/** Runs, their courier and settlement (courier_runs of migration 0022). */
function runRows(db: Executor) {
  return db
    .selectFrom('courier_runs as r')
    .innerJoin('employees as e', 'e.id', 'r.deliverer_id')
    .leftJoin('employees as s', 's.id', 'r.settled_by')
    .selectAll('r')
    .select(['e.name as deliverer_name', 's.name as settled_by_name']);
}
export type RunRow = Awaited<ReturnType<ReturnType<typeof runRows>['execute']>>[number];

export const dispatchRepository = {
  /** Orders waiting for a courier that no open run carries yet. */
  waitingOrders(db: Executor) {
    return orderRows(db)
      .where('o.status', 'in', WAITING)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('courier_run_orders as ro')
              .innerJoin('courier_runs as r', 'r.id', 'ro.run_id')
              .select('ro.order_id')
              .whereRef('ro.order_id', '=', 'o.id')
              .where('r.settled_at', 'is', null),
          ),
        ),
      )
      .orderBy('o.id')
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

import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The bell's reads (issue 20 §1). Each kind is one indexed query over the records it speaks of, at most
 * `cap` rows, newest first; read state and late limits are this module's own tables (migration 0031).
 */

export interface WaitingCustomerRow {
  id: number;
  name: string;
  email: string;
  created_at: Date;
}
export const waitingCustomers = (db: Executor, cap: number) =>
  db
    .selectFrom('customers')
    // Since when he waits: his registration, or the change that put him back to waiting (an unblock).
    .select(['id', 'name', 'email', sql<Date>`coalesce(status_changed_at, created_at)`.as('created_at')])
    .where('status', '=', 'AWAITING')
    .orderBy(sql`coalesce(status_changed_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(cap)
    .execute() as Promise<WaitingCustomerRow[]>;

export interface BellOrderRow {
  id: number;
  code: string;
  status: number;
  total_cents: number;
  /** When it entered its status (orders.status_since, migration 0048). */
  since: Date;
}

/** The newest orders in a status (by when they entered it): an index range scan of orders_status_since. */
export const ordersInStatus = (db: Executor, status: number, cap: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'code', 'status', 'total_cents', 'status_since as since'])
    .where('status', '=', status)
    .orderBy('status_since', 'desc')
    .orderBy('id', 'desc')
    .limit(cap)
    .execute() as Promise<BellOrderRow[]>;

/**
 * The newest orders in a status whose customer sent a payment receipt: each order's receipt looked up by its
 * own index entry (a LATERAL with LIMIT 1), never a pass over every receipt of the shop.
 */
export async function ordersWithReceipt(db: Executor, status: number, cap: number): Promise<BellOrderRow[]> {
  const { rows } = await sql<BellOrderRow>`
    select o.id, o.code, o.status, o.total_cents, o.status_since as since
    from orders o
    cross join lateral (
      select 1 from order_images i where i.order_id = o.id and i.kind = 'RECEIPT' limit 1
    ) receipt
    where o.status = ${status}
    order by o.status_since desc, o.id desc
    limit ${cap}`.execute(db);
  return rows;
}

export interface LateOrderRow extends BellOrderRow {
  limit_minutes: number;
  /** When it became late: `since` + its status's limit. */
  late_at: Date;
}
/**
 * The orders late at `at` (in a status with a late limit since at least that limit), the most recently late
 * first, `cap` in all: per status an index range scan of orders_status_since of at most `cap` rows.
 */
export async function lateOrders(db: Executor, at: Date, cap: number): Promise<LateOrderRow[]> {
  const { rows } = await sql<LateOrderRow>`
    select o.id, o.code, o.status, o.total_cents, o.status_since as since, l.minutes as limit_minutes,
      o.status_since + make_interval(mins => l.minutes) as late_at
    from order_late_limits l
    cross join lateral (
      select id, code, status, total_cents, status_since from orders
      where status = l.status and status_since <= ${at}::timestamptz - make_interval(mins => l.minutes)
      order by status_since desc, id desc
      limit ${cap}
    ) o
    order by late_at desc, o.id desc
    limit ${cap}`.execute(db);
  return rows;
}

export const lowStockProducts = (db: Executor, cap: number) =>
  db
    .selectFrom('products')
    .select(['id', 'code', 'name', 'stock', 'stock_alert', 'updated_at'])
    .where('archived', '=', false)
    .whereRef('stock', '<=', 'stock_alert')
    .orderBy('name')
    .orderBy('id')
    .limit(cap)
    .execute();

export const unidentifiedPix = (db: Executor, since: Date, cap: number) =>
  db
    .selectFrom('pix_received')
    .select(['end_to_end_id', 'amount_cents', 'payer', 'received_at'])
    .where('order_id', 'is', null)
    .where('received_at', '>=', since)
    .orderBy('received_at', 'desc')
    .orderBy('end_to_end_id')
    .limit(cap)
    .execute();

/** Pix the bank gave back to their payers (issue 34 §3) since `since`, with the order each paid. */
export const refundedPix = (db: Executor, since: Date, cap: number) =>
  db
    .selectFrom('pix_received as p')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.end_to_end_id', 'p.amount_cents', 'p.refunded_cents', 'p.refunded_at', 'p.order_id', 'o.code'])
    .where('p.refunded_at', 'is not', null)
    .where('p.refunded_at', '>=', since)
    .orderBy('p.refunded_at', 'desc')
    .orderBy('p.end_to_end_id')
    .limit(cap)
    .execute();

export const settlementsWithDifference = (db: Executor, since: Date, cap: number) =>
  db
    .selectFrom('courier_runs as r')
    .innerJoin('employees as e', 'e.id', 'r.deliverer_id')
    .select(['r.id', 'e.name as deliverer', 'r.declared_cash_cents', 'r.expected_cash_cents', 'r.settled_at'])
    .where('r.settled_at', 'is not', null)
    .where(sql<boolean>`r.declared_cash_cents is distinct from r.expected_cash_cents`)
    .where('r.settled_at', '>=', since)
    .orderBy('r.settled_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(cap)
    .execute();

/** Changes of where the shop gets paid (bank settings, the company's Pix settings) by someone else. */
export const paymentSettingsChanges = (db: Executor, since: Date, exceptEmployeeId: number, cap: number) =>
  db
    .selectFrom('audit_events as a')
    .leftJoin('employees as e', 'e.id', 'a.employee_id')
    .select(['a.id', 'a.entity', 'a.action', 'a.created_at', 'e.name as employee'])
    .where('a.entity', 'in', ['bank_setting', 'company_settings'])
    .where('a.created_at', '>=', since)
    .where((eb) => eb.or([eb('a.employee_id', 'is', null), eb('a.employee_id', '!=', exceptEmployeeId)]))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(cap)
    .execute();

export async function readsOf(db: Executor, employeeId: number, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, Date>();
  const rows = await db
    .selectFrom('notification_reads')
    .select(['notification_id', 'read_at'])
    .where('employee_id', '=', employeeId)
    // One array parameter, not one per id: the bell asks for up to a thousand ids on every read (issue 36).
    .where(sql<boolean>`notification_id = any(${[...ids]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.notification_id, r.read_at as Date]));
}

export async function markRead(db: Executor, employeeId: number, ids: readonly string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .insertInto('notification_reads')
    .values(ids.map((id) => ({ employee_id: employeeId, notification_id: id, read_at: at })))
    .onConflict((oc) => oc.columns(['employee_id', 'notification_id']).doNothing())
    .execute();
}

/** Read marks older than `before` (their notification is long gone or long read): kept bounded. */
export const pruneReads = (db: Executor, employeeId: number, before: Date) =>
  db.deleteFrom('notification_reads').where('employee_id', '=', employeeId).where('read_at', '<', before).execute();

export const lateLimits = (db: Executor) =>
  db.selectFrom('order_late_limits').select(['status', 'minutes']).orderBy('status').execute();

export async function saveLateLimits(
  db: Executor,
  limits: readonly { status: number; minutes: number }[],
  employeeId: number,
) {
  for (const { status, minutes } of limits) {
    await db
      .insertInto('order_late_limits')
      .values({ status, minutes, updated_by: employeeId, updated_at: new Date() })
      .onConflict((oc) => oc.column('status').doUpdateSet({ minutes, updated_by: employeeId, updated_at: new Date() }))
      .execute();
  }
}

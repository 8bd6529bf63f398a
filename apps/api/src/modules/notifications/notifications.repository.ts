import { type Expression, sql } from 'kysely';
import type { Executor } from '../../db/executor';

/**
 * The bell's reads (issue 20 §1, issue 36): its items are kept by the database in `bell_items` (migration 0053:
 * what makes a record an item, and its stable id, time and kind); read state and late limits are this
 * module's own tables (migration 0031).
 */

/** Who reads the bell, and the kinds he may see with how far back each reaches. */
export interface BellScope {
  employeeId: number;
  /** The reader's clock: a late order shows once its time has passed. */
  at: Date;
  /** Kinds kept in bell_items, each with the oldest time it shows from (null: however old). */
  kinds: readonly { kind: string; since: Date | null }[];
  /** The Pix waiting for a click (their rule is the orders module's), if he may see them. */
  pixWaiting?: Expression<{ end_to_end_id: string; received_at: Date }>;
  /** Items read per kind at most (its unread count stops there). */
  cap: number;
}

/**
 * The items the employee may see now, at most `cap` per kind (its first by its rank: the newest, a low stock
 * by name): per kind one range of the index bell_items_kind.
 */
function mine(scope: BellScope) {
  const branches = scope.kinds.map(({ kind, since }) => {
    if (kind === 'stock_low') {
      return sql`(select id, kind, ref_id, ref_key, at from bell_items where kind = ${kind}
        order by sort_key, at desc, id limit ${scope.cap})`;
    }
    const conditions = [sql`kind = ${kind}`, sql`sort_key is null`];
    if (since) conditions.push(sql`at >= ${since}`);
    if (kind === 'order_late') conditions.push(sql`at <= ${scope.at}`);
    if (kind === 'payment_settings_changed') conditions.push(sql`actor is distinct from ${scope.employeeId}`);
    return sql`(select id, kind, ref_id, ref_key, at from bell_items where ${sql.join(conditions, sql` and `)}
      order by at desc, id limit ${scope.cap})`;
  });
  if (scope.pixWaiting) {
    branches.push(sql`(select 'pix-waiting:' || w.end_to_end_id, 'pix_waiting', null::bigint, w.end_to_end_id,
      w.received_at from (${scope.pixWaiting}) w)`);
  }
  if (branches.length === 0) {
    return sql`select null::text as id, null::text as kind, null::bigint as ref_id, null::text as ref_key,
      null::timestamptz as at where false`;
  }
  return sql.join(branches, sql` union all `);
}

export interface BellRow {
  id: string;
  kind: string;
  at: Date;
  read_at: Date | null;
  /** The employee's unread items of all he may see (the same on every row). */
  unread: number;
  customer_name: string | null;
  customer_email: string | null;
  order_id: number | null;
  order_code: string | null;
  order_total_cents: number | null;
  order_status: number | null;
  order_since: Date | null;
  limit_minutes: number | null;
  product_name: string | null;
  product_code: string | null;
  stock: number | null;
  stock_alert: number | null;
  pix_amount_cents: number | null;
  pix_payer: string | null;
  pix_refunded_cents: number | null;
  pix_order_id: number | null;
  pix_order_code: string | null;
  run_id: number | null;
  deliverer: string | null;
  declared_cash_cents: number | null;
  expected_cash_cents: number | null;
  audit_entity: string | null;
  audit_action: string | null;
  audit_employee: string | null;
}

/**
 * The bell in one statement: the newest `limit` items the employee may see with his read marks and what
 * their words need (each shown item's record by its key), and on every row the count of his unread items.
 * No row when he has no item (nothing unread then).
 */
export async function bellPage(db: Executor, scope: BellScope, limit: number): Promise<BellRow[]> {
  const { rows } = await sql<BellRow>`
    with mine as (${mine(scope)}),
    marked as materialized (
      select m.id, m.kind, m.ref_id, m.ref_key, m.at, r.read_at
      from mine m
      left join notification_reads r on r.employee_id = ${scope.employeeId} and r.notification_id = m.id
    ),
    shown as (select * from marked order by at desc, id limit ${limit})
    select s.id, s.kind, s.at, s.read_at, (select count(*) from marked where read_at is null)::int as unread,
      c.name as customer_name, c.email as customer_email,
      o.id as order_id, o.code as order_code, o.total_cents as order_total_cents, o.status as order_status,
      o.status_since as order_since, l.minutes as limit_minutes,
      p.name as product_name, p.code as product_code, p.stock, p.stock_alert,
      x.amount_cents as pix_amount_cents, x.payer as pix_payer, x.refunded_cents as pix_refunded_cents,
      x.order_id as pix_order_id, xo.code as pix_order_code,
      r.id as run_id, re.name as deliverer, r.declared_cash_cents, r.expected_cash_cents,
      a.entity as audit_entity, a.action as audit_action, ae.name as audit_employee
    from shown s
    left join customers c on s.kind = 'customer_waiting' and c.id = s.ref_id
    left join orders o on s.kind in ('order_approval', 'order_proof', 'order_late') and o.id = s.ref_id
    left join order_late_limits l on s.kind = 'order_late' and l.status = o.status
    left join products p on s.kind = 'stock_low' and p.id = s.ref_id
    left join pix_received x on x.end_to_end_id = s.ref_key
    left join orders xo on xo.id = x.order_id
    left join courier_runs r on s.kind = 'settlement_difference' and r.id = s.ref_id
    left join employees re on re.id = r.deliverer_id
    left join audit_events a on s.kind = 'payment_settings_changed' and a.id = s.ref_id
    left join employees ae on ae.id = a.employee_id
    order by s.at desc, s.id`.execute(db);
  return rows;
}

/**
 * Marks read the items the employee may see now that are among `ids` (all of them when null); the others are
 * ignored. Returns his unread count after.
 */
export async function markVisibleRead(db: Executor, scope: BellScope, ids: readonly string[] | null, at: Date) {
  await sql`
    insert into notification_reads (employee_id, notification_id, read_at)
    select ${scope.employeeId}, m.id, ${at}::timestamptz from (${mine(scope)}) m
    where ${ids === null ? sql`true` : sql`m.id = any(${[...ids]}::text[])`}
    on conflict (employee_id, notification_id) do nothing`.execute(db);
  const { rows } = await sql<{ unread: number }>`
    select count(*)::int as unread from (${mine(scope)}) m
    where not exists (select 1 from notification_reads r
      where r.employee_id = ${scope.employeeId} and r.notification_id = m.id)`.execute(db);
  return rows[0]?.unread ?? 0;
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

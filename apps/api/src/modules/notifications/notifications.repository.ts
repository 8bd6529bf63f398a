import type { SaleDiscounts } from '@backoffice/contract';
import { type Expression, sql } from 'kysely';
import { executePreparedRead } from '../../db/database';
import type { Executor } from '../../db/executor';

/**
 * The bell's reads (issue 20 §1, issue 36): its items are kept by the database in `bell_items` (migration 0053:
 * what makes a record an item, and its stable id, time and kind); read state and late limits are this
 * module's own tables (migration 0031).
 */

/**
 * The kinds whose item shows once its time has passed (the reader's clock): a late order from when it turns late,
 * the A1 certificate from 30 days before it expires (migration 0073).
 */
export const DUE_KINDS: readonly string[] = ['order_late', 'certificate_expiring', 'repair_late'];

/**
 * A counted kind's one row (issue 54 §6): how many wait, the newest's id (in the item's id: a newer one is news
 * again) and time. Its item carries the count in ref_id.
 */
export interface WaitingCount {
  newest: number;
  count: number;
  at: Date;
}

/** A counted kind's row per month (numbering_gaps): its month, 'YYYY-MM', carried in ref_key. */
export interface MonthlyCount extends WaitingCount {
  month: string;
}

/** Who reads the bell, and the kinds he may see with how far back each reaches. */
export interface BellScope {
  employeeId: number;
  /** The reader's clock: a late order shows once its time has passed. */
  at: Date;
  /** Kinds kept in bell_items, each with the oldest time it shows from (null: however old). */
  kinds: readonly { kind: string; since: Date | null }[];
  /** The Pix waiting for a click (their rule is the orders module's), if he may see them. */
  pixWaiting?: Expression<{ end_to_end_id: string; received_at: Date }>;
  /** The discount approval requests he may decide (decision 0045; their rule is the selling module's). */
  discountApprovals?: Expression<{ id: number; created_at: Date }>;
  /** The sales on credit held for approval, one row with their count (issue 54 §6; the credit module's rule). */
  creditApprovals?: Expression<WaitingCount>;
  /** The closings' differences he may approve, one row with their count (issue 54 §6; the cash module's rule). */
  cashDifferences?: Expression<WaitingCount>;
  /** The note numbers of past months neither authorised nor voided, one row per month (the fiscal module's rule). */
  numberingGaps?: Expression<MonthlyCount>;
  /** Items read per kind at most (its unread count stops there). */
  cap: number;
}

/**
 * The items the employee may see now, at most `cap` per kind (its first by its rank: the newest, a low stock
 * by name): per kind one ordered range of the index bell_items_kind, in a small plan (a LATERAL over the
 * kinds ranked by time: one branch per kind cost more to plan than to run). A kind's time bounds: events since `since`, a
 * late order once its time has passed; a payment setting is not news to whoever changed it.
 */
function mine(scope: BellScope) {
  // Low stock ranks by name (sort_key); every other kind by time alone (sort_key null), so its time bounds
  // bound the range of the index instead of filtering a kind's whole history.
  const timed = scope.kinds.filter((k) => k.kind !== 'stock_low');
  const kinds = timed.map((k) => k.kind);
  const from = timed.map((k) => k.since?.toISOString() ?? '-infinity');
  const until = timed.map((k) => (DUE_KINDS.includes(k.kind) ? scope.at.toISOString() : 'infinity'));
  const branches = [
    sql`select b.id, b.kind, b.ref_id, b.ref_key, b.at
    from unnest(${kinds}::text[], ${from}::timestamptz[], ${until}::timestamptz[]) k (kind, since, until)
    cross join lateral (
      select id, kind, ref_id, ref_key, at from bell_items
      where kind = k.kind and sort_key is null and at >= k.since and at <= k.until
        and actor is distinct from ${scope.employeeId}
      -- sort_key (null here) named first, so the index's own order serves the LIMIT: with 'order by at desc,
      -- id' alone PostgreSQL sorted each kind's whole range (998 items a kind at scale 100) to keep 200.
      order by sort_key, at desc, id
      limit ${scope.cap}
    ) b`,
  ];
  if (timed.length < scope.kinds.length) {
    branches.push(sql`(select id, kind, ref_id, ref_key, at from bell_items where kind = 'stock_low'
      order by sort_key, at desc, id limit ${scope.cap})`);
  }
  if (scope.pixWaiting) {
    branches.push(sql`(select 'pix-waiting:' || w.end_to_end_id, 'pix_waiting', null::bigint, w.end_to_end_id,
      w.received_at from (${scope.pixWaiting}) w)`);
  }
  if (scope.discountApprovals) {
    branches.push(sql`(select 'discount-approval:' || d.id, 'discount_approval', d.id::bigint, null::text,
      d.created_at from (${scope.discountApprovals}) d)`);
  }
  if (scope.creditApprovals) {
    branches.push(sql`(select 'credit-approval:' || c.newest, 'credit_approval', c.count::bigint, null::text, c.at
      from (${scope.creditApprovals}) c)`);
  }
  if (scope.numberingGaps) {
    branches.push(sql`(select 'numbering-gaps:' || g.newest, 'numbering_gaps', g.count::bigint, g.month, g.at
      from (${scope.numberingGaps}) g)`);
  }
  if (scope.cashDifferences) {
    branches.push(sql`(select 'cash-difference:' || c.newest, 'cash_difference', c.count::bigint, null::text, c.at
      from (${scope.cashDifferences}) c)`);
  }
  return sql.join(branches, sql` union all `);
}

/** What the words of a shown item need, from the record it speaks of (by kind; see `bellPage`). */
export interface BellDetails {
  id?: number;
  name?: string;
  email?: string;
  code?: string;
  total_cents?: number;
  status?: number;
  /** ISO time the order entered its status. */
  since?: string;
  limit_minutes?: number;
  stock?: number;
  stock_alert?: number;
  amount_cents?: number;
  payer?: string | null;
  refunded_cents?: number;
  order_id?: number | null;
  order_code?: string | null;
  deliverer?: string;
  declared_cash_cents?: number | null;
  expected_cash_cents?: number | null;
  entity?: string;
  action?: string;
  employee?: string | null;
  seller?: string;
  customer?: string;
  discounts?: SaleDiscounts;
  required_hundredths?: number;
  holder?: string;
  /** ISO time the certificate expires. */
  not_after?: string;
  /** A late service order (migration 0078): its number, its customer and its estimated day. */
  number?: number;
  estimated_date?: string;
  /** A counted kind's count (credit_approval, cash_difference, numbering_gaps). */
  count?: number;
  /** numbering_gaps: the month of the gaps, 'YYYY-MM'. */
  month?: string;
  /** The NF-e's contingency (migration 0101): its SVC, since when, and the NF-e and NFC-e waiting. */
  svc?: string;
  nfe?: number;
  nfce?: number;
}

export interface BellRow {
  id: string;
  kind: string;
  at: Date;
  read_at: Date | null;
  /** The employee's unread items of all he may see (the same on every row). */
  unread: number;
  /** Null only if the record went away after the item was read (it cannot: the item goes with it). */
  details: BellDetails | null;
}

/**
 * The bell in one statement: the newest `limit` items the employee may see with his read marks and what
 * their words need (each shown item's record by its key), and on every row the count of his unread items.
 * No row when he has no item (nothing unread then). The records are read by one small subquery per kind
 * (a CASE runs only the shown item's): a join of all of them cost more to plan than to run.
 */
export async function bellPage(db: Executor, scope: BellScope, limit: number): Promise<BellRow[]> {
  const rows = await executePreparedRead(
    db,
    sql<BellRow>`
    with mine as (${mine(scope)}),
    marked as materialized (
      select m.id, m.kind, m.ref_id, m.ref_key, m.at, r.read_at
      from mine m
      left join notification_reads r on r.employee_id = ${scope.employeeId} and r.notification_id = m.id
    ),
    shown as (select * from marked order by at desc, id limit ${limit})
    select s.id, s.kind, s.at, s.read_at, (select count(*) from marked where read_at is null)::int as unread,
      case
        when s.kind = 'customer_waiting' then
          (select json_build_object('name', c.name, 'email', c.email) from customers c where c.id = s.ref_id)
        when s.kind in ('order_approval', 'order_proof', 'order_late') then
          (select json_build_object('id', o.id, 'code', o.code, 'total_cents', o.total_cents, 'status', o.status,
            'since', o.status_since, 'limit_minutes', (select l.minutes from order_late_limits l where l.status = o.status))
          from orders o where o.id = s.ref_id)
        when s.kind = 'stock_low' then
          (select json_build_object('name', p.name, 'code', p.code, 'stock', p.stock, 'stock_alert', p.stock_alert)
          from products p where p.id = s.ref_id)
        when s.kind in ('pix_unidentified', 'pix_refunded', 'pix_waiting') then
          (select json_build_object('amount_cents', x.amount_cents, 'payer', x.payer, 'refunded_cents', x.refunded_cents,
            'order_id', x.order_id, 'order_code', (select xo.code from orders xo where xo.id = x.order_id))
          from pix_received x where x.end_to_end_id = s.ref_key)
        when s.kind = 'settlement_difference' then
          (select json_build_object('id', r.id, 'deliverer', e.name, 'declared_cash_cents', r.declared_cash_cents,
            'expected_cash_cents', r.expected_cash_cents)
          from courier_runs r join employees e on e.id = r.deliverer_id where r.id = s.ref_id)
        when s.kind = 'payment_settings_changed' then
          (select json_build_object('entity', a.entity, 'action', a.action,
            'employee', (select e.name from employees e where e.id = a.employee_id))
          from audit_events a where a.id = s.ref_id)
        when s.kind = 'discount_approval' then
          (select json_build_object('id', d.id, 'seller', e.name, 'customer', c.name,
            'discounts', d.discounts, 'required_hundredths', d.required_hundredths)
          from discount_approvals d join employees e on e.id = d.seller_id join customers c on c.id = d.customer_id
          where d.id = s.ref_id)
        when s.kind in ('credit_approval', 'cash_difference') then json_build_object('count', s.ref_id)
        when s.kind = 'numbering_gaps' then json_build_object('count', s.ref_id, 'month', s.ref_key)
        when s.kind = 'certificate_expiring' then
          (select json_build_object('holder', c.holder, 'not_after', c.not_after)
          from fiscal_certificate c where c.company_id = s.ref_id)
        when s.kind = 'nfe_contingency' then
          (select json_build_object('svc', c.svc, 'since', c.entered_at,
            'nfe', (select count(*) from fiscal_notes n where n.model = 55
              and n.status in ('SIGNED', 'PROCESSING', 'CONTINGENCY')),
            'nfce', (select count(*) from fiscal_notes n where n.model = 65
              and n.status in ('SIGNED', 'PROCESSING', 'CONTINGENCY')))
          from fiscal_nfe_contingencies c where c.id = s.ref_id)
        when s.kind = 'repair_late' then
          (select json_build_object('number', r.id, 'customer', c.name, 'estimated_date', r.estimated_date::text)
          from repairs r join customers c on c.id = r.customer_id where r.id = s.ref_id)
      end as details
    from shown s`.compile(db),
  );
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

/**
 * The first time after `at` at which an item of a due kind shows (an order turns late, the certificate's warning
 * begins), for the bell (null: none is waiting to).
 */
export async function nextLateAt(db: Executor, at: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('bell_items')
    .select((eb) => eb.fn.min('at').as('at'))
    .where('kind', 'in', DUE_KINDS)
    .where('sort_key', 'is', null)
    .where('at', '>', at)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

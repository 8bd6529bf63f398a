import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The bell's items kept by the database (issue 36): `bell_items` holds one row per thing the bell may show —
 * its stable id (the notification's id, what `notification_reads` marks), its kind (who may see it: the
 * contract's NOTIFICATION_PERMISSIONS), its time, the record it speaks of, and for payment settings who made
 * the change. The bell then reads the newest of the kinds an employee may see and counts his unread among
 * them with his read marks in one statement, instead of reading about a thousand rows of orders, customers,
 * products, Pix, runs and audit rows and sending their ids back on every call (227 requests/s at scale 100).
 *
 * What makes a record an item (written here only; statuses as the table of 0002):
 * - `customer_waiting`: a customer AWAITING, since his registration or the change that put him back;
 * - `order_approval`: an order in 'Aguardando aprovação' (11), since it entered it (`status_since`, 0048);
 * - `order_proof`: an order in 'Aguardando comprovante' (10) whose customer sent a payment receipt;
 * - `order_late`: an order in a status with a late limit (`order_late_limits`), its time when it becomes late
 *   (`status_since` + the limit): the bell shows it once that time has passed (the reader's clock);
 * - `stock_low`: an active product at or below its alert, ranked by name (`sort_key`), its time its last change;
 * - `pix_unidentified`: a Pix without an order; `pix_refunded`: a Pix given back, one item per amount;
 * - `settlement_difference`: a settled run whose declared cash differs from the expected;
 * - `payment_settings_changed`: an audit row of bank settings or company Pix settings (`actor`: not news to him).
 * How far back events reach (30 days) and 'pix_waiting' (its rule is the orders module's `PIX_WAITING`) stay
 * with the reader. The words (names, codes, amounts) are read from the records when shown.
 *
 * Kept in the same transaction by triggers, whoever writes: inserts and deletes per statement (transition
 * tables: the seed's bulk inserts cost one pass), updates per row and only when a column the item depends on
 * changed, a TRUNCATE empties the kinds of its table; a receipt added or removed, or a late limit changed,
 * redoes the items of the orders concerned.
 */

interface Source {
  table: string;
  alias: string;
  /** The source's key column and the item column holding it. */
  key: string;
  ref: 'ref_id' | 'ref_key';
  kinds: string[];
  /** The items of the source rows matching `filter` (a condition on `alias`), as bell_items' columns. */
  items: (filter: string) => string;
  /** The columns an item depends on: an update of any of them redoes the row's items. */
  watched: string[];
}

const COLUMNS = '(id, kind, ref_id, ref_key, at, sort_key, actor)';

const SOURCES: Source[] = [
  {
    table: 'customers',
    alias: 'c',
    key: 'id',
    ref: 'ref_id',
    kinds: ['customer_waiting'],
    items: (
      filter,
    ) => `select 'customer:' || c.id, 'customer_waiting', c.id, null::text, coalesce(c.status_changed_at, c.created_at),
        null::text, null::integer
      from customers c where c.status = 'AWAITING' and (${filter})`,
    watched: ['status', 'status_changed_at', 'created_at'],
  },
  {
    table: 'orders',
    alias: 'o',
    key: 'id',
    ref: 'ref_id',
    kinds: ['order_approval', 'order_proof', 'order_late'],
    items: (
      filter,
    ) => `select 'order-approval:' || o.id, 'order_approval', o.id, null::text, o.status_since, null::text, null::integer
      from orders o where o.status = 11 and (${filter})
      union all
      select 'order-proof:' || o.id, 'order_proof', o.id, null::text, o.status_since, null::text, null::integer
      from orders o where o.status = 10 and (${filter})
        and exists (select 1 from order_images i where i.order_id = o.id and i.kind = 'RECEIPT')
      union all
      select 'order-late:' || o.id || ':' || o.status || ':' || floor(extract(epoch from o.status_since))::bigint,
        'order_late', o.id, null::text, o.status_since + make_interval(mins => l.minutes), null::text, null::integer
      from orders o join order_late_limits l on l.status = o.status where (${filter})`,
    watched: ['status', 'status_since'],
  },
  {
    table: 'products',
    alias: 'p',
    key: 'id',
    ref: 'ref_id',
    kinds: ['stock_low'],
    items: (filter) => `select 'stock-low:' || p.id, 'stock_low', p.id, null::text, p.updated_at, p.name, null::integer
      from products p where not p.archived and p.stock <= p.stock_alert and (${filter})`,
    watched: ['stock', 'stock_alert', 'archived', 'updated_at', 'name'],
  },
  {
    table: 'pix_received',
    alias: 'x',
    key: 'end_to_end_id',
    ref: 'ref_key',
    kinds: ['pix_unidentified', 'pix_refunded'],
    items: (
      filter,
    ) => `select 'pix:' || x.end_to_end_id, 'pix_unidentified', null::bigint, x.end_to_end_id, x.received_at, null::text, null::integer
      from pix_received x where x.order_id is null and (${filter})
      union all
      select 'pix-refund:' || x.end_to_end_id || ':' || x.refunded_cents, 'pix_refunded', null::bigint, x.end_to_end_id,
        x.refunded_at, null::text, null::integer
      from pix_received x where x.refunded_at is not null and (${filter})`,
    watched: ['order_id', 'received_at', 'refunded_at', 'refunded_cents'],
  },
  {
    table: 'courier_runs',
    alias: 'r',
    key: 'id',
    ref: 'ref_id',
    kinds: ['settlement_difference'],
    items: (
      filter,
    ) => `select 'settlement:' || r.id, 'settlement_difference', r.id, null::text, r.settled_at, null::text, null::integer
      from courier_runs r
      where r.settled_at is not null and r.declared_cash_cents is distinct from r.expected_cash_cents and (${filter})`,
    watched: ['settled_at', 'declared_cash_cents', 'expected_cash_cents'],
  },
  {
    table: 'audit_events',
    alias: 'a',
    key: 'id',
    ref: 'ref_id',
    kinds: ['payment_settings_changed'],
    items: (
      filter,
    ) => `select 'settings:' || a.id, 'payment_settings_changed', a.id, null::text, a.created_at, null::text, a.employee_id
      from audit_events a where a.entity in ('bank_setting', 'company_settings') and (${filter})`,
    watched: ['entity', 'created_at', 'employee_id'],
  },
];

const ORDERS = SOURCES[1] as Source;
const quoted = (kinds: string[]) => kinds.map((kind) => `'${kind}'`).join(', ');
const forget = (source: Source, keys: string) =>
  `delete from bell_items where kind in (${quoted(source.kinds)}) and ${source.ref} in (${keys})`;
/** Redoes the items of the source rows whose key is in `keys` (a list or a subquery). */
const redo = (source: Source, keys: string) => [
  forget(source, keys),
  `insert into bell_items ${COLUMNS} ${source.items(`${source.alias}.${source.key} in (${keys})`)}`,
];
const fn = (name: string, body: string[]) => `create function ${name}() returns trigger language plpgsql as $fn$
  begin
    ${body.map((statement) => `${statement};`).join('\n    ')}
    return null;
  end $fn$`;
const changed = (columns: string[], alias: 'old' | 'new') => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;

const sourceTriggers = (s: Source) => [
  fn(`bell_${s.table}_insert`, redo(s, `select ${s.key} from changed`)),
  `create trigger bell_${s.table}_insert after insert on ${s.table} referencing new table as changed
    for each statement execute function bell_${s.table}_insert()`,
  fn(`bell_${s.table}_update`, redo(s, `new.${s.key}`)),
  `create trigger bell_${s.table}_update after update on ${s.table} for each row
    when (${changed(s.watched, 'old')} is distinct from ${changed(s.watched, 'new')})
    execute function bell_${s.table}_update()`,
  fn(`bell_${s.table}_delete`, [forget(s, `select ${s.key} from changed`)]),
  `create trigger bell_${s.table}_delete after delete on ${s.table} referencing old table as changed
    for each statement execute function bell_${s.table}_delete()`,
  fn(`bell_${s.table}_truncate`, [`delete from bell_items where kind in (${quoted(s.kinds)})`]),
  `create trigger bell_${s.table}_truncate after truncate on ${s.table}
    for each statement execute function bell_${s.table}_truncate()`,
];

export const bellItems: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table bell_items (
        id text primary key,
        kind text not null,
        ref_id bigint,
        ref_key text,
        at timestamptz not null,
        sort_key text,
        actor integer
      )`,
      // The bell's read: per kind its newest (stock: by name), index-only with what it joins on.
      'create index bell_items_kind on bell_items (kind, sort_key, at desc, id) include (ref_id, ref_key, actor)',
      'create index bell_items_ref_id on bell_items (ref_id)',
      'create index bell_items_ref_key on bell_items (ref_key)',
      ...SOURCES.flatMap(sourceTriggers),
      // A receipt sent or removed: the order's proof item.
      fn('bell_order_images_insert', redo(ORDERS, `select order_id from changed where kind = 'RECEIPT'`)),
      `create trigger bell_order_images_insert after insert on order_images referencing new table as changed
        for each statement execute function bell_order_images_insert()`,
      fn('bell_order_images_delete', redo(ORDERS, `select order_id from changed where kind = 'RECEIPT'`)),
      `create trigger bell_order_images_delete after delete on order_images referencing old table as changed
        for each statement execute function bell_order_images_delete()`,
      fn('bell_order_images_update', redo(ORDERS, 'old.order_id, new.order_id')),
      `create trigger bell_order_images_update after update on order_images for each row
        when ((old.kind, old.order_id) is distinct from (new.kind, new.order_id))
        execute function bell_order_images_update()`,
      // A late limit saved or removed: the items of the orders in that status.
      fn(
        'bell_order_late_limits',
        redo(ORDERS, 'select id from orders where status in (coalesce(new.status, old.status), old.status)'),
      ),
      `create trigger bell_order_late_limits after insert or delete on order_late_limits for each row
        execute function bell_order_late_limits()`,
      `create trigger bell_order_late_limits_update after update on order_late_limits for each row
        when (old.minutes is distinct from new.minutes) execute function bell_order_late_limits()`,
      ...SOURCES.map((s) => `insert into bell_items ${COLUMNS} ${s.items('true')}`),
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger bell_order_late_limits_update on order_late_limits',
      'drop trigger bell_order_late_limits on order_late_limits',
      'drop function bell_order_late_limits()',
      ...['insert', 'delete', 'update'].flatMap((event) => [
        `drop trigger bell_order_images_${event} on order_images`,
        `drop function bell_order_images_${event}()`,
      ]),
      ...SOURCES.flatMap((s) =>
        ['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
          `drop trigger bell_${s.table}_${event} on ${s.table}`,
          `drop function bell_${s.table}_${event}()`,
        ]),
      ),
      'drop table bell_items',
    ]);
  },
};

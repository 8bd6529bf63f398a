import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The bell at a real shop's size (issue 36): each kind read from an index, not by scanning.
 *
 * - `customers_awaiting_since`: the customers waiting for approval, newest first (was a bitmap scan of every
 *   waiting customer and a sort: 39 ms at scale 100, cold).
 * - `products_low_stock` again, with the columns the bell shows: an index-only scan (the planner preferred
 *   the whole active-name index, filtering 2,390 rows to keep 200: 2,608 pages against 5).
 *
 * Since when each order is in its status, kept by the database.
 *
 * `orders.status_since` is what the bell read with a subquery per order on every call: the time of the
 * order's last history row of its current status, else its creation. The bell's kinds become index range
 * scans of `orders_status_since` (status, status_since): the newest orders waiting for approval or a proof
 * check, and per status with a late limit the orders that entered it before `now − limit`.
 *
 * Kept in the same transaction by triggers, whoever writes (the workflow, the Pix and adjustment notes, the
 * seed's bulk inserts, a test moving a history row back in time):
 * - a row trigger on orders, before an insert or a change of status or creation time, recomputes it;
 * - statement triggers on order_status_history (insert, update, delete; transition tables) recompute it for
 *   the orders whose history changed, once per statement.
 *
 * And the bell's notice (channel `notification_events` of migration 0031) when an order changes what it
 * shows, so the screens reread it then and not on every move of every order: an order placed or moved into
 * or out of 'Aguardando aprovação' (11) or 'Aguardando comprovante' (10), an order leaving a status in which it
 * was late, a payment receipt sent. (Statuses as the table of 0002; becoming late needs no notice: the bell
 * rereads every minute.)
 */
const NOTIFY = `perform pg_notify('notification_events', json_build_object('schema', TG_TABLE_SCHEMA)::text)`;

/** Since when the order (a row alias: `o`, `new`) is in its status: its last history row of it, else its creation. */
const sinceOf = (order: string) => `coalesce((select max(h.created_at) from order_status_history h
      where h.order_id = ${order}.id and h.status = ${order}.status), ${order}.created_at)`;

export const bellAtScale: Migration = {
  async up(db) {
    await runStatements(db, [
      `create index customers_awaiting_since on customers ((coalesce(status_changed_at, created_at)) desc, id desc)
        include (name, email) where status = 'AWAITING'`,
      'drop index products_low_stock',
      `create index products_low_stock on products (name, id) include (code, stock, stock_alert, updated_at)
        where not archived and stock <= stock_alert`,
      'alter table orders add column status_since timestamptz',
      `update orders o set status_since = ${sinceOf('o')}`,
      // The default only names the column as written by the database (the insert trigger sets it).
      'alter table orders alter column status_since set not null',
      'alter table orders alter column status_since set default now()',
      `create index orders_status_since on orders (status, status_since desc, id desc) include (code, total_cents)`,
      `create function orders_status_since_row() returns trigger language plpgsql as $fn$
      begin
        new.status_since := ${sinceOf('new')};
        return new;
      end $fn$`,
      `create trigger orders_status_since_insert before insert on orders
        for each row execute function orders_status_since_row()`,
      `create trigger orders_status_since_update before update of status, created_at on orders
        for each row when (old.status is distinct from new.status or old.created_at is distinct from new.created_at)
        execute function orders_status_since_row()`,
      `create function orders_status_since_history() returns trigger language plpgsql as $fn$
      begin
        update orders o set status_since = ${sinceOf('o')}
          where o.id in (select order_id from changed_rows);
        return null;
      end $fn$`,
      `create trigger order_status_history_since_insert after insert on order_status_history
        referencing new table as changed_rows for each statement execute function orders_status_since_history()`,
      `create trigger order_status_history_since_update after update on order_status_history
        referencing new table as changed_rows for each statement execute function orders_status_since_history()`,
      `create trigger order_status_history_since_delete after delete on order_status_history
        referencing old table as changed_rows for each statement execute function orders_status_since_history()`,
      `create function orders_notify_bell_move() returns trigger language plpgsql as $fn$
      begin
        if old.status in (10, 11) or new.status in (10, 11) or exists (select 1 from order_late_limits l
            where l.status = old.status and old.status_since <= now() - make_interval(mins => l.minutes)) then
          ${NOTIFY};
        end if;
        return null;
      end $fn$`,
      `create trigger orders_notify_bell_move after update of status on orders
        for each row when (old.status is distinct from new.status) execute function orders_notify_bell_move()`,
      `create trigger orders_notify_bell_new after insert on orders
        for each row when (new.status in (10, 11)) execute function notify_bell()`,
      `create trigger order_images_notify_bell after insert on order_images
        for each row when (new.kind = 'RECEIPT') execute function notify_bell()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop trigger order_images_notify_bell on order_images',
      'drop trigger orders_notify_bell_new on orders',
      'drop trigger orders_notify_bell_move on orders',
      'drop function orders_notify_bell_move()',
      'drop trigger order_status_history_since_delete on order_status_history',
      'drop trigger order_status_history_since_update on order_status_history',
      'drop trigger order_status_history_since_insert on order_status_history',
      'drop function orders_status_since_history()',
      'drop trigger orders_status_since_update on orders',
      'drop trigger orders_status_since_insert on orders',
      'drop function orders_status_since_row()',
      'drop index orders_status_since',
      'alter table orders drop column status_since',
      'drop index products_low_stock',
      'create index products_low_stock on products (name, id) where not archived and stock <= stock_alert',
      'drop index customers_awaiting_since',
    ]);
  },
};

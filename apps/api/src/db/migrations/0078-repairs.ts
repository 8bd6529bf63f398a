import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

const MOVEMENT_KINDS = [
  'SALE',
  'PURCHASE',
  'INVENTORY',
  'CANCELLATION',
  'EXCHANGE',
  'RETURN',
  'ADJUSTMENT',
  'IMPORT',
  'TRADE_IN',
];
const STATUSES = [
  'RECEIVED',
  'DIAGNOSIS',
  'AWAITING_APPROVAL',
  'APPROVED',
  'REFUSED',
  'IN_REPAIR',
  'READY',
  'DELIVERED',
  'RETURNED',
];
const OPEN = STATUSES.filter((status) => status !== 'DELIVERED' && status !== 'RETURNED');
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
const kindCheck = (kinds: string[]) =>
  `alter table stock_movements add constraint stock_movements_kind_check check (kind in (${list(kinds)}))`;
const ORDER_TOTAL = 'items_total_cents + shipping_cost_cents + fast_delivery_tax_cents + warranty_cents';

/** The bell's item of a late service order: open, past the end of its estimated day (`late_at`). */
const COLUMNS = '(id, kind, ref_id, ref_key, at, sort_key, actor)';
const ITEM = `select 'repair-late:' || r.id || ':' || floor(extract(epoch from r.late_at))::bigint, 'repair_late', r.id,
    null::text, r.late_at, null::text, null::integer
  from repairs r where r.status in (${list(OPEN)})`;
const FORGET = (ids: string) => `delete from bell_items where kind = 'repair_late' and ref_id in (${ids})`;

/**
 * Repairs ('Assistência técnica', issue 42 §2, decision 0059).
 * - `repairs`: one service order (its number is its id): the customer, the device (IMEI; the unit when the IMEI is
 *   one of ours), the password kept hidden (erased when the device leaves), the problem, the condition on arrival
 *   (checklist, notes; photos in `repair_photos`), the accessories, the estimated day and when that makes it late
 *   (`late_at`: the end of that business day, worked out by the service in the business's zone), the technician,
 *   the status (the contract's REPAIR_TRANSITIONS) and since when, the estimate (diagnosis, labour and parts in
 *   cents), whose warranty covers it (our sale's or an earlier repair's: nothing to pay), the delivery (signature,
 *   when) and the repair warranty it gives (`warranty_ends_at`), the random token of the public status page.
 * - `repair_parts`: the estimate's parts from stock (price to the customer, cost when they left stock).
 * - `repair_history`: each status with who and when; `repair_settings`: the repair warranty's days (90).
 * - Ledger rows of kind REPAIR (`stock_movements.repair_id`): the parts leaving stock, naming the service order.
 * - `orders.repair_id` and `orders.labour_cents`: the order that bills a repair (its parts as lines, which took no
 *   stock at placing: the repair's REPAIR rows did) and its labour, inside the order's total check.
 * - Employees of function 4 (Técnico).
 * - The bell's `repair_late` items (as migration 0053's sources, kept by triggers whoever writes).
 */
export const repairs: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table employees drop constraint employees_func_check',
      'alter table employees add constraint employees_func_check check (func in (1, 2, 3, 4))',
      `create table repair_settings (
        id smallint primary key default 1 check (id = 1),
        warranty_days integer not null default 90 check (warranty_days between 1 and 730),
        updated_by integer references employees (id),
        updated_at timestamptz not null default now()
      )`,
      'insert into repair_settings (id) values (1)',
      `create table repairs (
        id serial primary key,
        customer_id integer not null references customers (id),
        imei text not null check (imei ~ '^[0-9]{15}$'),
        unit_id integer references product_units (id),
        model text not null,
        device_password text,
        problem text not null,
        checklist jsonb not null default '[]',
        condition_notes text,
        accessories text,
        estimated_date date not null,
        late_at timestamptz not null,
        technician_id integer references employees (id),
        status text not null default 'RECEIVED' check (status in (${list(STATUSES)})),
        status_since timestamptz not null default now(),
        diagnosis text,
        labour_cents integer not null default 0 check (labour_cents >= 0),
        parts_cents integer not null default 0 check (parts_cents >= 0),
        warranty_source text check (warranty_source in ('SALE', 'REPAIR')),
        warranty_until timestamptz,
        signature_key text,
        delivered_at timestamptz,
        warranty_ends_at timestamptz,
        status_token text not null unique check (status_token ~ '^[A-Za-z0-9_-]{32}$'),
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint repairs_warranty_whole check ((warranty_source is null) = (warranty_until is null)),
        constraint repairs_delivered check ((status = 'DELIVERED') = (delivered_at is not null)),
        constraint repairs_password_erased check (status not in ('DELIVERED', 'RETURNED') or device_password is null)
      )`,
      `create index repairs_open on repairs (status, estimated_date) where status in (${list(OPEN)})`,
      'create index repairs_imei on repairs (imei)',
      'create index repairs_technician on repairs (technician_id, status) where technician_id is not null',
      'create index repairs_customer on repairs (customer_id)',
      `create table repair_parts (
        id serial primary key,
        repair_id integer not null references repairs (id) on delete cascade,
        product_id integer not null references products (id),
        product_code text not null,
        product_name text not null,
        quantity integer not null check (quantity between 1 and 99),
        unit_price_cents integer not null check (unit_price_cents >= 0),
        unit_cost_cents integer not null check (unit_cost_cents >= 0),
        unique (repair_id, product_id)
      )`,
      `create table repair_photos (
        id serial primary key,
        repair_id integer not null references repairs (id) on delete cascade,
        file_key text not null,
        created_at timestamptz not null default now()
      )`,
      'create index repair_photos_of on repair_photos (repair_id, id)',
      `create table repair_history (
        id serial primary key,
        repair_id integer not null references repairs (id) on delete cascade,
        status text not null check (status in (${list(STATUSES)})),
        employee_id integer references employees (id),
        note text,
        created_at timestamptz not null default now()
      )`,
      'create index repair_history_of on repair_history (repair_id, id)',
      'alter table stock_movements drop constraint stock_movements_kind_check',
      kindCheck([...MOVEMENT_KINDS, 'REPAIR']),
      'alter table stock_movements add column repair_id integer references repairs (id)',
      `alter table stock_movements add constraint stock_movements_repair_named
        check ((kind = 'REPAIR') = (repair_id is not null))`,
      'create index stock_movements_repair on stock_movements (repair_id) where repair_id is not null',
      'alter table orders add column repair_id integer unique references repairs (id)',
      'alter table orders add column labour_cents integer not null default 0 check (labour_cents >= 0)',
      'alter table orders add constraint orders_labour_of_repair check (labour_cents = 0 or repair_id is not null)',
      // The total's check of 0002 (unnamed) gives way to one that counts the labour.
      `do $$ declare name text; begin
        select conname into name from pg_constraint
          where conrelid = 'orders'::regclass and contype = 'c'
            and pg_get_constraintdef(oid) like '%items_total_cents%discount_cents%';
        if name is not null then execute format('alter table orders drop constraint %I', name); end if;
      end $$`,
      `alter table orders add constraint orders_total_check
        check (total_cents = ${ORDER_TOTAL} + labour_cents - discount_cents)`,
      // The bell's item of a late service order.
      triggerFunction('bell_repairs_insert', [
        `insert into bell_items ${COLUMNS} ${ITEM} and r.id in (select id from changed)`,
      ]),
      `create trigger bell_repairs_insert after insert on repairs
        referencing new table as changed for each statement execute function bell_repairs_insert()`,
      triggerFunction('bell_repairs_update', [
        FORGET('new.id'),
        `insert into bell_items ${COLUMNS} ${ITEM} and r.id = new.id`,
      ]),
      `create trigger bell_repairs_update after update on repairs for each row
        when ((old.status, old.late_at) is distinct from (new.status, new.late_at))
        execute function bell_repairs_update()`,
      triggerFunction('bell_repairs_delete', [FORGET('select id from changed')]),
      `create trigger bell_repairs_delete after delete on repairs
        referencing old table as changed for each statement execute function bell_repairs_delete()`,
      triggerFunction('bell_repairs_truncate', ["delete from bell_items where kind = 'repair_late'"]),
      `create trigger bell_repairs_truncate after truncate on repairs
        for each statement execute function bell_repairs_truncate()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
        `drop trigger bell_repairs_${event} on repairs`,
        `drop function bell_repairs_${event}()`,
      ]),
      "delete from bell_items where kind = 'repair_late'",
      'alter table orders drop constraint orders_total_check',
      `alter table orders add constraint orders_check check (total_cents = ${ORDER_TOTAL} - discount_cents)`,
      'alter table orders drop constraint orders_labour_of_repair',
      'alter table orders drop column labour_cents',
      'alter table orders drop column repair_id',
      "delete from stock_movements where kind = 'REPAIR'",
      'alter table stock_movements drop column repair_id',
      'alter table stock_movements drop constraint stock_movements_kind_check',
      kindCheck(MOVEMENT_KINDS),
      'drop table repair_history',
      'drop table repair_photos',
      'drop table repair_parts',
      'drop table repairs',
      'drop table repair_settings',
      'delete from employees where func = 4',
      'alter table employees drop constraint employees_func_check',
      'alter table employees add constraint employees_func_check check (func in (1, 2, 3))',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013-notifications-that-are-true.md):
 * - `notification_reads`: which notification (by its stable id) each employee read, and when. The
 *   notifications themselves are read from the records (customers, orders, products, Pix, settlements,
 *   audit), so nothing has to be kept in step with them.
 * - `order_late_limits`: minutes an order may stay in a status before the bell calls it late (Configurações),
 *   seeded with the defaults of the contract's DEFAULT_LATE_LIMITS.
 * - Partial indexes so each kind reads only its few rows: settled runs whose cash differs, the payment
 *   settings' audit rows (products at or below their alert: 0007's products_low_stock).
 * - Channel `notification_events`: a customer registered or changed status, a Pix arrived, a run was
 *   settled, a product crossed its alert, a payment setting changed; the order-events listener forwards it
 *   as an `event: notification` to the streams, so the bells refresh at once.
 */
const CHANNEL = 'notification_events';
// A copy of the contract's DEFAULT_LATE_LIMITS as they were when this migration was applied: a migration never
// imports live code and never changes once applied. modules/notifications/late-limits.test.ts binds it to the
// contract (a new default needs a new migration updating the rows).
const DEFAULT_LIMITS: [number, number][] = [
  [1, 120],
  [2, 120],
  [3, 60],
  [4, 240],
  [6, 1440],
  [10, 1440],
  [11, 60],
  [15, 30],
  [16, 120],
];

const TRIGGERS: [table: string, name: string, when: string][] = [
  ['customers', 'customers_notify_bell', 'after insert or update of status on customers for each row'],
  ['pix_received', 'pix_received_notify_bell', 'after insert or update of order_id on pix_received for each row'],
  [
    'courier_runs',
    'courier_runs_notify_bell',
    'after update of settled_at on courier_runs for each row when (new.settled_at is not null and old.settled_at is null)',
  ],
  [
    'products',
    'products_notify_bell',
    'after update of stock, stock_alert on products for each row when ((old.stock <= old.stock_alert) is distinct from (new.stock <= new.stock_alert))',
  ],
  ['products', 'products_notify_bell_new', 'after insert on products for each row when (new.stock <= new.stock_alert)'],
  [
    'audit_events',
    'audit_events_notify_bell',
    `after insert on audit_events for each row when (new.entity in ('bank_setting', 'company_settings'))`,
  ],
];

export const notifications: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table notification_reads (
        employee_id integer not null references employees (id) on delete cascade,
        notification_id text not null check (length(notification_id) between 1 and 200),
        read_at timestamptz not null default now(),
        primary key (employee_id, notification_id)
      )`,
      'create index notification_reads_read_at on notification_reads (read_at)',
      `create table order_late_limits (
        status integer primary key,
        minutes integer not null check (minutes between 1 and 10080),
        updated_at timestamptz not null default now(),
        updated_by integer references employees (id) on delete set null
      )`,
      `insert into order_late_limits (status, minutes) values ${DEFAULT_LIMITS.map(([s, m]) => `(${s}, ${m})`).join(', ')}`,
      `create index courier_runs_settled_difference on courier_runs (settled_at desc, id)
        where settled_at is not null and declared_cash_cents is distinct from expected_cash_cents`,
      `create index audit_events_payment_settings on audit_events (created_at desc, id)
        where entity in ('bank_setting', 'company_settings')`,
      `create function notify_bell() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify('${CHANNEL}', json_build_object('schema', TG_TABLE_SCHEMA)::text);
        return null;
      end $fn$`,
      ...TRIGGERS.map(([, name, when]) => `create trigger ${name} ${when} execute function notify_bell()`),
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...TRIGGERS.map(([table, name]) => `drop trigger ${name} on ${table}`),
      'drop function notify_bell()',
      'drop index audit_events_payment_settings',
      'drop index courier_runs_settled_difference',
      'drop table order_late_limits',
      'drop table notification_reads',
    ]);
  },
};

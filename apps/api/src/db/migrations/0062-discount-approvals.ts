import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A manager's approval of a discount above the seller's role maximum (issue 38 §3, decision 0045). A request
 * holds nothing (no stock, no order): who asks, for which customer, the cart's lines as they were (product,
 * quantity, unit price in cents) and the discounts typed (JSON, as the checkout takes them), the goods and the
 * discount in cents and the smallest role maximum that covers it (`required_hundredths`: who may approve and
 * see it in the bell). One pending request per seller and customer (a new one replaces the old). Decided: the
 * approver, when, a refusal's reason; used: the order placed with it (once).
 * The bell's notice (channel `notification_events` of migration 0031) on every change: the approvers' bells
 * and the seller's Vendas reread it.
 */
export const discountApprovals: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table discount_approvals (
        id serial primary key,
        seller_id integer not null references employees (id),
        customer_id integer not null references customers (id) on delete cascade,
        lines jsonb not null,
        discounts jsonb not null,
        goods_cents integer not null check (goods_cents >= 0),
        discount_cents integer not null check (discount_cents >= 0),
        required_hundredths integer not null check (required_hundredths between 0 and 10000),
        status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REFUSED', 'USED')),
        created_at timestamptz not null default now(),
        approver_id integer references employees (id),
        decided_at timestamptz,
        reason text,
        order_id integer unique references orders (id),
        constraint discount_approvals_decided check ((status = 'PENDING') = (decided_at is null)),
        constraint discount_approvals_used check ((status = 'USED') = (order_id is not null)),
        constraint discount_approvals_refused_reason check (status <> 'REFUSED' or reason is not null)
      )`,
      `create unique index discount_approvals_one_pending on discount_approvals (seller_id, customer_id)
        where status = 'PENDING'`,
      'create index discount_approvals_seller_customer on discount_approvals (seller_id, customer_id, id desc)',
      `create index discount_approvals_pending on discount_approvals (created_at desc, id)
        include (required_hundredths, seller_id) where status = 'PENDING'`,
      `create function discount_approvals_notify() returns trigger language plpgsql as $fn$
      begin
        perform pg_notify('notification_events', json_build_object('schema', TG_TABLE_SCHEMA)::text);
        return null;
      end $fn$`,
      `create trigger discount_approvals_notify after insert or update or delete on discount_approvals
        for each statement execute function discount_approvals_notify()`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table discount_approvals', 'drop function discount_approvals_notify()']);
  },
};

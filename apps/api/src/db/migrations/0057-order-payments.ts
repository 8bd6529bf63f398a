import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Card and split payments (issue 38 §2, decision 0042).
 * - `order_payments`: the parts an order is paid by, each with its method (CASH, PIX, CARD), amount in cents
 *   and status (PENDING, CONFIRMED, REFUSED, REVERSED); a card part's brand, kind, instalments, NSU and
 *   authorisation code (never the card number) with the fee and the days to be paid as they were when it was
 *   recorded; a Pix part's own txid (unique: the bank's webhook names it) and the E2E id that paid it; the
 *   Idempotency-Key that created it; who and when for each step.
 * - `pix_received_order` no longer unique: each Pix part of an order is paid by a Pix of its own.
 * - `company_settings.card_settings`: the shop's card fees and days (null: the contract's defaults).
 * - `orders.payment_method` may be CARD (a card at the counter or the machine on delivery);
 *   `orders.card_on_delivery`: a card order placed without the machine's receipt, charged at the door or the
 *   counter ('Levar maquininha' on the courier's card and run sheet).
 */
export const orderPayments: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_payments (
        id serial primary key,
        order_id integer not null references orders (id),
        seq integer not null,
        method text not null check (method in ('CASH', 'PIX', 'CARD')),
        amount_cents integer not null check (amount_cents > 0),
        status text not null check (status in ('PENDING', 'CONFIRMED', 'REFUSED', 'REVERSED')),
        card_kind text check (card_kind in ('DEBIT', 'CREDIT')),
        card_brand text,
        instalments integer check (instalments between 1 and 12),
        nsu text,
        authorization_code text,
        fee_basis_points integer,
        fee_cents integer,
        net_cents integer,
        settlement_days integer,
        pix_txid text unique,
        end_to_end_id text,
        idempotency_key text unique,
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        confirmed_at timestamptz,
        closed_at timestamptz,
        closed_by integer references employees (id),
        close_reason text,
        unique (order_id, seq),
        check ((method = 'CARD') = (card_kind is not null and card_brand is not null and instalments is not null
          and nsu is not null and authorization_code is not null and fee_cents is not null and net_cents is not null)),
        check ((method = 'PIX') = (pix_txid is not null))
      )`,
      // A Pix per part: an order may now be paid by several Pix (one per part). One whole-order Pix per order
      // is still the rule, checked under the order's lock (\`pixRefusal\`: ALREADY_PAID).
      'drop index pix_received_order',
      'create index pix_received_order on pix_received (order_id) where order_id is not null',
      'alter table company_settings add column card_settings jsonb',
      'alter table orders add column card_on_delivery boolean not null default false',
      'alter table orders drop constraint orders_payment_method_check',
      `alter table orders add constraint orders_payment_method_check
        check (payment_method in ('CASH', 'BANK_TRANSFER', 'PIX', 'CARD'))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table orders drop constraint orders_payment_method_check',
      `alter table orders add constraint orders_payment_method_check
        check (payment_method in ('CASH', 'BANK_TRANSFER', 'PIX'))`,
      'drop index pix_received_order',
      'create unique index pix_received_order on pix_received (order_id) where order_id is not null',
      'alter table company_settings drop column card_settings',
      'alter table orders drop column card_on_delivery',
      'drop table order_payments',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Quotes ('Orçamento', issue 38 §4, decision 0043).
 * - `quotes`: a cart saved for a customer (or a walk-in's name and phone), with the sale's choices and its
 *   figures frozen (goods, freight, fast-delivery tax, warranty, discount, total, in cents), its last valid
 *   business day (YYYY-MM-DD text: compared as text with today's), and, once converted, its order. EXPIRED is not stored: an OPEN quote past `valid_until`.
 * - `quote_items`: each line's product, quantity, frozen unit price and discount (its own plus its share).
 * - `company_settings.quote_validity_days`: days a new quote stays valid (7 by default).
 */
export const quotes: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table quotes (
        id serial primary key,
        customer_id integer not null references customers (id),
        walk_in_name text,
        walk_in_phone text,
        employee_id integer not null references employees (id),
        status text not null default 'OPEN' check (status in ('OPEN', 'CONVERTED', 'CANCELLED')),
        delivery_type integer not null check (delivery_type in (1, 2)),
        with_warranty boolean not null,
        fast_delivery boolean not null,
        items_total_cents integer not null check (items_total_cents >= 0),
        shipping_cost_cents integer not null check (shipping_cost_cents >= 0),
        fast_delivery_tax_cents integer not null check (fast_delivery_tax_cents >= 0),
        warranty_cents integer not null check (warranty_cents >= 0),
        discount_cents integer not null check (discount_cents >= 0),
        total_cents integer not null check (total_cents >= 0),
        valid_until text not null check (valid_until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        order_id integer unique references orders (id),
        converted_by integer references employees (id),
        converted_at timestamptz,
        created_at timestamptz not null default now(),
        constraint quotes_converted_has_order check ((status = 'CONVERTED') = (order_id is not null))
      )`,
      'create index quotes_status_valid_until on quotes (status, valid_until)',
      'create index quotes_customer on quotes (customer_id)',
      `create table quote_items (
        id serial primary key,
        quote_id integer not null references quotes (id) on delete cascade,
        position integer not null,
        product_id integer not null references products (id),
        product_code text not null,
        product_name text not null,
        quantity integer not null check (quantity > 0),
        unit_price_cents integer not null check (unit_price_cents >= 0),
        discount_cents integer not null default 0 check (discount_cents >= 0),
        unique (quote_id, position)
      )`,
      `alter table company_settings add column quote_validity_days integer not null default 7
        constraint company_settings_quote_validity check (quote_validity_days between 1 and 90)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table company_settings drop column quote_validity_days',
      'drop table quote_items',
      'drop table quotes',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Refunds owed to a customer (issue 38 §5, decision 0044's amendment): an edit or a discount change before
 * separation that lowers an order's total below its confirmed payment parts records the excess, in the same
 * transaction, as a refund to record (PENDING) with its reason ('Pedido alterado: total de R$ … para R$ …'),
 * who and when; the attendant records it given back (DONE) by cash or Pix, with who, when and an optional note.
 * The order is paid when its confirmed parts less its refunds are its total (`partsPayTotal`).
 */
export const orderRefunds: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table order_refunds (
        id serial primary key,
        order_id integer not null references orders (id),
        amount_cents integer not null check (amount_cents > 0),
        reason text not null,
        status text not null default 'PENDING' check (status in ('PENDING', 'DONE')),
        method text check (method in ('CASH', 'PIX')),
        note text,
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        done_by integer references employees (id),
        done_at timestamptz,
        constraint order_refunds_done check ((status = 'DONE') = (method is not null and done_at is not null))
      )`,
      'create index order_refunds_order on order_refunds (order_id)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table order_refunds']);
  },
};

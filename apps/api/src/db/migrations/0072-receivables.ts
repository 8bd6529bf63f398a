import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The receivables ('Contas a receber', issue 40 §2, decision 0054).
 * - `receivables`: the instalments of a sale on credit, made when it is delivered (or finalized at the counter):
 *   `seq` of `count`, the due day, the value in cents; `principal_paid_cents` is what the payments not undone took
 *   off it, `fine_charged` whether one of them paid the fine (charged once), `last_paid_on` the day of the latest
 *   (interest runs from the later of it and the due day); `pix_txid` names it in its own Pix (the order's code, 'R'
 *   and its number). Cancelled with its order when nothing was paid.
 * - `receivable_payments`: each payment, split into principal, fine and interest (their sum is the amount), its
 *   method, who (none: the bank's webhook, `end_to_end_id` the Pix that paid it, once), the Idempotency-Key; undone
 *   with a reason (kept), the latest first.
 */
export const receivables: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table receivables (
        id serial primary key,
        order_id integer not null references orders (id),
        customer_id integer not null references customers (id),
        seq integer not null check (seq >= 1),
        count integer not null check (count >= seq),
        due_date date not null,
        amount_cents bigint not null check (amount_cents > 0),
        principal_paid_cents bigint not null default 0,
        fine_charged boolean not null default false,
        last_paid_on date,
        pix_txid text not null unique,
        canceled_at timestamptz,
        created_at timestamptz not null default now(),
        unique (order_id, seq),
        constraint receivables_paid_within check (principal_paid_cents between 0 and amount_cents)
      )`,
      'create index receivables_due on receivables (due_date, id)',
      `create index receivables_open_due on receivables (due_date, id)
        include (amount_cents, principal_paid_cents, customer_id)
        where canceled_at is null and principal_paid_cents < amount_cents`,
      'create index receivables_customer on receivables (customer_id, due_date)',
      `create table receivable_payments (
        id serial primary key,
        receivable_id integer not null references receivables (id),
        paid_on date not null,
        method text not null check (method in ('CASH', 'PIX', 'DEPOSIT', 'CARD', 'SETTLEMENT')),
        amount_cents bigint not null check (amount_cents > 0),
        principal_cents bigint not null check (principal_cents >= 0),
        fine_cents bigint not null check (fine_cents >= 0),
        interest_cents bigint not null check (interest_cents >= 0),
        employee_id integer references employees (id),
        end_to_end_id text unique,
        idempotency_key text unique,
        created_at timestamptz not null default now(),
        undone_at timestamptz,
        undone_by integer references employees (id),
        undo_reason text,
        constraint receivable_payments_parts check (amount_cents = principal_cents + fine_cents + interest_cents),
        constraint receivable_payments_who check (employee_id is not null or end_to_end_id is not null),
        constraint receivable_payments_undone_whole check ((undone_at is null) = (undone_by is null)
          and (undone_at is null) = (undo_reason is null))
      )`,
      'create index receivable_payments_receivable on receivable_payments (receivable_id, id)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table receivable_payments', 'drop table receivables']);
  },
};

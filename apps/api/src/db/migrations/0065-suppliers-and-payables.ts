import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Suppliers and the bills the shop pays (issue 39 §1, §3, §4; decision 0047).
 * - `suppliers`: who the shop buys from: name (and trade name), CPF or CNPJ (numeric or alphanumeric) stored
 *   normalised (digits and upper-case letters, no punctuation) and unique, state registration (IE), contact,
 *   phone, e-mail and address; `search_text` holds name, trade name, document and phone folded for the list's
 *   search (written by the suppliers service).
 * - `payables`: one bill: a supplier (none for rent, fuel…), the purchase it came from (`purchase_id`: the
 *   purchases table arrives in 0067, which adds the foreign key), a category, a description, the note's
 *   instalment number or a typed one, the due day and the amount in cents — negative: a credit the supplier
 *   owes back (a return, §4), always with a supplier. `paid_cents` is what the payments not undone add up to,
 *   kept under the bill's lock and never above the amount (open = |amount| − paid). A bill without any payment
 *   left may be cancelled with a reason.
 * - `payable_payments`: each payment of a bill (partial or full): the day it was paid, method, account, amount
 *   (always positive), note, who recorded it and the Idempotency-Key of the call; undone with a reason (kept,
 *   never deleted).
 */
export const suppliersAndPayables: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table suppliers (
        id serial primary key,
        name text not null check (length(name) between 1 and 200),
        trade_name text,
        document text not null unique check (document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
        state_registration text,
        contact_name text,
        phone text,
        email text,
        street text,
        number text,
        complement text,
        district text,
        city text,
        state text check (state ~ '^[A-Z]{2}$'),
        postal_code text check (postal_code ~ '^[0-9]{8}$'),
        search_text text not null default '',
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      'create index suppliers_name on suppliers (name, id)',
      `create table payables (
        id serial primary key,
        supplier_id integer references suppliers (id),
        purchase_id integer,
        category text not null check (category in
          ('COMPRA', 'DEVOLUCAO', 'ALUGUEL', 'COMBUSTIVEL', 'FRETE', 'SALARIOS', 'IMPOSTOS', 'SERVICOS', 'OUTROS')),
        description text not null check (length(description) between 1 and 300),
        document_number text,
        due_date date not null,
        amount_cents bigint not null check (amount_cents <> 0),
        paid_cents bigint not null default 0,
        created_by integer not null references employees (id),
        created_at timestamptz not null default now(),
        canceled_at timestamptz,
        canceled_by integer references employees (id),
        cancel_reason text,
        constraint payables_paid_within check (paid_cents >= 0 and paid_cents <= abs(amount_cents)),
        constraint payables_credit_has_supplier check (amount_cents > 0 or supplier_id is not null),
        constraint payables_canceled_unpaid check (canceled_at is null or paid_cents = 0),
        constraint payables_canceled_whole check ((canceled_at is null) = (canceled_by is null)
          and (canceled_at is null) = (cancel_reason is null))
      )`,
      'create index payables_due on payables (due_date, id) where canceled_at is null',
      'create index payables_supplier on payables (supplier_id, due_date)',
      'create index payables_purchase on payables (purchase_id) where purchase_id is not null',
      `create table payable_payments (
        id serial primary key,
        payable_id integer not null references payables (id),
        paid_on date not null,
        method text not null check (method in ('PIX', 'BOLETO', 'TRANSFERENCIA', 'DINHEIRO', 'CARTAO', 'CHEQUE', 'COMPENSACAO')),
        account text,
        amount_cents bigint not null check (amount_cents > 0),
        note text,
        employee_id integer not null references employees (id),
        idempotency_key text unique,
        created_at timestamptz not null default now(),
        undone_at timestamptz,
        undone_by integer references employees (id),
        undo_reason text,
        constraint payable_payments_undone_whole check ((undone_at is null) = (undone_by is null)
          and (undone_at is null) = (undo_reason is null))
      )`,
      'create index payable_payments_payable on payable_payments (payable_id, id)',
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table payable_payments', 'drop table payables', 'drop table suppliers']);
  },
};

import type { Migration } from 'kysely/migration';
import { counterTriggers, dropCounters, runStatements } from './run-statements';

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
 * - `receivable_days`: per due day, the open instalments (count, value, what was paid of them), the paid ones (count,
 *   value) and the cancelled ones (count), kept by statement-level triggers in the statement that writes
 *   `receivables`: the list's count and totals read a few hundred days, not every instalment (issue 36's rule; at
 *   scale 100, 76,000 open instalments summed on each page took 50 ms).
 */
const SIDES = [
  'open_count',
  'open_amount_cents',
  'open_paid_cents',
  'paid_count',
  'paid_amount_cents',
  'canceled_count',
];

/** What each instalment of `from` adds (sign 1) or takes (−1) to its day. */
function contributions(from: string, sign: number): string {
  const isOpen = 'canceled_at is null and principal_paid_cents < amount_cents';
  const isPaid = 'canceled_at is null and principal_paid_cents >= amount_cents';
  return `select due_date,
      ${sign} * (case when ${isOpen} then 1 else 0 end) as open_count,
      ${sign} * (case when ${isOpen} then amount_cents else 0 end) as open_amount_cents,
      ${sign} * (case when ${isOpen} then principal_paid_cents else 0 end) as open_paid_cents,
      ${sign} * (case when ${isPaid} then 1 else 0 end) as paid_count,
      ${sign} * (case when ${isPaid} then amount_cents else 0 end) as paid_amount_cents,
      ${sign} * (case when canceled_at is not null then 1 else 0 end) as canceled_count
    from ${from}`;
}

/** One grouped upsert of the days `source` touches, in day order (opposite moves cannot deadlock). */
function addToDays(source: string): string {
  return `insert into receivable_days (due_date, ${SIDES.join(', ')})
    select s.due_date, ${SIDES.map((c) => `sum(s.${c})`).join(', ')} from (${source}) as s
    group by s.due_date order by s.due_date
    on conflict (due_date) do update set ${SIDES.map((c) => `${c} = receivable_days.${c} + excluded.${c}`).join(', ')}`;
}

/** The backfill, and what the tests compare the triggers with. */
export const RECOUNT_RECEIVABLE_DAYS = [addToDays(contributions('receivables', 1))];
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
      `create table receivable_days (
        due_date date primary key,
        open_count bigint not null default 0,
        open_amount_cents bigint not null default 0,
        open_paid_cents bigint not null default 0,
        paid_count bigint not null default 0,
        paid_amount_cents bigint not null default 0,
        canceled_count bigint not null default 0
      )`,
      ...counterTriggers('receivables', 'receivable_days', {
        onInsert: addToDays(contributions('new_receivables', 1)),
        onUpdate: addToDays(`${contributions('old_receivables', -1)} union all ${contributions('new_receivables', 1)}`),
        onDelete: addToDays(contributions('old_receivables', -1)),
      }),
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...dropCounters('receivables', 'receivable_days'),
      'drop table receivable_payments',
      'drop table receivables',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The cash drawer (issue 40 §3, decision 0053).
 * - `cash_registers`: the shop's registers ('Caixa balcão 1'), named uniquely, deactivated rather than deleted.
 * - `cash_sessions`: a register opened by an operator with a float (`float_cents`), closed with the amount counted.
 *   At its closing the expected cash and the difference are written once (`expected_cents`, `counted_cents`), with
 *   who closed it and the reason of a difference; `approval` is NOT_NEEDED, PENDING (a difference above the
 *   tolerance) or APPROVED (by whom, when, a note). One open session per register and one per operator (partial
 *   unique indexes), so two openings at once cannot both win.
 * - `cash_entries`: what moved the session's cash, always a positive amount whose kind says in or out: SALE (a
 *   counter sale, its order and payment part), SETTLEMENT (a courier run's settlement, once per run), INSTALMENT,
 *   TOP_UP, REMOVAL (a reason), REFUND (cash given back for an order). `idempotency_key` makes a typed entry sent
 *   twice land once.
 * - `cash_settings`: the company's difference tolerance (R$ 0,00 unless set).
 */
export const cashRegisters: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table cash_registers (
        id serial primary key,
        name text not null unique check (length(name) between 1 and 60),
        active boolean not null default true,
        created_by integer references employees (id),
        created_at timestamptz not null default now()
      )`,
      `create table cash_sessions (
        id serial primary key,
        register_id integer not null references cash_registers (id),
        operator_id integer not null references employees (id),
        opened_at timestamptz not null default now(),
        float_cents bigint not null check (float_cents >= 0),
        closed_at timestamptz,
        closed_by integer references employees (id),
        expected_cents bigint,
        counted_cents bigint check (counted_cents >= 0),
        close_reason text,
        approval text check (approval in ('NOT_NEEDED', 'PENDING', 'APPROVED')),
        approved_by integer references employees (id),
        approved_at timestamptz,
        approval_note text,
        constraint cash_sessions_closed_whole check ((closed_at is null) = (closed_by is null)
          and (closed_at is null) = (expected_cents is null) and (closed_at is null) = (counted_cents is null)
          and (closed_at is null) = (approval is null)),
        constraint cash_sessions_approved_whole check ((approval = 'APPROVED') = (approved_by is not null)
          and (approved_by is null) = (approved_at is null)),
        constraint cash_sessions_difference_reason check (counted_cents = expected_cents or close_reason is not null)
      )`,
      'create unique index cash_sessions_one_open_per_register on cash_sessions (register_id) where closed_at is null',
      'create unique index cash_sessions_one_open_per_operator on cash_sessions (operator_id) where closed_at is null',
      'create index cash_sessions_register on cash_sessions (register_id, opened_at desc, id desc)',
      'create index cash_sessions_opened on cash_sessions (opened_at desc, id desc)',
      "create index cash_sessions_pending on cash_sessions (id) where approval = 'PENDING'",
      `create table cash_entries (
        id serial primary key,
        session_id integer not null references cash_sessions (id),
        kind text not null check (kind in ('SALE', 'SETTLEMENT', 'INSTALMENT', 'TOP_UP', 'REMOVAL', 'REFUND')),
        amount_cents bigint not null check (amount_cents > 0),
        reason text,
        order_id integer references orders (id),
        payment_id integer references order_payments (id),
        run_id integer references courier_runs (id),
        employee_id integer not null references employees (id),
        idempotency_key text unique,
        created_at timestamptz not null default now(),
        constraint cash_entries_removal_reason check (kind <> 'REMOVAL' or reason is not null),
        constraint cash_entries_settlement_run check ((kind = 'SETTLEMENT') = (run_id is not null))
      )`,
      'create index cash_entries_session on cash_entries (session_id, id)',
      'create unique index cash_entries_one_settlement on cash_entries (run_id) where run_id is not null',
      'create unique index cash_entries_one_sale_per_part on cash_entries (payment_id, kind) where payment_id is not null',
      "create unique index cash_entries_one_counter_sale on cash_entries (order_id) where kind = 'SALE' and payment_id is null",
      'create index cash_entries_order on cash_entries (order_id) where order_id is not null',
      `create table cash_settings (
        company_id integer primary key,
        tolerance_cents bigint not null default 0 check (tolerance_cents between 0 and 100000)
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop table cash_settings',
      'drop table cash_entries',
      'drop table cash_sessions',
      'drop table cash_registers',
    ]);
  },
};

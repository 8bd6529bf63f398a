import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Registered boletos for instalments (issue 58 §2, decision 0092), owned by the boletos module:
 * - `boleto_settings`: the shop's bank for boletos (one row; Banco do Brasil '001' first), its agency and account
 *   with their DVs, the convênio (7 digits), carteira and variação, the next nosso número's sequence (10 digits
 *   after the convênio) and the next remessa's number (NSA);
 * - `boletos`: one per instalment while it is not written off (`baixa`): its nosso número (unique), due day and
 *   value as registered, barcode and linha digitável, the remessa that registered it, and its state — ISSUED,
 *   PAID (liquidação), WRITTEN_OFF (baixa);
 * - `boleto_remessas`: each remessa file written (its NSA, its text, how many boletos);
 * - `boleto_retornos`: each retorno file read (its SHA-256 unique: the same file read twice is told, not applied);
 * - `boleto_retorno_events`: each occurrence of a retorno applied, once per boleto, movement code and day (a second
 *   file telling the same liquidação changes nothing).
 * In the payables module's `payables`: the category TARIFAS ('Tarifas bancárias'), where the retorno's fees go.
 * And in the credit module's `receivable_payments`: the method BOLETO and `bank_reference` (the boleto's nosso
 *   número: once per boleto), which stands for the payer where the bank paid it.
 */
export const boletos: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table boleto_settings (
        company_id integer primary key,
        bank_code text not null check (bank_code in ('001')),
        agency text not null check (agency ~ '^[0-9]{1,5}$'),
        agency_dv text not null check (agency_dv ~ '^[0-9X]$'),
        account text not null check (account ~ '^[0-9]{1,12}$'),
        account_dv text not null check (account_dv ~ '^[0-9X]$'),
        convenio text not null check (convenio ~ '^[0-9]{7}$'),
        carteira text not null check (carteira ~ '^[0-9]{2}$'),
        variacao text not null check (variacao ~ '^[0-9]{3}$'),
        next_sequence bigint not null default 1 check (next_sequence between 1 and 9999999999),
        next_remessa integer not null default 1 check (next_remessa between 1 and 999999),
        updated_at timestamptz not null default now(),
        updated_by integer references employees (id)
      )`,
      `create table boleto_remessas (
        id serial primary key,
        nsa integer not null unique,
        content text not null,
        boleto_count integer not null,
        created_at timestamptz not null default now(),
        created_by integer not null references employees (id)
      )`,
      `create table boletos (
        id serial primary key,
        receivable_id integer not null references receivables (id),
        bank_code text not null,
        nosso_numero text not null unique,
        due_date date not null,
        amount_cents bigint not null check (amount_cents > 0),
        barcode text not null check (barcode ~ '^[0-9]{44}$'),
        digitable_line text not null,
        status text not null default 'ISSUED' check (status in ('ISSUED', 'PAID', 'WRITTEN_OFF')),
        remessa_id integer references boleto_remessas (id),
        paid_on date,
        paid_cents bigint,
        fee_cents bigint not null default 0,
        created_at timestamptz not null default now(),
        created_by integer not null references employees (id)
      )`,
      `create unique index boletos_one_per_instalment on boletos (receivable_id) where status <> 'WRITTEN_OFF'`,
      `create index boletos_unsent on boletos (id) where remessa_id is null and status = 'ISSUED'`,
      `create table boleto_retornos (
        id serial primary key,
        sha256 text not null unique,
        file_name text not null,
        nsa integer,
        summary jsonb not null,
        created_at timestamptz not null default now(),
        created_by integer not null references employees (id)
      )`,
      `create table boleto_retorno_events (
        id serial primary key,
        retorno_id integer not null references boleto_retornos (id),
        boleto_id integer not null references boletos (id),
        movement text not null,
        occurred_on date not null,
        paid_cents bigint not null default 0,
        charges_cents bigint not null default 0,
        fee_cents bigint not null default 0,
        unique (boleto_id, movement, occurred_on)
      )`,
      `alter table receivable_payments drop constraint receivable_payments_method_check`,
      `alter table receivable_payments add constraint receivable_payments_method_check
         check (method in ('CASH', 'PIX', 'DEPOSIT', 'CARD', 'SETTLEMENT', 'BOLETO'))`,
      `alter table payables drop constraint payables_category_check`,
      `alter table payables add constraint payables_category_check check (category in ('COMPRA', 'DEVOLUCAO',
         'ALUGUEL', 'COMBUSTIVEL', 'FRETE', 'SALARIOS', 'IMPOSTOS', 'SERVICOS', 'OUTROS', 'TARIFAS'))`,
      `alter table receivable_payments add column bank_reference text unique`,
      `alter table receivable_payments drop constraint receivable_payments_who`,
      `alter table receivable_payments add constraint receivable_payments_who
         check (employee_id is not null or end_to_end_id is not null or bank_reference is not null)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      `update payables set category = 'OUTROS' where category = 'TARIFAS'`,
      `alter table payables drop constraint payables_category_check`,
      `alter table payables add constraint payables_category_check check (category in ('COMPRA', 'DEVOLUCAO',
         'ALUGUEL', 'COMBUSTIVEL', 'FRETE', 'SALARIOS', 'IMPOSTOS', 'SERVICOS', 'OUTROS'))`,
      `delete from receivable_payments where method = 'BOLETO'`,
      `alter table receivable_payments drop constraint receivable_payments_who`,
      `alter table receivable_payments add constraint receivable_payments_who
         check (employee_id is not null or end_to_end_id is not null)`,
      `alter table receivable_payments drop column bank_reference`,
      `alter table receivable_payments drop constraint receivable_payments_method_check`,
      `alter table receivable_payments add constraint receivable_payments_method_check
         check (method in ('CASH', 'PIX', 'DEPOSIT', 'CARD', 'SETTLEMENT'))`,
      'drop table boleto_retorno_events',
      'drop table boleto_retornos',
      'drop table boletos',
      'drop table boleto_remessas',
      'drop table boleto_settings',
    ]);
  },
};

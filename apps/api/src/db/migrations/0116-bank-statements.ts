import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The bank statement (issue 58 §3, decision 0097): each OFX imported for one of the shop's accounts
 * (`bank_settings`), kept by its SHA-256 with its closing balance (LEDGERBAL), and its lines, one per account and
 * key — the bank's FITID, else a hash of the line — so a statement imported twice stores and reconciles nothing
 * twice. A line is OPEN, CONFIRMED with the book entry it matched (one line per entry: the partial unique index),
 * or IGNORED with a reason.
 */
export const bankStatements: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table bank_statements (
        id serial primary key,
        account_id integer not null references bank_settings(id),
        sha256 text not null,
        file_name text not null,
        ofx_bank_id text,
        ofx_account text,
        period_from date,
        period_to date,
        ledger_balance_cents bigint not null,
        balance_on date not null,
        lines integer not null,
        new_lines integer not null,
        imported_by integer not null references employees(id),
        created_at timestamptz not null default now(),
        unique (account_id, sha256)
      )`,
      'create index bank_statements_balance on bank_statements (account_id, balance_on)',
      `create table bank_statement_lines (
        id serial primary key,
        account_id integer not null references bank_settings(id),
        statement_id integer not null references bank_statements(id),
        line_key text not null,
        fit_id text,
        posted_on date not null,
        amount_cents bigint not null check (amount_cents <> 0),
        memo text not null,
        status text not null default 'OPEN' check (status in ('OPEN', 'CONFIRMED', 'IGNORED')),
        match_kind text check (match_kind in ('RECEIVABLE_PAYMENT', 'PAYABLE_PAYMENT', 'CARD_SETTLEMENT')),
        match_ref text,
        ignore_reason text,
        resolved_by integer references employees(id),
        resolved_at timestamptz,
        unique (account_id, line_key),
        check ((status = 'CONFIRMED') = (match_kind is not null and match_ref is not null)),
        check ((status = 'IGNORED') = (ignore_reason is not null))
      )`,
      'create index bank_statement_lines_month on bank_statement_lines (account_id, posted_on)',
      `create unique index bank_statement_lines_match on bank_statement_lines (match_kind, match_ref)
        where status = 'CONFIRMED'`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table bank_statement_lines', 'drop table bank_statements']);
  },
};

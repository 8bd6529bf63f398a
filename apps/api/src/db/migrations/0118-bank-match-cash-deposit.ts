import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A statement line may be reconciled with the drawer's cash deposited (decision 0099): the match kinds of
 * `bank_statement_lines` (migration 0116) gain CASH_DEPOSIT, a sangria to the line's account (cash_entries.id).
 */
export const bankMatchCashDeposit: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table bank_statement_lines drop constraint bank_statement_lines_match_kind_check',
      `alter table bank_statement_lines add constraint bank_statement_lines_match_kind_check
        check (match_kind in ('RECEIVABLE_PAYMENT', 'PAYABLE_PAYMENT', 'CARD_SETTLEMENT', 'CASH_DEPOSIT'))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table bank_statement_lines drop constraint bank_statement_lines_match_kind_check',
      `alter table bank_statement_lines add constraint bank_statement_lines_match_kind_check
        check (match_kind in ('RECEIVABLE_PAYMENT', 'PAYABLE_PAYMENT', 'CARD_SETTLEMENT'))`,
    ]);
  },
};

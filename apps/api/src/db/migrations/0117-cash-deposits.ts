import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The drawer's cash deposited in the bank (issue 58 §3, decision 0099), owned by the cash module: a sangria
 * (REMOVAL) may name the shop's account (`bank_settings`) the cash goes to, `deposit_account_id`; only a sangria
 * may. The bank reconciliation reads it as a 'Depósito do caixa' to match a money-in line of that account.
 */
export const cashDeposits: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table cash_entries add column deposit_account_id integer references bank_settings (id)',
      `alter table cash_entries add constraint cash_entries_deposit_removal
        check (deposit_account_id is null or kind = 'REMOVAL')`,
      `create index cash_entries_deposits on cash_entries (deposit_account_id, created_at)
        where deposit_account_id is not null`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index cash_entries_deposits',
      'alter table cash_entries drop constraint cash_entries_deposit_removal',
      'alter table cash_entries drop column deposit_account_id',
    ]);
  },
};

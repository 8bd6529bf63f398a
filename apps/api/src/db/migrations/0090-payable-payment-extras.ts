import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A supplier bill's payment with its charges and its account (issue 54 §8):
 * - `amount_cents` stays the principal, what settles the bill's open amount; `fine_cents` (multa),
 *   `interest_cents` (juros) and `discount_cents` (desconto) are recorded beside it (0 on the rows before), so
 *   what left the account is principal + fine + interest − discount; the discount never above the principal.
 * - `account_id`: the shop's account the payment left from ('Conta de saída', an entry of `bank_settings`),
 *   `account` keeping its name as it was then (and the free text of the rows before); a removed account leaves
 *   the payment with its name.
 */
export const payablePaymentExtras: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table payable_payments
         add column fine_cents bigint not null default 0,
         add column interest_cents bigint not null default 0,
         add column discount_cents bigint not null default 0,
         add column account_id integer references bank_settings (id) on delete set null`,
      `alter table payable_payments add constraint payable_payments_extras check (
         fine_cents >= 0 and interest_cents >= 0 and discount_cents >= 0 and discount_cents <= amount_cents)`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      `alter table payable_payments drop constraint payable_payments_extras,
         drop column account_id, drop column discount_cents, drop column interest_cents, drop column fine_cents`,
    ]);
  },
};

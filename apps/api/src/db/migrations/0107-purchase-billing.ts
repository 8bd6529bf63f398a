import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * How a supplier's note was paid, kept with its entry (issue 57 §2 and §6, decision 0088), owned by the purchases
 * module: `purchase_billing`, one row per entry by XML —
 * - `payment_mode`: INSTALMENTS ('Gerar contas a pagar' from the duplicatas), ONE_BILL ('Uma conta com vencimento
 *   em' `due_date`), PAID ('Pago no ato', by `method`: DINHEIRO, PIX or CARTAO), NONE (no bill: 'Sem pagamento');
 * - `instalments_cents`: the duplicatas' sum as the note wrote it; `instalments_choice`: what the clerk said a
 *   difference from vNF (or a duplicata due before the issue date) means — PAID_IN_ADVANCE, SUPPLIER_TYPO or
 *   FOLLOW_INSTALMENTS; null when nothing differed; `advance_paid_cents`: the part paid in advance.
 */
export const purchaseBilling: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table purchase_billing (
        purchase_id bigint primary key references purchases(id),
        payment_mode text not null check (payment_mode in ('INSTALMENTS', 'ONE_BILL', 'PAID', 'NONE')),
        due_date date,
        method text check (method in ('DINHEIRO', 'PIX', 'CARTAO')),
        instalments_cents bigint not null default 0 check (instalments_cents >= 0),
        instalments_choice text check (instalments_choice in ('PAID_IN_ADVANCE', 'SUPPLIER_TYPO', 'FOLLOW_INSTALMENTS')),
        advance_paid_cents bigint not null default 0 check (advance_paid_cents >= 0),
        check ((payment_mode = 'ONE_BILL') = (due_date is not null)),
        check ((payment_mode = 'PAID') = (method is not null))
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table purchase_billing']);
  },
};

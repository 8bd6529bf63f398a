import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Sales on credit (issue 40 §1): the payment method CREDIT ('A prazo'), the order status 17 'Aguardando aprovação
 * de crédito' (a sale above the customer's limit or of a customer late, until a manager decides), and the plan the
 * sale was made on (`orders.credit_terms`: the days of each instalment from the delivery, [30, 60, 90]), which only
 * a sale on credit has.
 */
const OLD_STATUSES = '1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16';
const NEW_STATUSES = `${OLD_STATUSES}, 17`;

export const salesOnCredit: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table orders drop constraint orders_status_check',
      `alter table orders add constraint orders_status_check check (status in (${NEW_STATUSES}))`,
      'alter table order_status_history drop constraint order_status_history_status_check',
      `alter table order_status_history add constraint order_status_history_status_check
        check (status in (${NEW_STATUSES}))`,
      'alter table orders drop constraint orders_payment_method_check',
      `alter table orders add constraint orders_payment_method_check
        check (payment_method in ('CASH', 'BANK_TRANSFER', 'PIX', 'CARD', 'CREDIT'))`,
      'alter table orders add column credit_terms jsonb',
      `alter table orders add constraint orders_credit_terms
        check ((payment_method = 'CREDIT') = (credit_terms is not null))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table orders drop constraint orders_credit_terms',
      'alter table orders drop column credit_terms',
      'alter table orders drop constraint orders_payment_method_check',
      `alter table orders add constraint orders_payment_method_check
        check (payment_method in ('CASH', 'BANK_TRANSFER', 'PIX', 'CARD'))`,
      'alter table order_status_history drop constraint order_status_history_status_check',
      `alter table order_status_history add constraint order_status_history_status_check
        check (status in (${OLD_STATUSES}))`,
      'alter table orders drop constraint orders_status_check',
      `alter table orders add constraint orders_status_check check (status in (${OLD_STATUSES}))`,
    ]);
  },
};

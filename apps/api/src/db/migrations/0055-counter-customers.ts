import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The counter (issue 38 §1, decision 0040):
 * - `WALK_IN`, a customer status of its own for the 'Consumidor final' records: one per attendant
 *   (`walk_in_employee_id`, made on first use by POST /api/customers/walk-in), so two counters never share a
 *   cart. No list, count, export, search or LGPD call reads a status other than the four of section 7, so the
 *   records stay out of all of them; orders keep a customer, so every order read and report works unchanged.
 * - `orders.note_document`: the CPF (or CNPJ) the walk-in asked on the note, checked by its digits, kept for
 *   the NFC-e.
 */
export const counterCustomers: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table customers drop constraint customers_status_check',
      `alter table customers add constraint customers_status_check
        check (status in ('AWAITING', 'APPROVED', 'REPROVED', 'BLOCKED', 'WALK_IN'))`,
      'alter table customers add column walk_in_employee_id integer references employees(id) on delete set null',
      'create unique index customers_walk_in_employee on customers (walk_in_employee_id) where walk_in_employee_id is not null',
      'alter table orders add column note_document text',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table orders drop column note_document',
      `delete from customers where status = 'WALK_IN' and not exists (select 1 from orders o where o.customer_id = customers.id)`,
      // A walk-in who bought keeps his orders: he stays as an approved customer ('Consumidor final').
      `update customers set status = 'APPROVED' where status = 'WALK_IN'`,
      'drop index customers_walk_in_employee',
      'alter table customers drop column walk_in_employee_id',
      'alter table customers drop constraint customers_status_check',
      `alter table customers add constraint customers_status_check
        check (status in ('AWAITING', 'APPROVED', 'REPROVED', 'BLOCKED'))`,
    ]);
  },
};

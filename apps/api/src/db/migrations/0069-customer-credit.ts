import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Credit per customer (issue 40 §1).
 * - `customer_credit`: a customer's credit limit in cents (null: no credit, only sales paid at once) and the plans
 *   allowed (`terms`: a JSON array of plans, each the days of its instalments from the delivery, e.g.
 *   [[28], [30, 60, 90]]), with who changed them last; a customer without a row has no credit. Removed with the
 *   customer.
 * - `credit_settings`: the company's days of delay that block sales on credit (5 unless set) and the late charges,
 *   in hundredths of a percent (a fine of 200 = 2 % once, interest of 100 = 1 % a month pro rata die).
 */
export const customerCredit: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table customer_credit (
        customer_id integer primary key references customers (id) on delete cascade,
        limit_cents bigint check (limit_cents >= 0),
        terms jsonb not null default '[]',
        updated_by integer references employees (id),
        updated_at timestamptz not null default now(),
        constraint customer_credit_terms_need_limit check (limit_cents is not null or terms = '[]')
      )`,
      `create table credit_settings (
        company_id integer primary key,
        block_overdue_days integer not null default 5 check (block_overdue_days between 0 and 365),
        fine_hundredths integer not null default 200 check (fine_hundredths between 0 and 2000),
        monthly_interest_hundredths integer not null default 100 check (monthly_interest_hundredths between 0 and 1000)
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table credit_settings', 'drop table customer_credit']);
  },
};

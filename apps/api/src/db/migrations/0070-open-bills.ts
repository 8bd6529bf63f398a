import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The open bills by due day (issue 36, measured at scale 100 with the scaled demo: 36,125 bills, 11,883 open).
 * 'Contas a pagar' opens on the open bills: through `payables_due` its first page read the 21,876 paid bills due
 * before the first open one (6 ms) and its totals all the table's rows (5 ms). A partial index of the open ones,
 * carrying the figures the totals sum, answers the page from its first entries and the totals from the index.
 */
export const openBills: Migration = {
  async up(db) {
    await runStatements(db, [
      `create index payables_open_due on payables (due_date, id) include (amount_cents, paid_cents, canceled_at, supplier_id)
        where canceled_at is null and paid_cents < abs(amount_cents)`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index payables_open_due']);
  },
};

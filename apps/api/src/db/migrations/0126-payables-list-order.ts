import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The list of bills ('Contas a pagar') in its order, every bill (issue 59): by due day and number, the cancelled and
 * paid ones too (the list's default shows them all; 'Pagas' and 'Canceladas' read it newest first, backwards). The
 * partial indexes of 0070 hold only the bills not cancelled: the first page of 40,000 bills sorted them all
 * (44 ms at the demo's scale 100); it is now a range of this index.
 */
export const payablesListOrder: Migration = {
  async up(db) {
    await runStatements(db, ['create index payables_list_order on payables (due_date, id)']);
  },
  async down(db) {
    await runStatements(db, ['drop index payables_list_order']);
  },
};

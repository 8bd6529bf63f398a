import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

const KINDS = ['SALE', 'PURCHASE', 'INVENTORY', 'CANCELLATION', 'EXCHANGE', 'RETURN', 'ADJUSTMENT'];
const check = (kinds: string[]) =>
  `alter table stock_movements add constraint stock_movements_kind_check check (kind in (${kinds
    .map((kind) => `'${kind}'`)
    .join(', ')}))`;

/** Stock set by a spreadsheet import (issue 21 §2) writes ledger rows of its own kind: IMPORT. */
export const importMovements: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table stock_movements drop constraint stock_movements_kind_check',
      check([...KINDS, 'IMPORT']),
    ]);
  },
  async down(db) {
    await runStatements(db, [
      "delete from stock_movements where kind = 'IMPORT'",
      'alter table stock_movements drop constraint stock_movements_kind_check',
      check(KINDS),
    ]);
  },
};

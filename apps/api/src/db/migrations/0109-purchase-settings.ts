import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

const CASH_KINDS = ['SALE', 'SETTLEMENT', 'INSTALMENT', 'TOP_UP', 'REMOVAL', 'REFUND', 'TRADE_IN'];
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The entry by XML's prices and cash (issue 57 §5 and §6, decision 0090):
 * - `purchase_settings` (one row, owned by the purchases module): the level percentages a product created from a
 *   note starts with ('Ouro', 'Prata', 'Bronze'; 0 to 100 like the products' own) and how far (±%) an item's unit
 *   cost may be from its product's average cost before the preview asks the clerk to acknowledge it (50 %).
 * - `cash_entries.kind` takes SUPPLIER_PAYMENT: a supplier's note paid on the spot in cash leaves the clerk's open
 *   drawer (written by the cash module's `receiveCash`).
 */
export const purchaseSettings: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table purchase_settings (
        id integer primary key check (id = 1),
        gold_percentage double precision not null default 0 check (gold_percentage between 0 and 100),
        silver_percentage double precision not null default 0 check (silver_percentage between 0 and 100),
        bronze_percentage double precision not null default 0 check (bronze_percentage between 0 and 100),
        cost_deviation_percentage integer not null default 50 check (cost_deviation_percentage between 1 and 1000),
        updated_by integer references employees (id),
        updated_at timestamptz not null default now()
      )`,
      'insert into purchase_settings (id) values (1)',
      'alter table cash_entries drop constraint cash_entries_kind_check',
      `alter table cash_entries add constraint cash_entries_kind_check check (kind in (${list([...CASH_KINDS, 'SUPPLIER_PAYMENT'])}))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      "delete from cash_entries where kind = 'SUPPLIER_PAYMENT'",
      'alter table cash_entries drop constraint cash_entries_kind_check',
      `alter table cash_entries add constraint cash_entries_kind_check check (kind in (${list(CASH_KINDS)}))`,
      'drop table purchase_settings',
    ]);
  },
};

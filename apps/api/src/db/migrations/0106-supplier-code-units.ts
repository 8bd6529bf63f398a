import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A supplier's code is remembered per unit of the note (issue 57 §1, decision 0087): the factor belongs to (supplier,
 * supplier code, unit), so the same code arriving as CX after UN is not entered with UN's factor of 1.
 * - `supplier_product_codes.unit` is the note's uCom, trimmed and upper-cased, never null: '' for a row whose unit is
 *   not known. Backfill: a row without a unit takes the unit of the latest item of that supplier, code and product
 *   entered by a note (`purchase_items`, the unit it was learnt with); a row with none stays '' — it still names the
 *   product of the code, but its factor matches no note's unit (every uCom has a character), so it is asked again.
 * - The key becomes (supplier_id, supplier_code, unit).
 */
export const supplierCodeUnits: Migration = {
  async up(db) {
    await runStatements(db, [
      `update supplier_product_codes c set unit = (
         select i.unit from purchase_items i join purchases p on p.id = i.purchase_id
          where p.supplier_id = c.supplier_id and i.supplier_code = c.supplier_code and i.product_id = c.product_id
          order by p.created_at desc, i.id desc limit 1)
        where c.unit is null or btrim(c.unit) = ''`,
      `update supplier_product_codes set unit = coalesce(upper(btrim(unit)), '')`,
      `alter table supplier_product_codes alter column unit set default ''`,
      'alter table supplier_product_codes alter column unit set not null',
      'alter table supplier_product_codes drop constraint supplier_product_codes_pkey',
      'alter table supplier_product_codes add primary key (supplier_id, supplier_code, unit)',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      // One row per code again: the most recently learnt unit's.
      `delete from supplier_product_codes c where exists (
         select 1 from supplier_product_codes o
          where o.supplier_id = c.supplier_id and o.supplier_code = c.supplier_code
            and (o.updated_at, o.unit) > (c.updated_at, c.unit))`,
      'alter table supplier_product_codes drop constraint supplier_product_codes_pkey',
      'alter table supplier_product_codes add primary key (supplier_id, supplier_code)',
      'alter table supplier_product_codes alter column unit drop not null',
      'alter table supplier_product_codes alter column unit drop default',
      `update supplier_product_codes set unit = null where unit = ''`,
    ]);
  },
};

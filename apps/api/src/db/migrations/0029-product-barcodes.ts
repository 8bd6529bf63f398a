import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A product's barcode (issue 17 §6, 'Código de barras'): its GTIN/EAN as typed or scanned, optional. One
 * product per GTIN, compared in its GTIN-14 form (zeros on the left), so a UPC-A read as 12 digits and
 * the same code typed as its EAN-13 are one; the same expression serves the lookup of a scan.
 */
export const productBarcodes: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table products add column barcode text',
      "create unique index products_barcode_gtin14 on products (lpad(barcode, 14, '0')) where barcode is not null",
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index products_barcode_gtin14', 'alter table products drop column barcode']);
  },
};

/**
 * Spreadsheet import (issue 21 §2): products and customers from CSV (as Excel in Brazil writes it) or XLSX.
 * The columns of each kind are ONE table (`import-columns.ts`): a column is one entry (its key, its Portuguese header, the
 * other names it is known by, how its cell is read, where it goes in the form's schema). The server reads
 * the file with these tables and checks every line with the forms' own schemas.
 *
 * The kinds, limits and texts in `import-limits.ts`, the cells' readers in `import-cells.ts`, a products line's
 * prices in `import-pricing.ts`, the API's schemas in `import-api.ts`; all of it exported from here.
 */
export * from './import-api';
export * from './import-cells';
export * from './import-columns';
export * from './import-limits';
export * from './import-pricing';

import {
  CSV_BOM,
  csvLine,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  type ImportKind,
  type ImportQuery,
  type ImportResult,
  matchColumns,
} from '@backoffice/contract';
import ExcelJS from 'exceljs';
import type { DB } from '../../db/database';
import { AppError, badRequest } from '../../lib/errors';
import type { ImportIssue, ImportLine } from '../../lib/import-lines';
import { importCustomers } from '../customers/customers.service';
import { importProducts } from '../products/products.service';
import { readCell } from './imports.cells';
import { readSheet, type Sheet } from './imports.sheet';

const IMPORTERS = { products: importProducts, customers: importCustomers } as const;

/** The template's file name for each kind ('Baixar modelo'). */
export const TEMPLATE_NAMES: Record<ImportKind, string> = {
  products: 'modelo-produtos',
  customers: 'modelo-clientes',
};

/**
 * A spreadsheet import (issue 21 §2): reads the file (CSV or XLSX), matches its columns (by name, or by
 * the `mapping` the screen sends), reads every cell, and hands the lines to the domain's importer, which
 * checks them with the forms' rules and writes them in one transaction (or only counts, in a dry run).
 */
export async function runImport(
  db: DB,
  actorId: number,
  kind: ImportKind,
  file: Uint8Array,
  mapping: Record<string, string>,
  options: ImportQuery,
): Promise<ImportResult> {
  const columns = IMPORT_COLUMNS[kind];
  for (const key of Object.values(mapping)) {
    if (key !== '' && !columns.some((column) => column.key === key))
      throw badRequest(IMPORT_TEXTS.mappingUnknownColumn(key));
  }
  let sheet: Sheet;
  try {
    // Every limit of IMPORT_LIMITS is checked there, before and while the cells are read (413 naming it).
    sheet = await readSheet(file, {
      // Only the columns the import reads are held (the preview never needs the others' cells).
      keep: (headers) => matchColumns(kind, headers, mapping).map((key) => key !== null),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_TEXTS.fileUnreadable);
  }
  if (sheet.rows.length === 0) throw badRequest(IMPORT_TEXTS.fileEmpty);

  const keys = matchColumns(kind, sheet.headers, mapping);
  const headerOf = new Map<string, string>();
  for (const column of columns) headerOf.set(column.key, column.header);
  keys.forEach((key, index) => {
    if (key) headerOf.set(key, sheet.headers[index] as string);
  });
  const order = new Map(columns.map((column, index) => [column.key, index]));

  const issues: ImportIssue[] = [];
  const lines: ImportLine[] = sheet.rows.map(({ line, cells }) => {
    const values: Record<string, unknown> = {};
    const failed = new Set<string>();
    keys.forEach((key, index) => {
      if (!key) return;
      const column = columns[order.get(key) as number];
      if (!column) return;
      const reading = readCell(column, cells[index]);
      if ('error' in reading) {
        failed.add(key);
        issues.push({ line, column: key, message: reading.error });
      } else if ('value' in reading) values[key] = reading.value;
    });
    return { line, values, failed };
  });

  const outcome = await IMPORTERS[kind](db, actorId, lines, options);
  const all = [...issues, ...outcome.issues].sort(
    (a, b) => a.line - b.line || (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0),
  );
  return {
    rows: sheet.rows.length,
    created: outcome.created,
    updated: outcome.updated,
    errors: all.slice(0, IMPORT_LIMITS.maxErrorsListed).map((issue) => ({
      line: issue.line,
      column: headerOf.get(issue.column) ?? issue.column,
      message: issue.message,
    })),
    errorCount: all.length,
    invalidRows: new Set(all.map((issue) => issue.line)).size,
    imported: outcome.imported,
    columns: sheet.headers.map((header, index) => ({ header, key: keys[index] ?? null })),
  };
}

/** 'Baixar modelo': the columns' headers and one example line, as CSV (`;`, UTF-8 with BOM) or XLSX. */
export async function template(kind: ImportKind, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  if (format === 'csv') {
    return Buffer.from(
      CSV_BOM + csvLine(columns.map((c) => c.header)) + csvLine(columns.map((c) => c.example)),
      'utf8',
    );
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'products' ? 'Produtos' : 'Clientes');
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  sheet.addRow(columns.map((c) => c.example));
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(12, (columns[index]?.header.length ?? 10) + 4);
    column.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

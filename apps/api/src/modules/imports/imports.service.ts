import { createHash } from 'node:crypto';
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
  IMPORT_TEMPLATE_HELP as TEMPLATE_HELP,
} from '@backoffice/contract';
import ExcelJS from 'exceljs';
import type { DB } from '../../db/database';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { eventLoopTurns } from '../../lib/event-loop-turns';
import type { ImportIssue, ImportLine, ImportOutcome } from '../../lib/import-lines';
import { importCustomers } from '../customers/customers.service';
import { importProducts } from '../products/products.service';
import { readCell } from './imports.cells';
import { type ImportRequest, importsRepository as repo } from './imports.repository';
import { readSheet, type Sheet } from './imports.sheet';

/** The columns that failed on a line whose cells all read: one set for them all (50,000 lines, one Set). */
const NO_FAILURE: ReadonlySet<string> = new Set();

const IMPORTERS = { products: importProducts, customers: importCustomers } as const;

/** The template's file name for each kind ('Baixar modelo'). */
export const TEMPLATE_NAMES: Record<ImportKind, string> = {
  products: 'modelo-produtos',
  customers: 'modelo-clientes',
};

/** An import's answer, and whether it repeats the first answer of its `Idempotency-Key`. */
export interface ImportAnswer {
  result: ImportResult;
  replayed: boolean;
}

/**
 * What makes two confirms the same import: the kind, the file's bytes, the mapping and the options that
 * change what is written (the employee and the key are compared apart, as the order moves do).
 */
function requestHash(kind: ImportKind, file: Uint8Array, mapping: Record<string, string>, options: ImportQuery) {
  const sortedMapping = Object.fromEntries(Object.entries(mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash('sha256')
    .update(
      JSON.stringify({
        kind,
        file: createHash('sha256').update(file).digest('hex'),
        mapping: sortedMapping,
        skipInvalid: options.skipInvalid,
        createMissing: options.createMissing,
      }),
    )
    .digest('hex');
}

/** The first answer of an import's key, for a retry of the same import; another import with the key: 409. */
function replay(earlier: Awaited<ReturnType<typeof repo.requestByKey>>, request: ImportRequest): ImportAnswer {
  const same =
    earlier?.employee_id === request.employee_id &&
    earlier.kind === request.kind &&
    earlier.request_hash === request.request_hash;
  if (!same || !earlier.answer) throw conflict(IMPORT_TEXTS.keyReused, 'CONFLICT');
  return { result: earlier.answer, replayed: true };
}

/**
 * A spreadsheet import (issue 21 §2): reads the file (CSV or XLSX), matches its columns (by name, or by
 * the `mapping` the screen sends), reads every cell, and hands the lines to the domain's importer, which
 * checks them with the forms' rules (a dry run: only counts) and writes them in one transaction. A confirm
 * with an `Idempotency-Key` (issue 34 §2) claims the key in that transaction: the same import sent again,
 * even at the same moment, writes once and answers as the first did; the key with another file, mapping or
 * options is refused (409). A confirm that wrote nothing leaves the key free. A dry run ignores the key.
 */
export async function runImport(
  db: DB,
  actorId: number,
  kind: ImportKind,
  file: Uint8Array,
  mapping: Record<string, string>,
  options: ImportQuery,
  idempotencyKey?: string,
): Promise<ImportAnswer> {
  const request: ImportRequest | undefined =
    idempotencyKey && !options.dryRun
      ? {
          idempotency_key: idempotencyKey,
          employee_id: actorId,
          kind,
          request_hash: requestHash(kind, file, mapping, options),
        }
      : undefined;
  // A retry of an import already done answers at once, without reading the file again.
  if (request) {
    const earlier = await repo.requestByKey(db, request.idempotency_key);
    if (earlier) return replay(earlier, request);
  }

  const columns = IMPORT_COLUMNS[kind];
  for (const key of Object.values(mapping)) {
    if (key !== '' && !columns.some((column) => column.key === key))
      throw badRequest(IMPORT_TEXTS.mappingUnknownColumn(key));
  }
  const order = new Map(columns.map((column, index) => [column.key, index]));
  const issues: ImportIssue[] = [];
  const lines: ImportLine[] = [];
  let keys: (string | null)[] = [];
  const turn = eventLoopTurns();
  /** A line's cells read into values (or issues) as its batch arrives: no line's cells are held past it. */
  const readLine = ({ line, cells }: Sheet['rows'][number]) => {
    const values: Record<string, unknown> = {};
    let failed: Set<string> | undefined;
    keys.forEach((key, index) => {
      if (!key) return;
      const column = columns[order.get(key) as number];
      if (!column) return;
      const reading = readCell(column, cells[index]);
      if ('error' in reading) {
        failed ??= new Set();
        failed.add(key);
        issues.push({ line, column: key, message: reading.error });
      } else if ('value' in reading) values[key] = reading.value;
    });
    lines.push({ line, values, failed: failed ?? NO_FAILURE });
  };
  let sheet: Sheet;
  try {
    // Every limit of IMPORT_LIMITS is checked there, before and while the cells are read (413 naming it).
    sheet = await readSheet(file, {
      // Only the columns the import reads are held (the preview never needs the others' cells).
      keep: (headers) => {
        keys = matchColumns(kind, headers, mapping);
        return keys.map((key) => key !== null);
      },
      // Each batch of 500 lines is read as it arrives (in 20 ms slices), while the worker parses the next
      // (issue 34 §1: the worker's heap and the whole file's lines would otherwise peak together).
      onRows: async (rows) => {
        for (const row of rows) {
          await turn();
          readLine(row);
        }
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_TEXTS.fileUnreadable);
  }
  if (lines.length === 0) throw badRequest(IMPORT_TEXTS.fileEmpty);

  const headerOf = new Map<string, string>();
  for (const column of columns) headerOf.set(column.key, column.header);
  keys.forEach((key, index) => {
    if (key) headerOf.set(key, sheet.headers[index] as string);
  });
  const rowCount = lines.length;

  const importer = IMPORTERS[kind];
  const answerOf = (outcome: ImportOutcome): ImportResult => {
    const byLine = (a: ImportIssue, b: ImportIssue) =>
      a.line - b.line || (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0);
    const told = (issue: ImportIssue) => ({
      line: issue.line,
      column: headerOf.get(issue.column) ?? issue.column,
      message: issue.message,
    });
    const all = [...issues, ...outcome.issues].sort(byLine);
    const warnings = outcome.warnings?.sort(byLine);
    return {
      rows: rowCount,
      created: outcome.created,
      updated: outcome.updated,
      errors: all.slice(0, IMPORT_LIMITS.maxErrorsListed).map(told),
      errorCount: all.length,
      invalidRows: new Set(all.map((issue) => issue.line)).size,
      imported: outcome.imported,
      columns: sheet.headers.map((header, index) => ({ header, key: keys[index] ?? null })),
      ...(warnings
        ? { warnings: warnings.slice(0, IMPORT_LIMITS.maxErrorsListed).map(told), warningCount: warnings.length }
        : {}),
      ...(outcome.prices ? { prices: outcome.prices.slice(0, IMPORT_LIMITS.maxErrorsListed) } : {}),
    };
  };
  if (options.dryRun) {
    return { result: answerOf(await importer({ check: db }, actorId, lines, options)), replayed: false };
  }
  return db.transaction().execute(async (trx) => {
    if (request && !(await repo.claimKey(trx, request))) {
      // The same key was claimed first (maybe at this very moment: this transaction waited for that one).
      return replay(await repo.requestByKey(trx, request.idempotency_key), request);
    }
    const result = answerOf(await importer({ write: trx }, actorId, lines, options));
    if (request) {
      if (result.imported) await repo.keepAnswer(trx, request.idempotency_key, result);
      else await repo.releaseKey(trx, request.idempotency_key);
    }
    return { result, replayed: false };
  });
}

/**
 * 'Baixar modelo': the columns' headers and one example line, as CSV (`;`, UTF-8 with BOM) or XLSX, whose
 * second sheet ('Colunas') says what each column means.
 */
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
  // A second sheet says what each column means (the import reads the first sheet only).
  const help = workbook.addWorksheet(TEMPLATE_HELP.sheet);
  help.addRow([...TEMPLATE_HELP.headers]).font = { bold: true };
  for (const column of columns) help.addRow([column.header, column.meaning, column.example]);
  help.getColumn(1).width = 24;
  help.getColumn(2).width = 100;
  help.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  help.getColumn(3).width = 26;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

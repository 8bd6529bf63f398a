import { reaisToCents } from './money';

/**
 * CSV as every export writes it, server and web alike: UTF-8 with a BOM (Excel reads the accents), `;`
 * between cells, CRLF after every line, money as a number Excel in pt-BR can sum (`1299,90`), and no cell
 * a spreadsheet would run as a formula (OWASP "CSV injection").
 */
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** What a spreadsheet reads as the start of a formula (or of a DDE call): =, +, -, @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number in the exports' own format: an optional minus, digits, an optional decimal comma. */
const PLAIN_NUMBER = /^-?\d+(,\d+)?$/;
/** What forces a cell into quotes: the separator, a quote or a line break. */
const NEEDS_QUOTES = /[;"\r\n]/;

/** A number in the exports' format: `-3`, `1299,9` (decimal comma, no thousands dot). */
export function csvNumber(value: number): string {
  return String(value).replace('.', ',');
}

/**
 * Money in reais as a number Excel in pt-BR sums: two decimals after a comma, no 'R$', no thousands dot,
 * a minus sign for negatives (`1299.9` → `1299,90`, `-12.5` → `-12,50`). Exact to the cent.
 */
export function csvMoney(reais: number | null | undefined): string {
  if (reais === null || reais === undefined) return '';
  const cents = reaisToCents(reais);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell, safe to open in a spreadsheet: a text starting with =, +, -, @, tab or carriage return
 * gets a leading `'` (the spreadsheet shows it as text and runs nothing), unless the whole cell is a plain
 * number in the exports' format (`-12,50`, `-3`); then a cell holding `;`, a quote or a line break is
 * quoted, its quotes doubled. Numbers are written by `csvNumber`; null and undefined are an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? csvNumber(value) : value;
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line: the cells by `csvCell`, `;` between them, CRLF at the end. */
export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** A whole CSV text (without the BOM, which the file adds): one `csvLine` per row. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(csvLine).join('');
}

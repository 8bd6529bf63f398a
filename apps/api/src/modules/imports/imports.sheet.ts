import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** A spreadsheet as read: its header line and its lines of data (1-based spreadsheet line numbers). */
export interface Sheet {
  headers: string[];
  rows: { line: number; cells: unknown[] }[];
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1252 = new TextDecoder('windows-1252');

/**
 * A CSV's text: UTF-8 (its BOM dropped) when the bytes are valid UTF-8, else Windows-1252 — what Excel in
 * Brazil saves as "CSV (separado por vírgulas)". A Windows-1252 text with accents is almost never valid
 * UTF-8 (an accented letter is one byte ≥ 0x80 followed by an ASCII one), so the check decides.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    text = WINDOWS_1252.decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

const isXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const blank = (cells: unknown[]) =>
  cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');

/**
 * The separator of a CSV: the one of `;`, `,` and tab its header line (outside quotes) holds most of;
 * `;` when none (Excel in Brazil writes `;`). papaparse's own guess needs every line to agree, which a
 * trailing empty line or a line with a missing cell breaks.
 */
export function csvSeparator(text: string): string {
  const counts = new Map([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) as number) + 1);
  }
  let best = ';';
  for (const [separator, count] of counts) if (count > (counts.get(best) as number)) best = separator;
  return best;
}

/**
 * A CSV by papaparse, with the separator of `csvSeparator`. Line numbers count physical lines, so a
 * quoted cell spanning lines shifts the numbers after it.
 */
function readCsv(bytes: Uint8Array): Sheet {
  const text = decodeCsv(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: csvSeparator(text), skipEmptyLines: false });
  const [header = [], ...data] = parsed.data;
  const rows = data.map((cells, index) => ({ line: index + 2, cells })).filter((row) => !blank(row.cells));
  return { headers: header.map((h) => h.trim()), rows };
}

/** What a cell of exceljs holds, as a plain value: text, number, boolean, a date as DD/MM/YYYY, or null. */
export function xlsxValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const dd = String(value.getUTCDate()).padStart(2, '0');
    const mm = String(value.getUTCMonth() + 1).padStart(2, '0');
    return `${dd}/${mm}/${value.getUTCFullYear()}`;
  }
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return xlsxValue((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return (value as { text: string }).text;
  return null;
}

/** The first worksheet of an XLSX by exceljs: line 1 is the header. */
async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headerRow = sheet.getRow(1);
  const width = headerRow.cellCount;
  const headers: string[] = [];
  for (let column = 1; column <= width; column++) {
    const value = xlsxValue(headerRow.getCell(column).value);
    headers.push(value === null ? '' : String(value).trim());
  }
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1) return;
    const cells: unknown[] = [];
    for (let column = 1; column <= width; column++) cells.push(xlsxValue(row.getCell(column).value));
    if (!blank(cells)) rows.push({ line, cells });
  });
  return { headers, rows };
}

/** A CSV or XLSX (told apart by the XLSX's zip signature, not by the file's name). Throws when unreadable. */
export function readSheet(bytes: Uint8Array): Promise<Sheet> {
  return isXlsx(bytes) ? readXlsx(bytes) : Promise.resolve(readCsv(bytes));
}

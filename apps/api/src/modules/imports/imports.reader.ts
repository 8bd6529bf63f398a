/**
 * Reads a spreadsheet's bytes (CSV or XLSX) under limits checked before and while its cells are read
 * (issue 34 §1). It runs in a worker thread with its own memory limit (imports.sheet.ts starts it), so it
 * imports only Node and npm modules (Node runs this file from source in tests, without a bundler).
 *
 * - CSV: decoded, then one pass over the text counts its lines, each line's cells and their length (stopping
 *   at the first limit passed) before papaparse reads it line by line (`step`): no line is kept unless it
 *   has data.
 * - XLSX: the zip's central directory is read first: the sum of the entries' declared uncompressed sizes is
 *   checked before anything is inflated; only the entries needed (workbook, its relations, shared strings,
 *   styles, the first sheet) are inflated, as a stream, each stopped as soon as it passes the size it
 *   declared. The XML is read by a SAX parser (saxes): the sheet's `dimension` is checked before its cells,
 *   then every row and cell as it comes.
 * A limit passed throws `SheetLimit` naming it; anything else that cannot be read throws an Error.
 */
import { Readable } from 'node:stream';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';
import Papa from 'papaparse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
// Types only: erased when Node runs this file from source, so the worker still imports no file of ours.
import type { LimitName, ReaderData, ReaderMessage, ReadLimits, SheetSink } from './imports.reader-types';

export type { LimitName, ReaderData, ReaderMessage, ReadLimits, SheetSink };

/** A limit the file passes. */
export class SheetLimit extends Error {
  readonly limit: LimitName;
  constructor(limit: LimitName) {
    super(`sheet limit: ${limit}`);
    this.limit = limit;
  }
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

export const isXlsx = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

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
 * The CSV's shape checked against the limits without building a cell: lines (blank ones too), cells per
 * line and in all. Quotes as papaparse reads them: a quote opens a quoted cell only at
 * the cell's start, `""` inside is one quote, line breaks inside are the cell's.
 */
export function checkCsvShape(text: string, separator: string, limits: ReadLimits): void {
  const sep = separator.charCodeAt(0);
  let lines = 1;
  let cellsInLine = 1;
  let cells = 1;
  let cellStart = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quoted) {
      if (code === 0x22) {
        if (text.charCodeAt(i + 1) === 0x22) i++;
        else quoted = false;
      }
      continue;
    }
    if (code === 0x22 && i === cellStart) quoted = true;
    else if (code === sep) {
      cellStart = i + 1;
      if (++cellsInLine > limits.maxColumns) throw new SheetLimit('columns');
      if (++cells > limits.maxCells) throw new SheetLimit('cells');
    } else if (code === 0x0a || code === 0x0d) {
      if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      if (i === text.length - 1) break; // the file's last line break ends the last line, opens none
      cellStart = i + 1;
      cellsInLine = 1;
      if (++lines > limits.maxLines) throw new SheetLimit('lines');
      if (++cells > limits.maxCells) throw new SheetLimit('cells');
    }
  }
}

/**
 * A CSV by papaparse, with the separator of `csvSeparator`, after `checkCsvShape`. Line numbers count
 * records, so a quoted cell spanning lines shifts the numbers after it.
 */
export function readCsv(bytes: Uint8Array, limits: ReadLimits, sink: SheetSink): void {
  const text = decodeCsv(bytes);
  const delimiter = csvSeparator(text);
  checkCsvShape(text, delimiter, limits);
  let line = 0;
  let rows = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      line++;
      const cells = result.data;
      // checkCsvShape counted the same cells; this only guards against a disagreement on quotes.
      if (cells.length > limits.maxColumns) throw new SheetLimit('columns');
      if (line === 1) sink.header(cells.map((h) => h.trim()));
      else if (!blank(cells)) {
        if (++rows > limits.maxRows) throw new SheetLimit('rows');
        sink.row(line, cells);
      }
    },
  });
  if (line === 0) sink.header([]);
}

// ---------- XLSX ----------

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The zip's central directory (the entries' names, methods, declared sizes, where their data starts). */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('zip: no end of central directory');
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new Error('zip64 is not read');
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder('utf-8');
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new Error('zip: bad directory');
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new Error('zip64 is not read');
    entries.set(entry.name, entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * An entry's XML, inflated as a stream into `parser`; throws `SheetLimit('uncompressed')` as soon as it
 * passes the size its directory entry declared (a declared size can lie; the inflated bytes cannot).
 */
async function parseEntry(bytes: Uint8Array, entry: ZipEntry, parser: XmlParser): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new Error('zip: bad local header');
  if (entry.flags & 1) throw new Error('zip: encrypted');
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new Error('zip: truncated');
  const CHUNK = 64 * 1024;
  const slices = function* () {
    for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
  };
  let source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  if (entry.method === 0) source = slices();
  else if (entry.method === 8) source = Readable.from(slices()).pipe(createInflateRaw({ chunkSize: CHUNK }));
  else throw new Error(`zip: method ${entry.method}`);
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  try {
    for await (const chunk of source) {
      inflated += chunk.length;
      if (inflated > entry.size) throw new SheetLimit('uncompressed');
      parser.write(decoder.decode(chunk, { stream: true }));
    }
  } finally {
    if (source instanceof Readable) source.destroy();
  }
  parser.write(decoder.decode());
  parser.close();
}

type XmlParser = SaxesParser<{ xmlns: false; position: false }>;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The entry's path inside the zip: a relation's target is relative to the part's folder, or absolute. */
function resolvePath(folder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Column letters → 1-based index (`A` 1, `XFD` 16384); 0 when none. */
export function columnIndex(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
    if (column > 1_000_000) break;
  }
  return column;
}

/** The line of a cell reference (`B12` 12); 0 when none. */
const lineOf = (reference: string) => Number(/\d+$/.exec(reference)?.[0] ?? 0);

/** exceljs's test of a date number format: date letters outside quotes and brackets. */
const isDateFormat = (format: string) => /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function dateText(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

/** An XML part read by SAX; `onOpen`/`onClose` get local names, `onText` the text inside `textIn` tags. */
function saxParser(handlers: {
  onOpen?: (name: string, attributes: Record<string, string>) => void;
  onClose?: (name: string) => void;
  onText?: (text: string) => void;
}): XmlParser {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.onOpen?.(localName(tag.name), tag.attributes));
  if (handlers.onClose) {
    const onClose = handlers.onClose;
    parser.on('closetag', (tag: SaxesTagPlain) => onClose(localName(tag.name)));
  }
  if (handlers.onText) parser.on('text', handlers.onText);
  return parser;
}

/**
 * A text run of a shared string or an inline string: the `<t>` elements' text, without the phonetic
 * guides (`<rPh>`).
 */
function textCollector() {
  let text = '';
  let inT = false;
  let inPhonetic = 0;
  return {
    open(name: string) {
      if (name === 'rPh') inPhonetic++;
      else if (name === 't' && inPhonetic === 0) inT = true;
    },
    close(name: string) {
      if (name === 'rPh') inPhonetic--;
      else if (name === 't') inT = false;
    },
    text(chunk: string) {
      if (!inT) return;
      text += chunk;
    },
    take() {
      const taken = text;
      text = '';
      return taken;
    },
  };
}

/** Reads one part of the package through `parser`; false when the package has no such part. */
type PartReader = (name: string, parser: XmlParser) => Promise<boolean>;

/** Shared strings: held (the cells point to them by index), counted and bounded. */
async function sharedStrings(part: PartReader, path: string, limits: ReadLimits): Promise<string[]> {
  const shared: string[] = [];
  const sharedText = textCollector();
  await part(
    path,
    saxParser({
      onOpen: (name) => sharedText.open(name),
      onClose: (name) => {
        sharedText.close(name);
        if (name === 'si' && shared.push(sharedText.take()) > limits.maxSharedStrings)
          throw new SheetLimit('sharedStrings');
      },
      onText: (text) => sharedText.text(text),
    }),
  );
  return shared;
}

/** Styles: which cell formats are dates (as exceljs tells them), by the cells' style index. */
async function dateStylesOf(part: PartReader, path: string): Promise<boolean[]> {
  const dateStyles: boolean[] = [];
  const customFormats = new Map<number, string>();
  let inCellXfs = false;
  await part(
    path,
    saxParser({
      onOpen: (name, a) => {
        if (name === 'numFmt') customFormats.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(a.numFmtId ?? 0);
          const custom = customFormats.get(id);
          dateStyles.push(custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id));
        }
      },
      onClose: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  return dateStyles;
}

/** The first worksheet of an XLSX: line 1 is the header; each line's cells as far as the header goes. */
export async function readXlsx(bytes: Uint8Array, limits: ReadLimits, sink: SheetSink): Promise<void> {
  const entries = zipEntries(bytes);
  let declared = 0;
  for (const entry of entries.values()) declared += entry.size;
  if (declared > limits.maxUncompressedBytes) throw new SheetLimit('uncompressed');

  const part: PartReader = async (name, parser) => {
    const entry = entries.get(name);
    if (!entry) return false;
    await parseEntry(bytes, entry, parser);
    return true;
  };
  /** A part's relations: id → { type, path }. */
  const relations = async (partPath: string) => {
    const folder = partPath.slice(0, partPath.lastIndexOf('/') + 1);
    const found = new Map<string, { type: string; path: string }>();
    await part(
      `${folder}_rels/${partPath.slice(folder.length)}.rels`,
      saxParser({
        onOpen: (name, a) => {
          if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External')
            found.set(a.Id, { type: a.Type ?? '', path: resolvePath(folder, a.Target) });
        },
      }),
    );
    return found;
  };
  const ofType = (found: Map<string, { type: string; path: string }>, type: string) =>
    [...found.values()].find((r) => r.type.endsWith(`/${type}`))?.path;

  const workbookPath = ofType(await relations(''), 'officeDocument') ?? 'xl/workbook.xml';
  let sheetId: string | undefined;
  let date1904 = false;
  const workbookFound = await part(
    workbookPath,
    saxParser({
      onOpen: (name, a) => {
        if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
        if (name === 'sheet' && sheetId === undefined)
          sheetId = Object.entries(a).find(([key]) => localName(key) === 'id' && key.includes(':'))?.[1] ?? '';
      },
    }),
  );
  if (!workbookFound) throw new Error('xlsx: no workbook');
  const workbookRelations = await relations(workbookPath);
  const sheetPath = (sheetId && workbookRelations.get(sheetId)?.path) || undefined;
  if (!sheetPath || !entries.has(sheetPath)) {
    sink.header([]);
    return;
  }

  const shared = await sharedStrings(
    part,
    ofType(workbookRelations, 'sharedStrings') ?? 'xl/sharedStrings.xml',
    limits,
  );
  const dateStyles = await dateStylesOf(part, ofType(workbookRelations, 'styles') ?? 'xl/styles.xml');

  // The sheet, row by row.
  let width = -1;
  let line = 0;
  let lines = 0;
  let cells = 0;
  let rows = 0;
  let column = 0;
  let row: unknown[] = [];
  let cell: { type: string; style: number; value: string; inValue: boolean } | undefined;
  const inline = textCollector();
  const cellValue = (c: NonNullable<typeof cell>): unknown => {
    switch (c.type) {
      case 's': {
        const index = Number(c.value);
        return c.value !== '' && Number.isInteger(index) ? (shared[index] ?? null) : null;
      }
      case 'inlineStr':
        return inline.take();
      case 'str':
        return c.value;
      case 'b':
        return c.value === '' ? null : c.value === '1' || c.value === 'true';
      case 'e':
        return null;
      case 'd':
        return c.value === '' ? null : dateText(new Date(c.value));
      default: {
        if (c.value.trim() === '') return null;
        const number = Number(c.value);
        if (Number.isNaN(number)) return null;
        if (dateStyles[c.style])
          return dateText(new Date(Math.round((number - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)));
        return number;
      }
    }
  };
  const endRow = () => {
    if (line === 1) {
      width = row.length;
      const headers: string[] = [];
      for (let i = 0; i < width; i++)
        headers.push(row[i] === null || row[i] === undefined ? '' : String(row[i]).trim());
      sink.header(headers);
      return;
    }
    if (width < 0) {
      width = 0;
      sink.header([]);
    }
    const values: unknown[] = [];
    for (let i = 0; i < width; i++) values.push(row[i] ?? null);
    if (blank(values)) return;
    if (++rows > limits.maxRows) throw new SheetLimit('rows');
    sink.row(line, values);
  };
  await part(
    sheetPath,
    saxParser({
      onOpen: (name, a) => {
        if (cell) {
          if (name === 'v') cell.inValue = true;
          else inline.open(name);
          return;
        }
        if (name === 'dimension') {
          const last = (a.ref ?? '').split(':').pop() ?? '';
          if (columnIndex(last) > limits.maxColumns) throw new SheetLimit('columns');
          if (lineOf(last) > limits.maxLines) throw new SheetLimit('lines');
        } else if (name === 'row') {
          line = a.r ? Number(a.r) : line + 1;
          if (!Number.isInteger(line) || line < 1) throw new Error('xlsx: bad row');
          if (line > limits.maxLines || ++lines > limits.maxLines) throw new SheetLimit('lines');
          row = [];
          column = 0;
        } else if (name === 'c') {
          column = a.r ? columnIndex(a.r) : column + 1;
          if (column < 1) throw new Error('xlsx: bad cell');
          if (column > limits.maxColumns) throw new SheetLimit('columns');
          if (++cells > limits.maxCells) throw new SheetLimit('cells');
          cell = { type: a.t ?? 'n', style: Number(a.s ?? 0), value: '', inValue: false };
        }
      },
      onClose: (name) => {
        if (cell) {
          if (name === 'v') cell.inValue = false;
          else if (name === 'c') {
            const value = cellValue(cell);
            if (value !== null && value !== undefined && value !== '') row[column - 1] = value;
            cell = undefined;
          } else inline.close(name);
        } else if (name === 'row') endRow();
      },
      onText: (text) => {
        if (!cell) return;
        if (cell.inValue) cell.value += text;
        else inline.text(text);
      },
    }),
  );
  if (width < 0) sink.header([]);
}

/** A CSV or XLSX (told apart by the XLSX's zip signature, not by the file's name). */
export async function readSpreadsheet(bytes: Uint8Array, limits: ReadLimits, sink: SheetSink): Promise<void> {
  if (isXlsx(bytes)) await readXlsx(bytes, limits, sink);
  else readCsv(bytes, limits, sink);
}

// ---------- The worker ----------

/** Lines per message: small batches, so the main thread never copies a whole sheet in one turn. */
const BATCH = 500;

async function runWorker(port: NonNullable<typeof parentPort>, data: ReaderData): Promise<void> {
  let batch: { line: number; cells: unknown[] }[] = [];
  let sent = 0;
  const consumed = new Int32Array(data.consumed);
  const flush = () => {
    if (batch.length === 0) return;
    port.postMessage({ type: 'rows', rows: batch } satisfies ReaderMessage);
    batch = [];
    sent++;
    // Synchronously, as for the header: papaparse's step cannot wait. Timed, so a termination is heard.
    for (;;) {
      const taken = Atomics.load(consumed, 0);
      if (sent - taken <= data.readAhead) break;
      Atomics.wait(consumed, 0, taken, 1000);
    }
  };
  let keep: boolean[] | null = null;
  try {
    await readSpreadsheet(data.bytes, data.limits, {
      header: (headers) => {
        port.postMessage({ type: 'header', headers } satisfies ReaderMessage);
        // Synchronously (papaparse's step cannot wait): the main thread answers at once.
        Atomics.wait(new Int32Array(data.answered), 0, 0, 30_000);
        keep = (receiveMessageOnPort(data.keepPort)?.message as boolean[] | null | undefined) ?? null;
      },
      row: (line, cells) => {
        const kept = keep;
        batch.push({ line, cells: kept ? cells.map((cell, i) => (kept[i] ? cell : null)) : cells });
        if (batch.length >= BATCH) flush();
      },
    });
    flush();
    port.postMessage({ type: 'done' } satisfies ReaderMessage);
  } catch (error) {
    port.postMessage(
      (error instanceof SheetLimit
        ? { type: 'limit', limit: error.limit }
        : { type: 'unreadable', message: String((error as Error)?.message ?? error) }) satisfies ReaderMessage,
    );
  }
}

if (parentPort && (workerData as ReaderData | undefined)?.importSheet) {
  void runWorker(parentPort, workerData as ReaderData);
}

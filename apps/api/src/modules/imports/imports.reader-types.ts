import type { MessagePort } from 'node:worker_threads';

/** The spreadsheet reader's types (imports.reader.ts, the worker's script; imports.sheet.ts, its caller). */

export interface ReadLimits {
  maxRows: number;
  maxLines: number;
  maxColumns: number;
  maxCells: number;
  maxSharedStrings: number;
  maxUncompressedBytes: number;
}

export type LimitName = 'rows' | 'lines' | 'columns' | 'cells' | 'sharedStrings' | 'uncompressed';

/** What the reader hands on: the header once, then the lines of data in order. */
export interface SheetSink {
  header(headers: string[]): void;
  row(line: number, cells: unknown[]): void;
}

/** What the worker says: the header, lines of data in batches, then the end or why it stopped. */
export type ReaderMessage =
  | { type: 'header'; headers: string[] }
  | { type: 'rows'; rows: { line: number; cells: unknown[] }[] }
  | { type: 'done' }
  | { type: 'limit'; limit: LimitName }
  | { type: 'unreadable'; message: string };

export interface ReaderData {
  importSheet: true;
  bytes: Uint8Array;
  limits: ReadLimits;
  /**
   * Which columns to keep, asked once the header is read: the worker waits on `answered` (an Int32Array
   * over a SharedArrayBuffer, set to 1 by the main thread) and then takes `keepPort`'s message (boolean[],
   * or null for all). A column left out comes as null: never copied, never held.
   */
  keepPort: MessagePort;
  answered: SharedArrayBuffer;
  /**
   * Batches the main thread has taken (an Int32Array over a SharedArrayBuffer it adds 1 to): the worker waits
   * once `readAhead` batches sent are not yet taken, so lines do not pile up on either side.
   */
  consumed: SharedArrayBuffer;
  readAhead: number;
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, IMPORT_TEXTS } from '@backoffice/contract';
import { AppError } from '../../lib/errors';
import type { LimitName, ReaderData, ReaderMessage, ReadLimits } from './imports.reader';

/** A spreadsheet as read: its header line and its lines of data (1-based spreadsheet line numbers). */
export interface Sheet {
  headers: string[];
  rows: { line: number; cells: unknown[] }[];
}

const LIMITS: ReadLimits = {
  maxRows: IMPORT_LIMITS.maxRows,
  maxLines: IMPORT_LIMITS.maxLines,
  maxColumns: IMPORT_LIMITS.maxColumns,
  maxCells: IMPORT_LIMITS.maxCells,
  maxSharedStrings: IMPORT_LIMITS.maxSharedStrings,
  maxUncompressedBytes: IMPORT_LIMITS.maxUncompressedMb * 1024 * 1024,
};

const LIMIT_TEXTS: Record<LimitName, string> = {
  rows: IMPORT_TEXTS.tooManyRows,
  lines: IMPORT_TEXTS.tooManyLines,
  columns: IMPORT_TEXTS.tooManyColumns,
  cells: IMPORT_TEXTS.tooManyCells,
  sharedStrings: IMPORT_TEXTS.tooManySharedStrings,
  uncompressed: IMPORT_TEXTS.uncompressedTooLarge,
};

const refused = (message: string) => new AppError(413, message, { code: 'PAYLOAD_TOO_LARGE' });

/**
 * The reader's script: dist/imports-reader.js next to the bundle that imports this module (built server),
 * else the TypeScript source next to this file, which Node 24 runs with its type stripping.
 */
function readerScript(): URL {
  const built = new URL('./imports-reader.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./imports.reader.ts', import.meta.url);
}

/** One file read at a time: the reader's memory limit is then the most reading can add to the process. */
let queue: Promise<unknown> = Promise.resolve();

/** Reads the file in a worker thread with its own heap limit and a time limit (issue 34 §1). */
function readInWorker(bytes: Uint8Array, options: { timeoutMs: number; memoryMb: number }): Promise<Sheet> {
  return new Promise<Sheet>((resolve, reject) => {
    const sheet: Sheet = { headers: [], rows: [] };
    const worker = new Worker(readerScript(), {
      workerData: { importSheet: true, bytes, limits: LIMITS } satisfies ReaderData,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(sheet);
    };
    const timer = setTimeout(() => settle(refused(IMPORT_TEXTS.readTooHeavy)), options.timeoutMs);
    worker.on('message', (message: ReaderMessage) => {
      if (message.type === 'header') sheet.headers = message.headers;
      else if (message.type === 'rows') for (const row of message.rows) sheet.rows.push(row);
      else if (message.type === 'done') settle(undefined);
      else if (message.type === 'limit') settle(refused(LIMIT_TEXTS[message.limit]));
      else settle(new Error(message.message));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      // Its heap full (ERR_WORKER_OUT_OF_MEMORY): the file is too heavy, the server goes on.
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refused(IMPORT_TEXTS.readTooHeavy) : error),
    );
    worker.on('exit', (code) => settle(new Error(`sheet reader exited with ${code}`)));
  });
}

/**
 * A CSV or XLSX (told apart by the XLSX's zip signature, not by the file's name), read in a worker thread
 * (imports.reader.ts) under IMPORT_LIMITS. A limit passed, or a read too long or too heavy for the reader's
 * memory: AppError 413 naming the limit. Anything else unreadable: an Error.
 */
export function readSheet(bytes: Uint8Array, options: { timeoutMs?: number; memoryMb?: number } = {}): Promise<Sheet> {
  if (bytes.length > IMPORT_LIMITS.maxBytes) return Promise.reject(refused(IMPORT_TEXTS.fileTooLarge));
  const read = queue.then(() =>
    readInWorker(bytes, {
      timeoutMs: options.timeoutMs ?? IMPORT_LIMITS.maxReadSeconds * 1000,
      memoryMb: options.memoryMb ?? IMPORT_LIMITS.maxReadMemoryMb,
    }),
  );
  queue = read.catch(() => undefined);
  return read;
}

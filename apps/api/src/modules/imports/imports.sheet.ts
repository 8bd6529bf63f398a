import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
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

/** Batches of lines (of 500) the worker may send before the first of them is taken. */
const READ_AHEAD = 4;

/** One file read at a time: the reader's memory limit is then the most reading can add to the process. */
let queue: Promise<unknown> = Promise.resolve();

export interface ReadOptions {
  /** Which columns the caller needs, from the header (the others come as null); all when absent. */
  keep?: (headers: string[]) => boolean[];
  /**
   * Takes each batch of lines as it arrives (then `rows` stays empty), while the worker parses the next ones,
   * at most READ_AHEAD batches ahead: the worker's heap and the whole file's lines are never held together
   * (issue 34 §1's memory bound). The read ends once the last batch's promise is settled.
   */
  onRows?: (rows: Sheet['rows']) => Promise<void> | void;
  timeoutMs?: number;
  memoryMb?: number;
}

/** Reads the file in a worker thread with its own heap limit and a time limit (issue 34 §1). */
function readInWorker(bytes: Uint8Array, options: ReadOptions & { timeoutMs: number; memoryMb: number }) {
  return new Promise<Sheet>((resolve, reject) => {
    const sheet: Sheet = { headers: [], rows: [] };
    const channel = new MessageChannel();
    const answered = new SharedArrayBuffer(4);
    const consumed = new SharedArrayBuffer(4);
    const data: ReaderData = {
      importSheet: true,
      bytes,
      limits: LIMITS,
      keepPort: channel.port2,
      answered,
      consumed,
      readAhead: READ_AHEAD,
    };
    const worker = new Worker(readerScript(), {
      workerData: data,
      transferList: [channel.port2],
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    /** The batches taken so far, one after another; `done` once the worker has sent the last. */
    let taken: Promise<void> = Promise.resolve();
    let done = false;
    const settle = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      channel.port1.close();
      void worker.terminate();
      if (error) reject(error);
      else resolve(sheet);
    };
    const timer = setTimeout(() => settle(refused(IMPORT_TEXTS.readTooHeavy)), options.timeoutMs);
    /** The worker waits for this answer once it has read the header. */
    const answer = (headers: string[]) => {
      let keep: boolean[] | null = null;
      try {
        keep = options.keep?.(headers) ?? null;
      } finally {
        channel.port1.postMessage(keep);
        const flag = new Int32Array(answered);
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      }
    };
    worker.on('message', (message: ReaderMessage) => {
      if (message.type === 'header') {
        sheet.headers = message.headers;
        answer(message.headers);
      } else if (message.type === 'rows') {
        const rows = message.rows;
        // A batch the caller cannot take ends the read with its error; the chain itself never rejects, so the
        // end of the read (`done`) waits on it without an unhandled rejection.
        taken = taken
          .then(async () => {
            if (settled) return;
            if (options.onRows) await options.onRows(rows);
            else for (const row of rows) sheet.rows.push(row);
            // One more batch taken: the worker, waiting once READ_AHEAD batches are ahead, may go on.
            const count = new Int32Array(consumed);
            Atomics.add(count, 0, 1);
            Atomics.notify(count, 0);
          })
          .catch((error: Error) => settle(error));
      } else if (message.type === 'done') {
        done = true;
        void taken.then(() => settle(undefined));
      } else if (message.type === 'limit') settle(refused(LIMIT_TEXTS[message.limit]));
      else settle(new Error(message.message));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      // Its heap full (ERR_WORKER_OUT_OF_MEMORY): the file is too heavy, the server goes on.
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refused(IMPORT_TEXTS.readTooHeavy) : error),
    );
    worker.on('exit', (code) => {
      if (!done) settle(new Error(`sheet reader exited with ${code}`));
    });
  });
}

/**
 * A CSV or XLSX (told apart by the XLSX's zip signature, not by the file's name), read in a worker thread
 * (imports.reader.ts) under IMPORT_LIMITS. A limit passed, or a read too long or too heavy for the reader's
 * memory: AppError 413 naming the limit. Anything else unreadable: an Error. `keep` leaves out (null) the
 * cells of the columns the caller will not read; a line is still blank or not by all its cells.
 */
export function readSheet(bytes: Uint8Array, options: ReadOptions = {}): Promise<Sheet> {
  if (bytes.length > IMPORT_LIMITS.maxBytes) return Promise.reject(refused(IMPORT_TEXTS.fileTooLarge));
  const read = queue.then(() =>
    readInWorker(bytes, {
      ...options,
      timeoutMs: options.timeoutMs ?? IMPORT_LIMITS.maxReadSeconds * 1000,
      memoryMb: options.memoryMb ?? IMPORT_LIMITS.maxReadMemoryMb,
    }),
  );
  queue = read.catch(() => undefined);
  return read;
}

/**
 * The supplier's NF-e read in a worker thread (issue 39): `readNfe` takes a CPU for about half a second on a
 * 990-item note, during which the HTTP thread would answer nothing, /api/health included. The reader's file
 * (nfe-reader.ts) is the worker's script, as imports.reader.ts is the spreadsheet reader's (imports.sheet.ts).
 *
 * One worker, started at the first note and kept for the next ones: starting one costs about 0.13 s from the
 * build and 1 s from the TypeScript sources (docs/benchmarks.md), more than reading most notes. Notes are read one
 * at a time, in the order they come; a worker that dies (its memory limit passed) fails its note and the next note
 * starts another. Idle, it does not keep the process alive.
 */
import diagnostics from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PURCHASE_TEXTS } from '@backoffice/contract';
import { NFE_READER_READY, type NfeDocument, NfeReadError } from './nfe-document';
import type { NfeReaderAnswer, NfeReaderData } from './nfe-reader';

/** Each read, from the moment the worker is given the note to its answer (tracePromise's start … asyncEnd). */
export const nfeReads = diagnostics.tracingChannel('backoffice:nfe-read');

/**
 * The worker's heap limit. A note is at most 2 MB: reading the largest takes about 100 MB. A limit near that made V8
 * collect more often (256 MB: a 500-item note read about 1.5× slower than without a limit); at 512 MB it reads as
 * fast as without one.
 */
const MEMORY_MB = 512;

/**
 * The longest one read may take before the worker is stopped (and the next note starts another): the largest
 * note reads in about half a second, so only a file built to stall the reader comes near it. Without a bound,
 * such a file would hold every note queued behind it.
 */
export const NFE_READ_TIMEOUT_MS = 30_000;

/**
 * The worker's script: dist/nfe-reader.js next to the bundle that imports this module (built server), else the
 * TypeScript source next to this file. Unlike the spreadsheet reader, the NF-e reader imports the contract and its
 * sibling files (extensionless imports that Node's type stripping alone does not resolve): from the sources, the
 * worker loads tsx first, as `npm run dev` and the tests load this thread.
 */
function readerScript(): { url: URL; execArgv: string[] } {
  const built = new URL('./nfe-reader.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { url: new URL('./nfe-reader.ts', import.meta.url), execArgv: ['--import', tsx] };
}

let worker: Worker | undefined;
/** The current worker's code loaded (its first message); rejected when it ends or stalls before. */
let workerReady: Promise<void> | undefined;
/** How long a worker may take to load its code (tsx compiling the sources in tests) before it is given up. */
const READY_TIMEOUT_MS = 120_000;
/** One note at a time: the worker's memory limit is then the most reading notes can add to the process. */
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const { url, execArgv } = readerScript();
  const started = new Worker(url, {
    workerData: { nfeReader: true } satisfies NfeReaderData,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    stdout: false,
    stderr: false,
  });
  // Its end fails the note being read (below); the next note starts another worker.
  started.on('error', () => undefined);
  started.on('exit', () => {
    if (worker === started) worker = undefined;
  });
  started.unref();
  workerReady = new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(stall);
      started.off('message', onReady).off('exit', onExit);
    };
    const onReady = (message: unknown) => {
      if (message !== NFE_READER_READY) return;
      done();
      resolve();
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the NF-e reader exited with code ${code} before it was ready`));
    };
    const stall = setTimeout(() => {
      done();
      void started.terminate();
      reject(new Error('the NF-e reader did not load in time'));
    }, READY_TIMEOUT_MS);
    stall.unref();
    started.on('message', onReady).on('exit', onExit);
  });
  // A rejection no read awaits yet must not end the process.
  workerReady.catch(() => undefined);
  return started;
}

async function readOne(bytes: Uint8Array, timeoutMs: number): Promise<NfeDocument> {
  worker ??= startWorker();
  const reader = worker;
  // Kept alive while it loads and reads: a process awaiting the note (the seed's) must not end meanwhile.
  reader.ref();
  try {
    await workerReady;
  } catch (error) {
    reader.unref();
    throw error;
  }
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const stop = setTimeout(() => {
      failure = new NfeReadError('too-slow', PURCHASE_TEXTS.nfe.tooSlow(Math.max(1, Math.ceil(timeoutMs / 1000))));
      void reader.terminate();
    }, timeoutMs);
    const finish = () => {
      clearTimeout(stop);
      reader.off('message', onMessage).off('error', onError).off('exit', onExit);
      reader.unref();
    };
    const onMessage = (answer: NfeReaderAnswer) => {
      finish();
      if (answer.type === 'read') resolve(answer.note);
      else if (answer.type === 'refused') reject(new NfeReadError(answer.code, answer.message));
      else reject(new Error(answer.message));
    };
    const onError = (error: Error) => {
      failure = error;
    };
    const onExit = (code: number) => {
      finish();
      reject(failure ?? new Error(`the NF-e reader exited with code ${code}`));
    };
    reader.on('message', onMessage).on('error', onError).on('exit', onExit);
    reader.postMessage(bytes);
  });
}

/**
 * `readNfe` in the worker: the note, or the same NfeReadError (code and Portuguese message) `readNfe` throws; a
 * read longer than `timeoutMs` stops the worker and is refused ('too-slow').
 */
export function readNfeInWorker(bytes: Uint8Array, timeoutMs = NFE_READ_TIMEOUT_MS): Promise<NfeDocument> {
  const read = queue.then(() =>
    nfeReads.tracePromise(readOne, { bytes: bytes.byteLength }, undefined, bytes, timeoutMs),
  );
  queue = read.catch(() => undefined);
  return read;
}

/**
 * The A1 certificate read in a worker thread (issue 53 §1): node-forge's MAC check and key derivations are pure
 * JavaScript and run the iterations the file asks for, during which the HTTP thread would answer nothing,
 * /api/health included. First the counts are read from the file's ASN.1 and refused over the cap, before any
 * derivation and without the worker (certificate-iterations.ts); what is left runs in the worker with a time limit.
 * The reader's file (certificate-reader.ts) is the worker's script, as nfe-reader.ts is the NF-e reader's
 * (nfe-worker.ts, whose form this follows).
 *
 * One worker, started at the first read and kept for the next ones (an upload, then each process's first emission:
 * loadSigningCertificate keeps what it read); reads one at a time, in the order they come; a worker stopped at its
 * time limit fails its read and the next read starts another. Idle, it does not keep the process alive.
 */
import diagnostics from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { refuseCostlyPfx } from './certificate-iterations';
import {
  CertificateReadError,
  type CertificateReaderAnswer,
  type CertificateReaderData,
  type CertificateReaderRequest,
  type ReadCertificate,
} from './certificate-reader';

/** Each read given to the worker, from the moment it is queued to its answer (tracePromise's start … asyncEnd). */
export const certificateReads = diagnostics.tracingChannel('backoffice:certificate-read');

/**
 * The longest one read may take, from the moment the loaded worker is given the file, before the worker is
 * stopped (its start is not counted: from the TypeScript sources, loading tsx, forge and the contract takes
 * seconds on a busy machine). A real A1 reads in well under a second (2,048 iterations); a file at the cap
 * (100,000 iterations in each of its three derivations) in a few seconds: only a file built to stall the reader
 * (a count hidden in an encrypted bag) comes near it.
 */
export const CERTIFICATE_READ_TIMEOUT_MS = 10_000;

/** The worker's heap limit: a file is at most 64 KB; forge reads it in a few megabytes. */
const MEMORY_MB = 64;

/** The worker's script: dist/certificate-reader.js next to the bundle (built server), else the TypeScript source. */
function readerScript(): { url: URL; execArgv: string[] } {
  const built = new URL('./certificate-reader.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { url: new URL('./certificate-reader.ts', import.meta.url), execArgv: ['--import', tsx] };
}

interface ReaderWorker {
  thread: Worker;
  /** Settles once the worker has loaded its script (its 'ready'), or fails when it ends before. */
  ready: Promise<void>;
}

let worker: ReaderWorker | undefined;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): ReaderWorker {
  const { url, execArgv } = readerScript();
  const started = new Worker(url, {
    workerData: { certificateReader: true } satisfies CertificateReaderData,
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    stdout: false,
    stderr: false,
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (message: CertificateReaderAnswer) => {
      if (message.type === 'ready') resolve();
    };
    started.on('message', onReady);
    started.once('exit', (code) => reject(new Error(`the certificate reader exited with code ${code}`)));
  });
  ready.catch(() => undefined);
  const reader = { thread: started, ready };
  // Its end fails the read under way (below); the next read starts another worker.
  started.on('error', () => undefined);
  started.on('exit', () => {
    if (worker === reader) worker = undefined;
  });
  started.unref();
  return reader;
}

async function readOne(request: CertificateReaderRequest, timeoutMs: number): Promise<ReadCertificate> {
  worker ??= startWorker();
  const { thread: reader, ready } = worker;
  // Kept alive while it loads and reads: a process awaiting the certificate must not end meanwhile.
  reader.ref();
  try {
    await ready;
  } catch (error) {
    reader.unref();
    throw error;
  }
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const stop = setTimeout(() => {
      failure = new CertificateReadError('too-slow');
      void reader.terminate();
    }, timeoutMs);
    const finish = () => {
      clearTimeout(stop);
      reader.off('message', onMessage).off('error', onError).off('exit', onExit);
      reader.unref();
    };
    const onMessage = (answer: CertificateReaderAnswer) => {
      if (answer.type === 'ready') return;
      finish();
      if (answer.type === 'read') resolve(answer.certificate);
      else if (answer.type === 'refused') reject(new CertificateReadError(answer.problem));
      else reject(new Error(answer.message));
    };
    const onError = (error: Error) => {
      failure = error;
    };
    const onExit = (code: number) => {
      finish();
      reject(failure ?? new Error(`the certificate reader exited with code ${code}`));
    };
    reader.on('message', onMessage).on('error', onError).on('exit', onExit);
    reader.postMessage(request);
  });
}

/**
 * Reads a .pfx with its password: the same ReadCertificate, or the same CertificateReadError, as `readPfx`; a
 * count over the cap is refused here ('too-many-iterations', no worker started), a read longer than `timeoutMs`
 * stops the worker ('too-slow').
 */
export async function readPfxInWorker(
  bytes: Buffer,
  password: string,
  timeoutMs = CERTIFICATE_READ_TIMEOUT_MS,
): Promise<ReadCertificate> {
  refuseCostlyPfx(bytes);
  const request: CertificateReaderRequest = { bytes: new Uint8Array(bytes), password };
  const read = queue.then(() =>
    certificateReads.tracePromise(readOne, { bytes: bytes.byteLength }, undefined, request, timeoutMs),
  );
  queue = read.catch(() => undefined);
  return read;
}

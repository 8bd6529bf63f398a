import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BANK_STATEMENT_TEXTS } from '@backoffice/contract';
import { badRequest } from '../../lib/errors';
import type { OfxReaderAnswer, OfxReaderData } from './ofx-reader';

/** The longest one OFX read may take: a 5 MB statement reads in well under a second. */
export const OFX_READ_TIMEOUT_MS = 10_000;
/** The worker's heap: a 5 MB file's tree is a few tens of MB. */
const MEMORY_MB = 256;

/** The reader's script: dist/ofx-reader.js beside the built server, else the source (Node's type stripping). */
function readerScript(): URL {
  const built = new URL('./ofx-reader.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./ofx-reader.ts', import.meta.url);
}

/** One file read at a time: the worker's heap limit is then the most reading statements adds to the process. */
let queue: Promise<unknown> = Promise.resolve();

function readOne(bytes: Uint8Array, timeoutMs: number): Promise<{ header: Record<string, string>; ofx: unknown }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(readerScript(), {
      workerData: { ofxReader: true, bytes } satisfies OfxReaderData,
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
      stdout: false,
      stderr: false,
    });
    let failure: Error | undefined;
    const stop = setTimeout(() => {
      failure = badRequest(BANK_STATEMENT_TEXTS.tooSlow(Math.ceil(timeoutMs / 1000)));
      void worker.terminate();
    }, timeoutMs);
    worker.on('message', (answer: OfxReaderAnswer) => {
      clearTimeout(stop);
      void worker.terminate();
      if (answer.type === 'read') resolve({ header: answer.header, ofx: answer.ofx });
      else if (answer.reason === 'not-ofx') reject(badRequest(BANK_STATEMENT_TEXTS.notOfx));
      else {
        const detail = answer.reason === 'long-tag' ? 'tag com nome longo demais' : 'estrutura SGML/XML malformada';
        reject(badRequest(BANK_STATEMENT_TEXTS.unreadable(detail)));
      }
    });
    worker.on('error', (error) => {
      failure ??= badRequest(BANK_STATEMENT_TEXTS.unreadable('o leitor parou'), 'BAD_REQUEST', {
        cause: error.message.slice(0, 200),
      });
    });
    worker.on('exit', () => {
      clearTimeout(stop);
      reject(failure ?? badRequest(BANK_STATEMENT_TEXTS.unreadable('o leitor parou')));
    });
  });
}

/**
 * The OFX's header and its `<OFX>` tree, read by ofx-js in a worker thread with a heap limit and a time limit
 * (`ofx-reader.ts`); anything that is not a readable OFX is 400 BAD_REQUEST in Portuguese.
 */
export function readOfxInWorker(bytes: Uint8Array, timeoutMs = OFX_READ_TIMEOUT_MS) {
  const read = queue.then(() => readOne(bytes, timeoutMs));
  queue = read.catch(() => undefined);
  return read;
}

/**
 * Reads an OFX bank statement's bytes in a worker thread (issue 58 §3, decision 0097): ofx-js's parser is a
 * chain of regular expressions and a recursive descent, linear on the statements banks export but not bounded on a
 * file built to stall it, so it runs here with its own heap limit while `ofx-worker.ts` holds its time limit. It
 * imports only Node and npm modules (Node runs this file from source in tests, with its type stripping).
 *
 * The bytes are decoded as UTF-8 when they are valid UTF-8 (OFX 2.x, and the banks that write 1.x in UTF-8), else as
 * Windows-1252 (`CHARSET:1252` / ISO-8859-1, which Brazilian banks' OFX 1.x declare). Before the parser runs, a tag
 * name of more than 24 letters, digits or underscores is refused: the SGML step's `<([A-Z0-9_]*)+\.+…` backtracks
 * exponentially on one (measured: 30 letters took 39 s; OFX's longest tag, CREDITCARDMSGSRSV1, has 18).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSync } from 'ofx-js';

export interface OfxReaderData {
  ofxReader: true;
  bytes: Uint8Array;
}

export type OfxReaderAnswer =
  | { type: 'read'; header: Record<string, string>; ofx: unknown }
  | { type: 'refused'; reason: 'not-ofx' | 'long-tag' | 'unreadable'; detail: string };

/** The text of the file: UTF-8 when its bytes are valid UTF-8, else Windows-1252 (a superset of ISO-8859-1). */
export function decodeOfx(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readOfx(bytes: Uint8Array): OfxReaderAnswer {
  const text = decodeOfx(bytes);
  if (!/<OFX>/i.test(text)) return { type: 'refused', reason: 'not-ofx', detail: '' };
  if (/<\/?[A-Za-z0-9_]{25,}/.test(text)) return { type: 'refused', reason: 'long-tag', detail: '' };
  // The tags of OFX are upper case; some banks write them in lower case, which the SGML step would not close.
  const upper = text.replace(
    /<(\/?)([A-Za-z0-9_.]+)>/g,
    (_m, slash: string, name: string) => `<${slash}${name.toUpperCase()}>`,
  );
  try {
    const parsed = parseSync(upper);
    return { type: 'read', header: parsed.header, ofx: parsed.OFX };
  } catch (error) {
    return { type: 'refused', reason: 'unreadable', detail: error instanceof Error ? error.message.slice(0, 200) : '' };
  }
}

const data = workerData as OfxReaderData | undefined;
if (parentPort && data?.ofxReader) parentPort.postMessage(readOfx(data.bytes));

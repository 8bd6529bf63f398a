import {
  hasUnstorableCharacters,
  looksLikeCardData,
  MAX_DATABASE_INTEGER,
  ORDER_PAYMENT_TEXTS,
} from '@backoffice/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the parts of its body it keeps, one by one (`findUnsafeValue`), instead of the guard
     * refusing the whole body for one bad value: the bank's Pix webhook, whose good entries must be stored
     * beside a bad one. Its JSON is decoded leniently: a byte that is not UTF-8 becomes a lone surrogate
     * (U+DC80–U+DCFF, as Python's 'surrogateescape'), which `findUnsafeValue` then finds in its entry; a
     * `__proto__` key or a `constructor` holding `prototype` is kept as a plain key (JSON.parse never makes it
     * a prototype), which `findUnsafeValue` then finds in its entry too.
     */
    ownBodyCheck?: boolean;
    /**
     * The body may carry a card's receipt (a card checkout, a payment part, a quote's conversion): anything in it
     * that looks like a card number or its secrets (`looksLikeCardData`) refuses it whole before its schema, so
     * no card number is ever validated, logged or kept (decision 0042).
     */
    refusesCardData?: boolean;
  }
}

export const INPUT_TEXTS = {
  invalidUtf8: 'O corpo da requisição não é um texto UTF-8 válido.',
  unstorableText: 'Um texto informado contém caracteres inválidos (caractere nulo ou emoji partido).',
  numberOutOfRange: 'Um número informado está fora do intervalo aceito.',
  reservedKey: 'Um campo informado tem um nome reservado (__proto__ ou constructor.prototype).',
} as const;

type Location = 'body' | 'params' | 'query';

const invalidInput = (message: string, location: Location, path: string) =>
  new AppError(400, message, { code: 'INVALID_INPUT', details: { location, path } });

/** Path and query values that name a row (`id`, `customerId`, …): numbers there must fit the column. */
const ID_KEY = /^(id|.*Id)$/;

/**
 * A key that poisons a prototype once copied by assignment: `__proto__`, or `constructor` holding an object
 * with `prototype` (what Fastify's parser refuses on every other route).
 */
function isPoisoningKey(key: string, value: unknown): boolean {
  if (key === '__proto__') return true;
  return key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype');
}

/**
 * The first problem of a parsed value, or undefined: a string or key with NUL or a lone surrogate (no
 * database text can hold them), a number whose magnitude exceeds the database's integer columns (no
 * field of the contract accepts one: ids, cents and stock are `integer`, money in reais is far below), or a
 * key that poisons a prototype (`isPoisoningKey`). Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeValue(root: unknown): { message: string; path: string } | undefined {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return { message: INPUT_TEXTS.unstorableText, path };
    } else if (typeof value === 'number') {
      if (!(Math.abs(value) <= MAX_DATABASE_INTEGER)) return { message: INPUT_TEXTS.numberOutOfRange, path };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push([item, `${path}[${index}]`]);
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasUnstorableCharacters(key)) return { message: INPUT_TEXTS.unstorableText, path: itemPath };
        if (isPoisoningKey(key, item)) return { message: INPUT_TEXTS.reservedKey, path: itemPath };
        stack.push([item, itemPath]);
      }
    }
  }
  return undefined;
}

/** Path and query values are text; an id-named one that reads as a number beyond the column is refused. */
function checkTexts(values: unknown, location: Location) {
  if (!values || typeof values !== 'object') return;
  for (const [key, raw] of Object.entries(values)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string') continue;
      if (hasUnstorableCharacters(key) || hasUnstorableCharacters(value))
        throw invalidInput(INPUT_TEXTS.unstorableText, location, key);
      const trimmed = value.trim();
      if (ID_KEY.test(key) && trimmed !== '' && Math.abs(Number(trimmed)) > MAX_DATABASE_INTEGER)
        throw invalidInput(INPUT_TEXTS.numberOutOfRange, location, key);
    }
  }
}

/**
 * UTF-8 decoded with each byte that is not part of a valid sequence turned into a lone surrogate U+DC80 +
 * (byte − 0x80): the text keeps the place of the damage, and `hasUnstorableCharacters` sees it there.
 */
export function decodeUtf8Escaping(bytes: Uint8Array): string {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = validSequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    if (start < i) parts.push(decoder.decode(bytes.subarray(start, i)));
    parts.push(String.fromCharCode(0xdc00 + (bytes[i] as number)));
    i += 1;
    start = i;
  }
  if (start < bytes.length) parts.push(decoder.decode(bytes.subarray(start)));
  return parts.join('');
}

/** The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong form, no surrogate), or 0. */
function validSequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i] as number;
  if (lead < 0x80) return 1;
  const next = (k: number) => bytes[i + k] ?? 0;
  const tail = (k: number) => (next(k) & 0xc0) === 0x80;
  if (lead >= 0xc2 && lead <= 0xdf) return tail(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return next(1) >= low && next(1) <= high && tail(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return next(1) >= low && next(1) <= high && tail(2) && tail(3) ? 4 : 0;
  }
  return 0;
}

/** Runs before any route's schema: the one place hostile input is turned away (see docs/architecture.md). */
function guardRequest(request: FastifyRequest) {
  checkTexts(request.params, 'params');
  checkTexts(request.query, 'query');
  if (request.routeOptions.config.ownBodyCheck) return;
  const problem = findUnsafeValue(request.body);
  if (problem) throw invalidInput(problem.message, 'body', problem.path);
  if (request.routeOptions.config.refusesCardData && looksLikeCardData(request.body)) {
    throw new AppError(400, ORDER_PAYMENT_TEXTS.cardNumberRefused, {
      code: 'INVALID_INPUT',
      details: { location: 'body' },
    });
  }
}

/**
 * Hostile input gets a Portuguese 400 and changes nothing, whatever route it reaches: JSON bodies must be
 * valid UTF-8 (INVALID_JSON otherwise; Fastify's own parser keeps refusing `__proto__`/`constructor`
 * poisoning, except on the Pix webhook, whose entry holding one is skipped alone), and before validation every text in the path, query and body is checked for NUL and lone
 * surrogates and every number for the database's integer range (INVALID_INPUT, `details` names where).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The Pix webhook's entries are checked one by one (`findUnsafeValue` finds a poisoning key in its entry).
  const parseOwnCheck = app.getDefaultJsonParser('ignore', 'ignore');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const ownCheck = request.routeOptions.config.ownBodyCheck === true;
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      if (ownCheck) {
        parseOwnCheck(request, decodeUtf8Escaping(body as Buffer), done);
        return;
      }
      done(new AppError(400, INPUT_TEXTS.invalidUtf8, { code: 'INVALID_JSON' }), undefined);
      return;
    }
    (ownCheck ? parseOwnCheck : parseJson)(request, text, done);
  });
  app.addHook('preValidation', async (request) => guardRequest(request));
});

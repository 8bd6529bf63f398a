import { hasUnstorableCharacters, MAX_DATABASE_INTEGER } from '@backoffice/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

export const INPUT_TEXTS = {
  invalidUtf8: 'O corpo da requisição não é um texto UTF-8 válido.',
  unstorableText: 'Um texto informado contém caracteres inválidos (caractere nulo ou emoji partido).',
  numberOutOfRange: 'Um número informado está fora do intervalo aceito.',
} as const;

type Location = 'body' | 'params' | 'query';

const invalidInput = (message: string, location: Location, path: string) =>
  new AppError(400, message, { code: 'INVALID_INPUT', details: { location, path } });

/** Path and query values that name a row (`id`, `customerId`, …): numbers there must fit the column. */
const ID_KEY = /^(id|.*Id)$/;

/**
 * The first problem of a parsed value, or undefined: a string or key with NUL or a lone surrogate (no
 * database text can hold them), or a number whose magnitude exceeds the database's integer columns (no
 * field of the contract accepts one: ids, cents and stock are `integer`, money in reais is far below).
 * Iterative, so a deeply nested body cannot exhaust the stack.
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

/** Runs before any route's schema: the one place hostile input is turned away (see docs/architecture.md). */
function guardRequest(request: FastifyRequest) {
  checkTexts(request.params, 'params');
  checkTexts(request.query, 'query');
  const problem = findUnsafeValue(request.body);
  if (problem) throw invalidInput(problem.message, 'body', problem.path);
}

/**
 * Hostile input gets a Portuguese 400 and changes nothing, whatever route it reaches: JSON bodies must be
 * valid UTF-8 (INVALID_JSON otherwise; Fastify's own parser keeps refusing `__proto__`/`constructor`
 * poisoning), and before validation every text in the path, query and body is checked for NUL and lone
 * surrogates and every number for the database's integer range (INVALID_INPUT, `details` names where).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError(400, INPUT_TEXTS.invalidUtf8, { code: 'INVALID_JSON' }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => guardRequest(request));
});

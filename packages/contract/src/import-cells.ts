import { IMPORT_TEXTS } from './import-limits';

/*
 * Reading a spreadsheet's cells and headers: control characters, the shop's words for a refused value, headers
 * compared without accents or case, numbers, yes/no and dates as a Brazilian spreadsheet writes them.
 */

/** The first control character of a cell's text (C0 but tab and line breaks, DEL, C1, a lone surrogate), as U+XXXX. */
export function controlCharacterIn(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const control =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0xd800 && code <= 0xdfff);
    if (control) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}

/**
 * The shop's words for a problem the forms' schemas leave to the validator (a text over its length, a
 * list too long, a value of the wrong kind): passed as the per-parse error map of an import line's check,
 * it never replaces a message the schemas wrote themselves (zod's precedence), and no validator text
 * ('Entrada inválida', 'esperava', 'expected') ever reaches a spreadsheet's errors.
 */
export function importIssueMessage(issue: {
  code?: string;
  input?: unknown;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
}): string {
  const limit = (value: unknown) => Number(value);
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
    return IMPORT_TEXTS.valueMissing;
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return IMPORT_TEXTS.textTooLong(limit(issue.maximum));
    if (issue.origin === 'array' || issue.origin === 'set') return IMPORT_TEXTS.tooManyItems(limit(issue.maximum));
    if (issue.origin === 'number') return IMPORT_TEXTS.numberTooHigh(limit(issue.maximum));
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'number') return IMPORT_TEXTS.numberTooLow(limit(issue.minimum));
    return IMPORT_TEXTS.valueMissing;
  }
  return IMPORT_TEXTS.valueInvalid;
}

/**
 * A header (or a word of a cell) as it is compared: letters and digits only, without accents or case, so
 * 'Preço de venda', 'PREÇO DE VENDA', 'PrecoDeVenda' and 'preco_de_venda' are one name.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A number as a spreadsheet cell writes it: the contract's one reader of typed numbers (number.ts). */
export { parseBrazilianNumber } from './number';

/** Sim/Não (also S/N, X, 1/0, true/false); undefined when it is neither. */
export function parseYesNo(text: string): boolean | undefined {
  const value = normalizeHeader(text);
  if (['sim', 's', 'x', '1', 'true', 'verdadeiro', 'yes', 'aprovado'].includes(value)) return true;
  if (['nao', 'n', '0', 'false', 'falso', 'no', ''].includes(value)) return false;
  return undefined;
}

/** A date as DD/MM/YYYY → YYYY-MM-DD, or undefined. (No column is a date yet; kept for the fiscal fields.) */
export function parseBrazilianDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [, d, m, y] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

import { isValidImei, type UnitCheck, type UnitInput } from '@backoffice/contract';

/** What is wrong with one line of the IMEI list (null: a good unit). */
export type ImeiProblem =
  | { kind: 'format' }
  | { kind: 'invalid'; imeis: string[] }
  | { kind: 'repeated'; imeis: string[] }
  | { kind: 'registered'; imei: string; productCode: string; productName: string };

/** One non-empty line of the list: the unit it names and what is wrong with it, if anything. */
export interface ImeiLine {
  /** The line's number in the text (1-based), as the person sees it. */
  number: number;
  text: string;
  unit: UnitInput | null;
  problem: ImeiProblem | null;
}

/** The digits of a line: "imei", "imei;imei2", "imei imei2" (tabs and commas too); null when not 1 or 2 runs of digits. */
function unitOf(text: string): UnitInput | null {
  const parts = text.split(/[\s;,]+/).filter(Boolean);
  if (parts.length < 1 || parts.length > 2 || !parts.every((part) => /^\d+$/.test(part))) return null;
  const [imei, imei2] = parts as [string, string | undefined];
  return imei2 === undefined ? { imei } : { imei, imei2 };
}

const imeisOf = (unit: UnitInput) => (unit.imei2 === undefined ? [unit.imei] : [unit.imei, unit.imei2]);

/**
 * Reads the list as typed, pasted or scanned: one unit a line, blank lines left out. A line is wrong when it
 * is not digits, when a check digit does not hold, when an IMEI is already on an earlier line, or when it is
 * registered to a unit (`checks`, POST /units/check) that may not come in again: only a RETURNED unit of
 * the same product (`productId`) may.
 */
export function readImeiLines(
  text: string,
  checks: ReadonlyMap<string, UnitCheck> = new Map(),
  productId?: number,
): ImeiLine[] {
  const seen = new Set<string>();
  const lines: ImeiLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const unit = unitOf(line);
    const entry: ImeiLine = { number: index + 1, text: line, unit, problem: null };
    lines.push(entry);
    if (!unit) {
      entry.problem = { kind: 'format' };
      return;
    }
    const imeis = imeisOf(unit);
    const invalid = imeis.filter((imei) => !isValidImei(imei));
    const repeated = imeis.filter((imei, i) => seen.has(imei) || imeis.indexOf(imei) !== i);
    for (const imei of imeis) seen.add(imei);
    if (invalid.length) entry.problem = { kind: 'invalid', imeis: invalid };
    else if (repeated.length) entry.problem = { kind: 'repeated', imeis: repeated };
    else {
      for (const imei of imeis) {
        const registered = checks.get(imei)?.registered;
        if (!registered) continue;
        if (registered.status === 'RETURNED' && registered.productId === productId) continue;
        entry.problem = {
          kind: 'registered',
          imei,
          productCode: registered.productCode,
          productName: registered.productName,
        };
        break;
      }
    }
  });
  return lines;
}

/** The IMEIs of the list worth asking the server about: valid check digit, each once, in order. */
export function imeisToCheck(text: string): string[] {
  const imeis = new Set<string>();
  for (const line of readImeiLines(text)) {
    if (!line.unit) continue;
    for (const imei of imeisOf(line.unit)) if (isValidImei(imei)) imeis.add(imei);
  }
  return [...imeis];
}

/** The units of the good lines, in order. */
export const goodUnits = (lines: readonly ImeiLine[]): UnitInput[] =>
  lines.flatMap((line) => (line.unit && !line.problem ? [line.unit] : []));

/**
 * A scanned code put at the end of the list, on a line of its own, unless the list already names it (a
 * code read twice, or typed before): returns the new text, or null when nothing was added.
 */
export function appendScannedCode(text: string, code: string): string | null {
  const value = code.trim();
  if (!/^\d+$/.test(value)) return null;
  const present = text.split(/[\s;,]+/).some((part) => part === value);
  if (present) return null;
  const body = text.replace(/\s+$/, '');
  return body ? `${body}\n${value}\n` : `${value}\n`;
}

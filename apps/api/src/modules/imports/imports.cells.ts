import {
  controlCharacterIn,
  IMPORT_TEXTS,
  type ImportColumn,
  normalizeHeader,
  parseBrazilianNumber,
  parseProductOrigin,
  parseYesNo,
} from '@backoffice/contract';

export type CellReading = { empty: true } | { value: unknown } | { error: string };

const LEVELS: Record<string, number> = { ouro: 1, prata: 2, bronze: 3 };

/**
 * One cell as its column reads it (the column table of the contract says how): text trimmed; numbers as a
 * Brazilian spreadsheet writes them (`1.299,90`) or as XLSX stores them; tags split at commas; Sim/Não;
 * a level by name (Ouro, Prata, Bronze) or number; an ICMS origin by its code; IMEIs split at commas, semicolons or spaces. An empty cell is `empty` (a line that updates keeps the
 * value it had). A cell with a control character (NUL…) is refused, whatever its column.
 */
export function readCell(column: ImportColumn, raw: unknown): CellReading {
  if (raw === null || raw === undefined) return { empty: true };
  // Nothing can store a NUL, and no other control character belongs in a cell: refused here, at the preview.
  const control = typeof raw === 'string' ? controlCharacterIn(raw) : undefined;
  if (control) return { error: IMPORT_TEXTS.controlCharacter(control) };
  const text = typeof raw === 'string' ? raw.trim() : String(raw);
  if (text === '') return { empty: true };
  switch (column.type) {
    case 'text':
      return { value: text };
    case 'decimal':
    case 'integer': {
      if (typeof raw === 'number') return { value: raw };
      const value = parseBrazilianNumber(text);
      return Number.isNaN(value) ? { error: IMPORT_TEXTS.numberInvalid(text) } : { value };
    }
    case 'tags':
      return {
        value: text
          .split(/[,|]/)
          .map((tag) => tag.trim())
          .filter(Boolean),
      };
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const value = parseYesNo(text);
      return value === undefined ? { error: IMPORT_TEXTS.booleanInvalid(text) } : { value };
    }
    case 'level': {
      const key = normalizeHeader(text);
      if (key in LEVELS) return { value: LEVELS[key] };
      if (/^[0-3]$/.test(key)) return { value: Number(key) };
      return { error: IMPORT_TEXTS.levelInvalid(text) };
    }
    case 'imeis':
      return { value: text.split(/[\s,;|]+/).filter(Boolean) };
    case 'origin':
      // '2' or '2 - Estrangeira…'; anything else is NaN, refused by the product's schema with its text.
      return { value: typeof raw === 'number' ? raw : parseProductOrigin(text) };
  }
}

/**
 * The IBPT table's CSV as IBPT publishes it (issue 55 §2, decision 0077): one state's file, ';'-separated, its
 * first line the header `codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;
 * vigenciainicio;vigenciafim;chave;versao;fonte` (the contract's IBPT_COLUMNS), in UTF-8 or, as IBPT ships it,
 * ISO-8859-1. Pure and bounded: the size is checked by the upload, the lines are counted before any is read, and the
 * first bad line refuses the whole file in Portuguese, naming the line (the header is line 1).
 *
 * - Rates: a percentage 0–100 with '.' or ',' and up to four decimals, kept as ten-thousandths of a percent.
 * - Dates: dd/mm/aaaa (as published) or aaaa-mm-dd; the validity's end not before its start.
 * - The key, version and source are the table's: every line must carry the first data line's, and the validity too.
 * - One code per kind and exception: a second is refused, naming the first's line.
 */
import { IBPT_COLUMNS, IBPT_MAX_ROWS, IBPT_TEXTS as T } from '@backoffice/contract';

export class IbptCsvError extends Error {}

export interface IbptRow {
  code: string;
  ex: string;
  kind: 0 | 1 | 2;
  description: string;
  nationalFederal: number;
  importedFederal: number;
  state: number;
  municipal: number;
}

export interface IbptTableFile {
  version: string;
  key: string;
  source: string;
  /** YYYY-MM-DD. */
  validFrom: string;
  validUntil: string;
  rows: IbptRow[];
}

/** UTF-8 when it is valid UTF-8 (a BOM dropped), else ISO-8859-1, IBPT's own encoding. */
function decode(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = file.toString('latin1');
  }
  if (text.includes('\u0000')) throw new IbptCsvError(T.encoding);
  return text.replace(/^\uFEFF/, '');
}

/** A line's fields: ';'-separated, a field in double quotes may hold ';' and doubled quotes. */
export function splitLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current === '') quoted = true;
    else if (char === ';') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields.map((field) => field.trim());
}

/** '13.45' or '13,45' → 134500 (ten-thousandths of a percent); null when it is not a rate 0–100 of ≤ 4 decimals. */
export function parseRate(value: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(value);
  if (!match) return null;
  const rate = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return rate <= 1_000_000 ? rate : null;
}

/** 'dd/mm/aaaa' or 'aaaa-mm-dd' → 'aaaa-mm-dd', a real day; null otherwise. */
export function parseDay(value: string): string | null {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const text = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === text ? text : null;
}

const KIND_DIGITS: Record<0 | 1 | 2, RegExp> = { 0: /^\d{8}$/, 1: /^\d{9}$/, 2: /^\d{4,5}$/ };
const RATE_COLUMNS = ['nacionalfederal', 'importadosfederal', 'estadual', 'municipal'] as const;
const TEXT_LIMITS = { chave: 20, versao: 20, fonte: 100 } as const;

/** One data line's row and its table fields, or the problem (without the line's number). */
function readLine(fields: string[]): { row: IbptRow; table: Omit<IbptTableFile, 'rows'> } | string {
  if (fields.length !== IBPT_COLUMNS.length) return T.columns(fields.length);
  const get = (column: (typeof IBPT_COLUMNS)[number]) => fields[IBPT_COLUMNS.indexOf(column)] ?? '';
  const kindText = get('tipo');
  if (!/^[012]$/.test(kindText)) return T.kind(kindText);
  const kind = Number(kindText) as 0 | 1 | 2;
  const code = get('codigo');
  if (!KIND_DIGITS[kind].test(code)) return T.code(code);
  const ex = get('ex');
  if (!/^\d{0,3}$/.test(ex)) return T.ex(ex);
  const rates: number[] = [];
  for (const column of RATE_COLUMNS) {
    const rate = parseRate(get(column));
    if (rate === null) return T.rate(column, get(column));
    rates.push(rate);
  }
  const validFrom = parseDay(get('vigenciainicio'));
  if (!validFrom) return T.date('vigenciainicio', get('vigenciainicio'));
  const validUntil = parseDay(get('vigenciafim'));
  if (!validUntil) return T.date('vigenciafim', get('vigenciafim'));
  if (validUntil < validFrom) return T.period;
  for (const [column, max] of Object.entries(TEXT_LIMITS)) {
    const value = get(column as keyof typeof TEXT_LIMITS);
    if (value.length < 1 || value.length > max) return T.text(column, max);
  }
  const [nationalFederal = 0, importedFederal = 0, state = 0, municipal = 0] = rates;
  return {
    row: {
      code,
      ex,
      kind,
      description: get('descricao').slice(0, 500),
      nationalFederal,
      importedFederal,
      state,
      municipal,
    },
    table: { key: get('chave'), version: get('versao'), source: get('fonte'), validFrom, validUntil },
  };
}

/** The file's table (see the module's comment); an IbptCsvError naming the first bad line. */
export function parseIbptCsv(file: Buffer): IbptTableFile {
  const text = decode(file);
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  if (lines.length - 1 > IBPT_MAX_ROWS) throw new IbptCsvError(T.tooManyRows);
  const header = splitLine(lines[0] ?? '').map((name) => name.toLowerCase());
  if (header.join(';') !== IBPT_COLUMNS.join(';')) throw new IbptCsvError(T.header);
  if (lines.length < 2) throw new IbptCsvError(T.empty);
  let table: Omit<IbptTableFile, 'rows'> | null = null;
  const rows: IbptRow[] = [];
  const seen = new Map<string, number>();
  for (let index = 1; index < lines.length; index++) {
    const number = index + 1;
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const read = readLine(splitLine(line));
    if (typeof read === 'string') throw new IbptCsvError(T.line(number, read));
    if (!table) table = read.table;
    for (const [field, column] of [
      ['version', 'versao'],
      ['key', 'chave'],
      ['source', 'fonte'],
      ['validFrom', 'vigenciainicio'],
      ['validUntil', 'vigenciafim'],
    ] as const)
      if (read.table[field] !== table[field])
        throw new IbptCsvError(T.line(number, T.mixed(column, read.table[field], table[field])));
    const id = `${read.row.kind}|${read.row.code}|${read.row.ex}`;
    const first = seen.get(id);
    if (first) throw new IbptCsvError(T.line(number, T.duplicate(read.row.code, read.row.ex, first)));
    seen.set(id, number);
    rows.push(read.row);
  }
  if (!table) throw new IbptCsvError(T.empty);
  return { ...table, rows };
}

import { createHash } from 'node:crypto';
import { BANK_STATEMENT_MAX_LINES, BANK_STATEMENT_TEXTS } from '@backoffice/contract';
import { badRequest } from '../../lib/errors';

/** One line of the statement as stored: its key in the account (FITID, else a hash), its day and cents. */
export interface OfxLine {
  key: string;
  fitId: string | null;
  postedOn: string;
  amountCents: number;
  memo: string;
}

export interface OfxStatement {
  bankId: string | null;
  account: string | null;
  from: string | null;
  to: string | null;
  ledgerBalanceCents: number;
  balanceOn: string;
  lines: OfxLine[];
}

type Tree = Record<string, unknown>;
const asTree = (value: unknown): Tree | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Tree) : undefined;
const first = (value: unknown): Tree | undefined => asTree(Array.isArray(value) ? value[0] : value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** An OFX date (`YYYYMMDD[HHMMSS[.XXX]][[±h:TZ]]`) as the bank's calendar day `YYYY-MM-DD`, else null. */
export function ofxDay(value: unknown): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(text(value) ?? '');
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

/**
 * An OFX amount in cents: `-1234.56`, `+10`, or with a comma (`-1234,56`, written by some Brazilian banks); more
 * than two decimals only when the others are zeros. Null when it is not one.
 */
export function ofxCents(value: unknown): number | null {
  const match = /^([+-]?)(\d{1,13})(?:[.,](\d+))?$/.exec(text(value) ?? '');
  if (!match) return null;
  const [, sign, whole, decimals = ''] = match;
  if (/[^0]/.test(decimals.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

const hash = (parts: (string | number | null)[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/** The statement's response (bank or card), from the `<OFX>` tree. */
function statementOf(ofx: Tree): Tree | undefined {
  const bank = first(asTree(first(asTree(ofx.BANKMSGSRSV1)?.STMTTRNRS))?.STMTRS);
  if (bank) return bank;
  return first(asTree(first(asTree(ofx.CREDITCARDMSGSRSV1)?.CCSTMTTRNRS))?.CCSTMTRS);
}

/**
 * The statement of an OFX tree (ofx-js's): the account, the period, the closing balance (LEDGERBAL: required) and
 * each STMTTRN with its day (DTPOSTED), amount (TRNAMT, never 0) and memo (MEMO, else NAME). Each line's key: its
 * FITID when the file gives it to one line only, else a hash of the line's fields and its rank among equal ones (so the
 * same file gives the same keys again). A line that cannot be read refuses the whole file (400, naming it).
 */
export function toStatement(ofxTree: unknown): OfxStatement {
  const statement = statementOf(asTree(ofxTree) ?? {});
  if (!statement) throw badRequest(BANK_STATEMENT_TEXTS.noStatement);
  const ledger = asTree(statement.LEDGERBAL);
  const ledgerBalanceCents = ofxCents(ledger?.BALAMT);
  const balanceOn = ofxDay(ledger?.DTASOF);
  if (ledgerBalanceCents === null || balanceOn === null) throw badRequest(BANK_STATEMENT_TEXTS.noBalance);
  const account = asTree(statement.BANKACCTFROM) ?? asTree(statement.CCACCTFROM);
  const tranList = asTree(statement.BANKTRANLIST);
  const raw = list(tranList?.STMTTRN);
  if (raw.length > BANK_STATEMENT_MAX_LINES)
    throw badRequest(BANK_STATEMENT_TEXTS.tooManyLines(BANK_STATEMENT_MAX_LINES));
  const read = raw.map((item, index) => {
    const line = asTree(item);
    const postedOn = ofxDay(line?.DTPOSTED);
    const amountCents = ofxCents(line?.TRNAMT);
    if (!line || postedOn === null) throw badRequest(BANK_STATEMENT_TEXTS.lineInvalid(index + 1, 'data (DTPOSTED)'));
    if (amountCents === null || amountCents === 0) {
      throw badRequest(BANK_STATEMENT_TEXTS.lineInvalid(index + 1, 'valor (TRNAMT)'));
    }
    const memo = (text(line.MEMO) ?? text(line.NAME) ?? text(line.TRNTYPE) ?? '').slice(0, 300);
    const fields = [postedOn, amountCents, memo, text(line.NAME), text(line.CHECKNUM), text(line.REFNUM)];
    return { fitId: text(line.FITID)?.slice(0, 255) ?? null, postedOn, amountCents, memo, fields };
  });
  const fitCount = new Map<string, number>();
  for (const line of read) if (line.fitId) fitCount.set(line.fitId, (fitCount.get(line.fitId) ?? 0) + 1);
  const rank = new Map<string, number>();
  const lines = read.map(({ fields, ...line }) => {
    if (line.fitId && fitCount.get(line.fitId) === 1) return { key: `F:${line.fitId}`, ...line };
    const base = hash([line.fitId, ...fields]);
    const nth = (rank.get(base) ?? 0) + 1;
    rank.set(base, nth);
    return { key: `H:${hash([base, nth])}`, ...line };
  });
  return {
    bankId: text(account?.BANKID)?.slice(0, 20) ?? null,
    account: text(account?.ACCTID)?.slice(0, 40) ?? null,
    from: ofxDay(tranList?.DTSTART),
    to: ofxDay(tranList?.DTEND),
    ledgerBalanceCents,
    balanceOn,
    lines,
  };
}

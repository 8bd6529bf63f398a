import {
  BANK_STATEMENT_TEXTS,
  type BankMatch,
  type BankReconciliation,
  type BankStatementLine,
  businessTimeZone,
  centsToReais,
  shiftDay,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { type BookEntry, bankStatementsRepository as repo, type StatementLineRow } from './bank-statements.repository';
import { proposeWithIds } from './id-matches';
import { shopAccountOf } from './shop-account';

/** A book entry as the screen shows it. */
export const toMatch = (entry: BookEntry): BankMatch => ({
  kind: entry.kind,
  ref: entry.ref,
  amount: centsToReais(entry.amount_cents),
  day: entry.day,
  label: BANK_STATEMENT_TEXTS.matchLabel[entry.kind](entry.detail),
});

const entryKey = (kind: string, ref: string) => `${kind}|${ref}`;

/**
 * The exact matches of the open lines: a line and an entry of the same signed amount on the same day (a card's
 * payment on the day the acquirer pays it: its sale's day + the days set at the counter), each entry proposed for
 * one line only and never one already reconciled. Lines in their order (day, then as the bank listed them), the
 * entries of a day in the order receipts, bills, cards, then by id: the same statement proposes the same matches.
 */
export function proposeMatches(
  lines: readonly { id: number; posted_on: string; amount_cents: number }[],
  entries: readonly BookEntry[],
  taken: ReadonlySet<string>,
): Map<number, BookEntry> {
  const free = new Map<string, BookEntry[]>();
  for (const entry of entries) {
    if (taken.has(entryKey(entry.kind, entry.ref))) continue;
    const key = `${entry.day}|${entry.amount_cents}`;
    free.set(key, [...(free.get(key) ?? []), entry]);
  }
  const proposals = new Map<number, BookEntry>();
  for (const line of lines) {
    const entry = free.get(`${line.posted_on}|${line.amount_cents}`)?.shift();
    if (entry) proposals.set(line.id, entry);
  }
  return proposals;
}

/** The book entries of [first, last] for an account, with those already reconciled. */
export async function candidates(db: Executor, accountId: number, first: string, last: string) {
  const entries = await repo.bookEntries(db, accountId, first, last, businessTimeZone());
  const taken = await repo.takenEntries(
    db,
    [...new Set(entries.map((entry) => entry.kind))],
    entries.map((entry) => entry.ref),
  );
  return { entries, taken };
}

/** The month's first and last days, `YYYY-MM-DD`. */
export function monthDays(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: lastDayOf(month) };
}

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return shiftDay(next, -1);
}

function toLine(row: StatementLineRow, match: BankMatch | null): BankStatementLine {
  return {
    id: row.id,
    postedOn: row.posted_on,
    amount: centsToReais(Number(row.amount_cents)),
    memo: row.memo,
    fitId: row.fit_id,
    status: row.status as BankStatementLine['status'],
    match,
    ignoreReason: row.ignore_reason,
  };
}

/**
 * GET /bank-statements/reconciliation ('Conciliação bancária' of an account and month): the month's lines, each open
 * one with its proposed exact match, each confirmed one with its entry; the bank's closing balance (LEDGERBAL of the
 * last statement dated in the month), the books' (that balance less the month's lines up to its day, plus those
 * reconciled: confirmed or ignored) and their difference — the open lines up to the balance's day — until it is 0.
 */
export async function reconciliation(db: Executor, accountId: number, month: string): Promise<BankReconciliation> {
  await shopAccountOf(db, accountId);
  const { first, last } = monthDays(month);
  const rows = (await repo.linesOfMonth(db, accountId, first, last)).map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
  }));
  const { entries, taken } = await candidates(db, accountId, first, last);
  const open = rows.filter((row) => row.status === 'OPEN');
  const proposals = proposeWithIds(open, entries, taken, proposeMatches);
  const byKey = new Map(entries.map((entry) => [entryKey(entry.kind, entry.ref), entry]));
  const lines = rows.map((row) => {
    if (row.status === 'OPEN') {
      const proposal = proposals.get(row.id);
      return toLine(row, proposal ? toMatch(proposal) : null);
    }
    const entry = row.match_kind && row.match_ref ? byKey.get(entryKey(row.match_kind, row.match_ref)) : undefined;
    return toLine(row, entry ? toMatch(entry) : null);
  });
  const statement = await repo.lastStatementIn(db, accountId, first, last);
  if (!statement) {
    return { accountId, month, lines, closingBalance: null, balanceOn: null, booksBalance: null, difference: null };
  }
  const closing = Number(statement.ledger_balance_cents);
  const upTo = rows.filter((row) => row.posted_on <= statement.balance_on);
  const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amount_cents, 0);
  const books = closing - sum(upTo) + sum(upTo.filter((row) => row.status !== 'OPEN'));
  return {
    accountId,
    month,
    lines,
    closingBalance: centsToReais(closing),
    balanceOn: statement.balance_on,
    booksBalance: centsToReais(books),
    difference: centsToReais(closing - books),
  };
}

import {
  BANK_MATCH_WINDOW_DAYS,
  BANK_STATEMENT_TEXTS,
  type BankMatch,
  type BankReconciliation,
  type BankStatementLine,
  businessTimeZone,
  centsToReais,
  nextMonthOf,
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

/** Of two entries of a day: receipts, then bills, then cards (a kind added later after them), then by id. */
const KIND_ORDER: Readonly<Record<string, number>> = { RECEIVABLE_PAYMENT: 0, PAYABLE_PAYMENT: 1, CARD_SETTLEMENT: 2 };

function entryOrder(a: BookEntry, b: BookEntry): number {
  const kinds = (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9);
  if (kinds !== 0) return kinds;
  // A ref is an id, or `payment:instalment` of a card part: compared number by number.
  const left = a.ref.split(':').map(Number);
  const right = b.ref.split(':').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const step = (left[i] ?? -1) - (right[i] ?? -1);
    if (step !== 0) return step;
  }
  return 0;
}

/** Calendar days from `earlier` to `later` (`YYYY-MM-DD`): negative when `earlier` is after. */
export function daysApart(later: string, earlier: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}

/** Whether an entry of `entryDay` may be a line of `lineDay`'s: that day or up to the window before (0098). */
export const withinWindow = (lineDay: string, entryDay: string) => {
  const apart = daysApart(lineDay, entryDay);
  return apart >= 0 && apart <= BANK_MATCH_WINDOW_DAYS;
};

/**
 * The matches proposed for the open lines (decision 0098): an entry of the same signed amount whose day is the
 * line's or up to `BANK_MATCH_WINDOW_DAYS` before it (a boleto credited a day or two after it was paid, a bill of a
 * Friday debited on the Monday; a card's payment on the day the acquirer pays it). Nearest first: of every pair a
 * line and an entry could make, the same day before a day apart, then the lines in their order (day, then as the
 * bank listed them), then the entries in theirs (receipts, bills, cards, then by id); each line and each entry in
 * one pair only, never an entry already reconciled. The same statement proposes the same matches.
 */
export function proposeMatches(
  lines: readonly { id: number; posted_on: string; amount_cents: number }[],
  entries: readonly BookEntry[],
  taken: ReadonlySet<string>,
): Map<number, BookEntry> {
  const byAmount = new Map<number, BookEntry[]>();
  for (const entry of entries) {
    if (taken.has(entryKey(entry.kind, entry.ref))) continue;
    byAmount.set(entry.amount_cents, [...(byAmount.get(entry.amount_cents) ?? []), entry]);
  }
  const pairs: { lineId: number; rank: number; apart: number; entry: BookEntry }[] = [];
  lines.forEach((line, rank) => {
    for (const entry of byAmount.get(line.amount_cents) ?? []) {
      if (withinWindow(line.posted_on, entry.day)) {
        pairs.push({ lineId: line.id, rank, apart: daysApart(line.posted_on, entry.day), entry });
      }
    }
  });
  pairs.sort((a, b) => a.apart - b.apart || a.rank - b.rank || entryOrder(a.entry, b.entry));
  const proposals = new Map<number, BookEntry>();
  const used = new Set<string>();
  for (const { lineId, entry } of pairs) {
    const key = entryKey(entry.kind, entry.ref);
    if (proposals.has(lineId) || used.has(key)) continue;
    proposals.set(lineId, entry);
    used.add(key);
  }
  return proposals;
}

/**
 * The book entries a line of [first, last] may be — those of [first − the window, last] — for an account, with
 * those already reconciled.
 */
export async function candidates(db: Executor, accountId: number, first: string, last: string) {
  const from = shiftDay(first, -BANK_MATCH_WINDOW_DAYS);
  const entries = await repo.bookEntries(db, accountId, from, last, businessTimeZone());
  const taken = await repo.takenEntries(
    db,
    [...new Set(entries.map((entry) => entry.kind))],
    entries.map((entry) => entry.ref),
  );
  return { entries, taken };
}

/**
 * A confirmed line whose entry is no longer a live book entry (a receipt or a bill's payment undone, a card part
 * refunded) counts as open again (decision 0098): the lines as the reconciliation sees them, `reopened` marking
 * those. `entries`: the live entries of the lines' days and the window before them.
 */
export function asSeen<Row extends StatementLineLike>(rows: readonly Row[], entries: readonly BookEntry[]) {
  const live = new Set(entries.map((entry) => entryKey(entry.kind, entry.ref)));
  return rows.map((row) => {
    const reopened =
      row.status === 'CONFIRMED' &&
      !(row.match_kind && row.match_ref && live.has(entryKey(row.match_kind, row.match_ref)));
    return { ...row, status: reopened ? 'OPEN' : row.status, reopened };
  });
}

interface StatementLineLike {
  status: string;
  match_kind: string | null;
  match_ref: string | null;
}

/** The month's first and last days, `YYYY-MM-DD`. */
export function monthDays(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: shiftDay(nextMonthOf(`${month}-01`), -1) };
}

function toLine(row: StatementLineRow & { reopened: boolean }, match: BankMatch | null): BankStatementLine {
  return {
    id: row.id,
    postedOn: row.posted_on,
    amount: centsToReais(Number(row.amount_cents)),
    memo: row.memo,
    fitId: row.fit_id,
    status: row.status as BankStatementLine['status'],
    match,
    ignoreReason: row.ignore_reason,
    reopened: row.reopened,
  };
}

/**
 * GET /bank-statements/reconciliation ('Conciliação bancária' of an account and month): the month's lines, each open
 * one with its proposed match (the window of 0098), each confirmed one with its entry — one whose entry was undone
 * shown open again (`asSeen`), nothing written; the bank's closing balance (LEDGERBAL of the
 * last statement dated in the month), the books' (that balance less the month's lines up to its day, plus those
 * reconciled: confirmed or ignored) and their difference — the open lines up to the balance's day — until it is 0.
 */
export async function reconciliation(db: Executor, accountId: number, month: string): Promise<BankReconciliation> {
  await shopAccountOf(db, accountId);
  const { first, last } = monthDays(month);
  const { entries, taken } = await candidates(db, accountId, first, last);
  const rows = asSeen(
    (await repo.linesOfMonth(db, accountId, first, last)).map((row) => ({
      ...row,
      amount_cents: Number(row.amount_cents),
    })),
    entries,
  );
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

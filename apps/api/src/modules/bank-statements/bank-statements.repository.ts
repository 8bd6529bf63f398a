import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { cardSettlementsWithin } from '../../lib/card-settlements-sql';
import { cashDepositEntries } from './cash-deposit-entries';

export interface StatementValues {
  account_id: number;
  sha256: string;
  file_name: string;
  ofx_bank_id: string | null;
  ofx_account: string | null;
  period_from: string | null;
  period_to: string | null;
  ledger_balance_cents: number;
  balance_on: string;
  lines: number;
  new_lines: number;
  imported_by: number;
}

export interface LineValues {
  account_id: number;
  statement_id: number;
  line_key: string;
  fit_id: string | null;
  posted_on: string;
  amount_cents: number;
  memo: string;
}

/** A book entry a line may be matched with (read-only: the credit, payables and payments modules own them). */
export interface BookEntry {
  kind: 'RECEIVABLE_PAYMENT' | 'PAYABLE_PAYMENT' | 'CARD_SETTLEMENT' | 'CASH_DEPOSIT';
  ref: string;
  day: string;
  /** Signed as the statement signs it: money in positive, money out negative. */
  amount_cents: number;
  detail: string;
  /** A Pix receipt's endToEndId (the PSP's statement lines carry it as their FITID: decision 0099). */
  end_to_end_id?: string | null;
}

/** A calendar day `YYYY-MM-DD` as a SQL date. */
const date = (day: string) => sql<Date>`${day}::date`;
const DAY = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const LINE_COLUMNS = [
  'id',
  'account_id',
  'statement_id',
  'fit_id',
  'amount_cents',
  'memo',
  'status',
  'match_kind',
  'match_ref',
  'ignore_reason',
] as const;

/** SQL of the bank statements (this module's two tables) and the read-only look at the book entries they match. */
export const bankStatementsRepository = {
  /** The new statement's id, or undefined when this account already has this file (by its SHA-256). */
  async insertStatement(db: Executor, values: StatementValues): Promise<number | undefined> {
    const row = await db
      .insertInto('bank_statements')
      .values(values)
      .onConflict((oc) => oc.columns(['account_id', 'sha256']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  statementBySha(db: Executor, accountId: number, sha256: string) {
    return db
      .selectFrom('bank_statements')
      .select(['id', 'lines', 'new_lines', 'ledger_balance_cents', DAY('balance_on').as('balance_on')])
      .select([DAY('period_from').as('period_from'), DAY('period_to').as('period_to')])
      .where('account_id', '=', accountId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  },

  /** Inserts the lines this account does not have yet (by key); answers how many were new. */
  async insertLines(db: Executor, lines: LineValues[]): Promise<number> {
    let added = 0;
    for (let start = 0; start < lines.length; start += 500) {
      const rows = await db
        .insertInto('bank_statement_lines')
        .values(lines.slice(start, start + 500))
        .onConflict((oc) => oc.columns(['account_id', 'line_key']).doNothing())
        .returning('id')
        .execute();
      added += rows.length;
    }
    return added;
  },

  async setNewLines(db: Executor, id: number, newLines: number): Promise<void> {
    await db.updateTable('bank_statements').set({ new_lines: newLines }).where('id', '=', id).execute();
  },

  /** A PSP import's new lines and its balance (the net of the account's lines of the month: decision 0099). */
  async setPspBalance(db: Executor, id: number, newLines: number, balanceCents: number): Promise<void> {
    await db
      .updateTable('bank_statements')
      .set({ new_lines: newLines, ledger_balance_cents: balanceCents })
      .where('id', '=', id)
      .execute();
  },

  /** The account's last statement whose balance is dated in [first, last]. */
  lastStatementIn(db: Executor, accountId: number, first: string, last: string) {
    return db
      .selectFrom('bank_statements')
      .select(['id', 'ledger_balance_cents', DAY('balance_on').as('balance_on')])
      .where('account_id', '=', accountId)
      .where('balance_on', '>=', date(first))
      .where('balance_on', '<=', date(last))
      .orderBy('balance_on', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** The account's lines of [first, last] in the bank's order; `lock`: each locked for the caller's transaction. */
  linesOfMonth(db: Executor, accountId: number, first: string, last: string, lock = false) {
    const query = db
      .selectFrom('bank_statement_lines')
      .select(LINE_COLUMNS)
      .select(DAY('posted_on').as('posted_on'))
      .where('account_id', '=', accountId)
      .where('posted_on', '>=', date(first))
      .where('posted_on', '<=', date(last))
      .orderBy('posted_on')
      .orderBy('id');
    return (lock ? query.forUpdate() : query).execute();
  },

  lineForUpdate(db: Executor, id: number) {
    return db
      .selectFrom('bank_statement_lines')
      .select(LINE_COLUMNS)
      .select(DAY('posted_on').as('posted_on'))
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Marks an open line confirmed or ignored; false when it was no longer open. */
  async resolve(
    db: Executor,
    id: number,
    values: { status: 'CONFIRMED' | 'IGNORED'; match_kind?: string; match_ref?: string; ignore_reason?: string },
    actorId: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('bank_statement_lines')
      .set({ ...values, resolved_by: actorId, resolved_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * A confirmed line whose entry was undone, open again (decision 0098): its match cleared, in the caller's
   * transaction, before the write that resolves it anew; false when it was no longer confirmed.
   */
  async reopen(db: Executor, id: number): Promise<boolean> {
    const result = await db
      .updateTable('bank_statement_lines')
      .set({ status: 'OPEN', match_kind: null, match_ref: null, resolved_by: null, resolved_at: null })
      .where('id', '=', id)
      .where('status', '=', 'CONFIRMED')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * The book entries already reconciled with a line (of any account), as `kind|ref`. Only live entries are asked
   * about (`bookEntries` leaves the undone out), so a confirmation whose entry was undone never counts (0098).
   */
  async takenEntries(db: Executor, kinds: string[], refs: string[]): Promise<Set<string>> {
    if (refs.length === 0) return new Set();
    const rows = await db
      .selectFrom('bank_statement_lines')
      .select(['match_kind', 'match_ref'])
      .where('status', '=', 'CONFIRMED')
      .where('match_kind', 'in', kinds)
      .where('match_ref', 'in', refs)
      .execute();
    return new Set(rows.map((row) => `${row.match_kind}|${row.match_ref}`));
  },

  /**
   * The book entries of [first, last] an account's line could be: the instalments' receipts not undone (Pix, boleto,
   * by hand), the bills' payments not undone (from this account or none named), the acquirers' card payments
   * expected on their day (net of the fee), and the drawer's cash deposited in this account (decision 0099), read-only.
   */
  async bookEntries(db: Executor, accountId: number, first: string, last: string, zone: string): Promise<BookEntry[]> {
    const received = await db
      .selectFrom('receivable_payments as p')
      .innerJoin('receivables as r', 'r.id', 'p.receivable_id')
      .select([
        sql<string>`p.id::text`.as('ref'),
        DAY('p.paid_on').as('day'),
        sql<string>`p.amount_cents::text`.as('amount_cents'),
        sql<string>`r.order_id || ' · ' || r.seq || '/' || r.count || ' · ' || p.method`.as('detail'),
        'p.end_to_end_id',
      ])
      .where('p.undone_at', 'is', null)
      .where('p.paid_on', '>=', date(first))
      .where('p.paid_on', '<=', date(last))
      .execute();
    const paid = await db
      .selectFrom('payable_payments as p')
      .innerJoin('payables as b', 'b.id', 'p.payable_id')
      .select([
        sql<string>`p.id::text`.as('ref'),
        DAY('p.paid_on').as('day'),
        sql<string>`(p.amount_cents + p.fine_cents + p.interest_cents - p.discount_cents)::text`.as('amount_cents'),
        'b.description as detail',
      ])
      .where('p.undone_at', 'is', null)
      .where((eb) => eb.or([eb('p.account_id', '=', accountId), eb('p.account_id', 'is', null)]))
      .where('p.paid_on', '>=', date(first))
      .where('p.paid_on', '<=', date(last))
      .execute();
    const cards = await sql<{ ref: string; day: string; amount_cents: string; detail: string }>`
      select c.payment_id || ':' || c.instalment as ref, c.day, c.net_cents::text as amount_cents,
        c.order_id || ' · ' || c.instalment || '/' || c.instalments as detail
      from ${cardSettlementsWithin(first, last, zone)} c`.execute(db);
    return [
      ...received.map((row) => ({
        kind: 'RECEIVABLE_PAYMENT' as const,
        ...row,
        amount_cents: Number(row.amount_cents),
      })),
      ...paid.map((row) => ({ kind: 'PAYABLE_PAYMENT' as const, ...row, amount_cents: -Number(row.amount_cents) })),
      ...cards.rows.map((row) => ({
        kind: 'CARD_SETTLEMENT' as const,
        ...row,
        amount_cents: Number(row.amount_cents),
      })),
      ...(await cashDepositEntries(db, accountId, first, last, zone)),
    ];
  },
};

export type StatementLineRow = Awaited<ReturnType<typeof bankStatementsRepository.linesOfMonth>>[number];

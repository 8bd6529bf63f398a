import {
  BANK_STATEMENT_TEXTS,
  type BankLineConfirm,
  type BankLinePayable,
  type BankMatch,
  centsToReais,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { createPayables, payPayableNow } from '../payables/payables.service';
import { bankStatementsRepository as repo } from './bank-statements.repository';
import { candidates, toMatch, withinWindow } from './reconciliation';
import { matchUndone, reopenLine } from './reopen-line';
import { shopAccountOf } from './shop-account';

type Line = NonNullable<Awaited<ReturnType<typeof repo.lineForUpdate>>>;

/**
 * The line, locked, while it is open — or confirmed with an entry since undone, then reopened here first (decision
 * 0098): 404 unknown, 409 already confirmed or ignored.
 */
export async function openLine(trx: Transaction<Database>, actorId: number, lineId: number): Promise<Line> {
  const line = await repo.lineForUpdate(trx, lineId);
  if (!line) throw notFound(BANK_STATEMENT_TEXTS.lineNotFound);
  if (line.status === 'OPEN') return line;
  if (!(await matchUndone(trx, line))) throw conflict(BANK_STATEMENT_TEXTS.lineNotOpen);
  await reopenLine(trx, actorId, line);
  return { ...line, status: 'OPEN', match_kind: null, match_ref: null };
}

const audit = (trx: Transaction<Database>, actorId: number, line: Line, action: string, changes: object) =>
  recordAudit(trx, {
    employeeId: actorId,
    entity: 'bank_statement_line',
    entityId: line.id,
    action,
    changes: {
      accountId: line.account_id,
      postedOn: line.posted_on,
      amount: centsToReais(Number(line.amount_cents)),
      memo: line.memo,
      ...changes,
    },
  });

/** Marks the line confirmed with the entry; the entry reconciled meanwhile with another line: 409. */
export async function confirmWith(trx: Transaction<Database>, actorId: number, line: Line, match: BankMatch) {
  try {
    await repo.resolve(trx, line.id, { status: 'CONFIRMED', match_kind: match.kind, match_ref: match.ref }, actorId);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BANK_STATEMENT_TEXTS.matchNotValid);
    throw error;
  }
  await audit(trx, actorId, line, 'confirmed', { kind: match.kind, ref: match.ref, label: match.label });
}

/**
 * 'Confirmar' (POST /bank-statements/lines/:id/confirm): the open line reconciled with the entry proposed — checked
 * again now: an entry of the same amount on the line's day or up to the window before it (0098), not undone, not reconciled with another line (else 409,
 * nothing changes). Audited.
 */
export async function confirmLine(db: DB, actorId: number, lineId: number, body: BankLineConfirm): Promise<BankMatch> {
  return db.transaction().execute(async (trx) => {
    const line = await openLine(trx, actorId, lineId);
    const { entries, taken } = await candidates(trx, line.account_id, line.posted_on, line.posted_on);
    const entry = entries.find(
      (candidate) =>
        candidate.kind === body.kind &&
        candidate.ref === body.ref &&
        candidate.amount_cents === Number(line.amount_cents) &&
        withinWindow(line.posted_on, candidate.day) &&
        !taken.has(`${candidate.kind}|${candidate.ref}`),
    );
    if (!entry) throw conflict(BANK_STATEMENT_TEXTS.matchNotValid);
    const match = toMatch(entry);
    await confirmWith(trx, actorId, line, match);
    return match;
  });
}

/** 'Ignorar' (POST /bank-statements/lines/:id/ignore): the open line set aside with its reason, audited. */
export async function ignoreLine(db: DB, actorId: number, lineId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const line = await openLine(trx, actorId, lineId);
    await repo.resolve(trx, line.id, { status: 'IGNORED', ignore_reason: reason }, actorId);
    await audit(trx, actorId, line, 'ignored', { reason });
  });
}

/**
 * 'Criar conta a pagar' (POST /bank-statements/lines/:id/payable): a money-out line that matches no bill becomes a
 * bill of its amount (category and description given), due and paid on the line's day from the line's account by
 * transfer, by the payables module; the line is confirmed with that payment. A money-in line: 400. Audited (the bill
 * by the payables module, the line here).
 */
export async function payableFromLine(
  db: DB,
  actorId: number,
  lineId: number,
  body: BankLinePayable,
): Promise<BankMatch> {
  return db.transaction().execute(async (trx) => {
    const line = await openLine(trx, actorId, lineId);
    const cents = -Number(line.amount_cents);
    if (cents <= 0) throw badRequest(BANK_STATEMENT_TEXTS.payableOnlyDebit);
    const account = await shopAccountOf(trx, line.account_id);
    const [payableId] = await createPayables(
      trx,
      {
        supplierId: null,
        purchaseId: null,
        category: body.category,
        description: body.description,
        instalments: [{ documentNumber: line.fit_id, dueDate: line.posted_on, amountCents: cents }],
      },
      actorId,
    );
    const paymentId = await payPayableNow(trx, payableId as number, actorId, cents, 'TRANSFERENCIA', {
      paidOn: line.posted_on,
      account,
    });
    const match: BankMatch = {
      kind: 'PAYABLE_PAYMENT',
      ref: String(paymentId),
      amount: centsToReais(-cents),
      day: line.posted_on,
      label: BANK_STATEMENT_TEXTS.matchLabel.PAYABLE_PAYMENT(body.description),
    };
    await confirmWith(trx, actorId, line, match);
    return match;
  });
}

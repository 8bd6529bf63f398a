import { createHash } from 'node:crypto';
import {
  BANK_STATEMENT_TEXTS,
  type BankStatementImport,
  businessDay,
  centsToReais,
  dayStart,
  shiftDay,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { listReceivedPix } from '../credit/receivables.service';
import { bankStatementsRepository as repo } from './bank-statements.repository';
import { pspLines } from './psp-statement';
import { monthDays } from './reconciliation';
import { shopAccountOf } from './shop-account';

/** How far back the PSP is asked: a Pix may be given back up to 90 days after it settled (the document's window). */
const REFUND_WINDOW_DAYS = 90;

export interface PspAccess {
  serverSecret: string;
  ca: string[];
}

/**
 * POST /bank-statements/psp ('Importar Pix do PSP', decision 0099): the Pix the shop's PSP received in the month
 * (`GET /pix` through the credit module's connection: OAuth2, mTLS), asked from 90 days before the month so a
 * devolução settled in it of an earlier Pix comes too, made statement lines of the month (`psp-statement.ts`) of
 * the account the PSP's money lands in. In one transaction, as an OFX: the answer kept by the SHA-256 of its lines
 * (the same answer again: `applied: false`, nothing changes), each line inserted unless the account has its key
 * (`pix:{endToEndId}`), audited. The Pix API has no balance: the statement's is the net of the account's lines of
 * the month up to the day imported (so the reconciliation's difference is what is still open). A month not begun: 400.
 */
export async function importPspPix(
  db: DB,
  access: PspAccess,
  actorId: number,
  accountId: number,
  month: string,
): Promise<BankStatementImport> {
  await shopAccountOf(db, accountId);
  const { first, last } = monthDays(month);
  const today = businessDay(new Date());
  if (first > today) throw badRequest(BANK_STATEMENT_TEXTS.pspMonthFuture);
  const upTo = [last, today].sort()[0] as string;
  const inicio = dayStart(shiftDay(first, -REFUND_WINDOW_DAYS)).toISOString();
  const fim = new Date(dayStart(shiftDay(upTo, 1)).getTime() - 1000).toISOString();
  const lines = pspLines(await listReceivedPix(db, access.serverSecret, access.ca, inicio, fim), first, upTo);
  const canonical = lines
    .map((line) => `${line.key}|${line.postedOn}|${line.amountCents}`)
    .sort()
    .join('\n');
  const sha256 = createHash('sha256').update(`psp:${month}\n${canonical}`).digest('hex');
  return db.transaction().execute(async (trx) => {
    const answer = (id: number, applied: boolean, newLines: number, balanceCents: number): BankStatementImport => ({
      statementId: id,
      accountId,
      applied,
      lines: lines.length,
      newLines,
      from: first,
      to: upTo,
      closingBalance: centsToReais(balanceCents),
      balanceOn: upTo,
    });
    const earlier = await repo.statementBySha(trx, accountId, sha256);
    if (earlier) return answer(earlier.id, false, 0, Number(earlier.ledger_balance_cents));
    const statementId = await repo.insertStatement(trx, {
      account_id: accountId,
      sha256,
      file_name: BANK_STATEMENT_TEXTS.pspFileName(month),
      ofx_bank_id: null,
      ofx_account: null,
      period_from: first,
      period_to: upTo,
      ledger_balance_cents: 0,
      balance_on: upTo,
      lines: lines.length,
      new_lines: 0,
      imported_by: actorId,
    });
    if (statementId === undefined) return answer(0, false, 0, 0);
    const newLines = await repo.insertLines(
      trx,
      lines.map((line) => ({
        account_id: accountId,
        statement_id: statementId,
        line_key: line.key,
        fit_id: line.fitId,
        posted_on: line.postedOn,
        amount_cents: line.amountCents,
        memo: line.memo,
      })),
    );
    const balanceCents = (await repo.linesOfMonth(trx, accountId, first, upTo)).reduce(
      (total, row) => total + Number(row.amount_cents),
      0,
    );
    await repo.setPspBalance(trx, statementId, newLines, balanceCents);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'bank_statement',
      entityId: statementId,
      action: 'imported',
      changes: { accountId, source: 'PSP', month, lines: lines.length, newLines, balance: centsToReais(balanceCents) },
    });
    return answer(statementId, true, newLines, balanceCents);
  });
}

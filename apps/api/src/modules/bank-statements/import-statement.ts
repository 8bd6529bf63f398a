import { createHash } from 'node:crypto';
import { type BankStatementImport, centsToReais } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { bankStatementsRepository as repo } from './bank-statements.repository';
import { toStatement } from './ofx-statement';
import { readOfxInWorker } from './ofx-worker';
import { shopAccountOf } from './shop-account';

/**
 * POST /bank-statements ('Importar extrato'): an OFX of one of the shop's active accounts (its size checked by the
 * route before it is read). Read off the request thread with a time limit (`ofx-worker.ts`), then turned into the
 * statement (`ofx-statement.ts`): a file that is not a readable OFX with a closing balance is 400 in Portuguese and
 * nothing is written. In one transaction: the file kept by its SHA-256 for the account (the same file again:
 * `applied: false` and its first figures, nothing changes), each line inserted unless the account has its key
 * already (FITID, else a hash: an overlapping statement of the next days adds only its new lines), audited.
 */
export async function importStatement(
  db: DB,
  actorId: number,
  accountId: number,
  file: { name: string; content: Buffer },
): Promise<BankStatementImport> {
  await shopAccountOf(db, accountId);
  const { ofx } = await readOfxInWorker(new Uint8Array(file.content));
  const statement = toStatement(ofx);
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const answer = (id: number, applied: boolean, newLines: number): BankStatementImport => ({
    statementId: id,
    accountId,
    applied,
    lines: statement.lines.length,
    newLines,
    from: statement.from,
    to: statement.to,
    closingBalance: centsToReais(statement.ledgerBalanceCents),
    balanceOn: statement.balanceOn,
  });
  return db.transaction().execute(async (trx) => {
    const statementId = await repo.insertStatement(trx, {
      account_id: accountId,
      sha256,
      file_name: file.name.slice(0, 200),
      ofx_bank_id: statement.bankId,
      ofx_account: statement.account,
      period_from: statement.from,
      period_to: statement.to,
      ledger_balance_cents: statement.ledgerBalanceCents,
      balance_on: statement.balanceOn,
      lines: statement.lines.length,
      new_lines: 0,
      imported_by: actorId,
    });
    if (statementId === undefined) {
      const earlier = await repo.statementBySha(trx, accountId, sha256);
      return answer(earlier?.id ?? 0, false, 0);
    }
    const newLines = await repo.insertLines(
      trx,
      statement.lines.map((line) => ({
        account_id: accountId,
        statement_id: statementId,
        line_key: line.key,
        fit_id: line.fitId,
        posted_on: line.postedOn,
        amount_cents: line.amountCents,
        memo: line.memo,
      })),
    );
    await repo.setNewLines(trx, statementId, newLines);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'bank_statement',
      entityId: statementId,
      action: 'imported',
      changes: {
        accountId,
        file: file.name,
        lines: statement.lines.length,
        newLines,
        closingBalance: centsToReais(statement.ledgerBalanceCents),
        balanceOn: statement.balanceOn,
      },
    });
    return answer(statementId, true, newLines);
  });
}

import { centsToReais } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { bankStatementsRepository as repo } from './bank-statements.repository';
import { asSeen, candidates } from './reconciliation';

interface LineToReopen {
  id: number;
  account_id: number;
  posted_on: string;
  amount_cents: number | string;
  memo: string;
  status: string;
  match_kind: string | null;
  match_ref: string | null;
}

/**
 * Whether a confirmed line's entry was undone since (decision 0098): no longer a live book entry of its account on
 * its day or the window before it. An open or ignored line: false.
 */
export async function matchUndone(db: Executor, line: LineToReopen): Promise<boolean> {
  if (line.status !== 'CONFIRMED') return false;
  const { entries } = await candidates(db, line.account_id, line.posted_on, line.posted_on);
  return asSeen([line], entries)[0]?.reopened ?? false;
}

/**
 * The write back of a line the reconciliation shows open again (decision 0098): in the transaction of the next
 * write on it (confirm, ignore, a bill or a receipt made from it, 'Confirmar todas'), before that write, its status
 * set back to OPEN and its match cleared, audited (`reopened`, with the entry it had). A GET never writes.
 */
export async function reopenLine(trx: Executor, actorId: number, line: LineToReopen): Promise<void> {
  if (!(await repo.reopen(trx, line.id))) return;
  await recordAudit(trx, {
    employeeId: actorId,
    entity: 'bank_statement_line',
    entityId: line.id,
    action: 'reopened',
    changes: {
      accountId: line.account_id,
      postedOn: line.posted_on,
      amount: centsToReais(Number(line.amount_cents)),
      memo: line.memo,
      undoneKind: line.match_kind,
      undoneRef: line.match_ref,
    },
  });
}

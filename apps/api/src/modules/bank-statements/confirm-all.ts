import { BANK_STATEMENT_TEXTS } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { bankStatementsRepository as repo } from './bank-statements.repository';
import { proposeWithIds } from './id-matches';
import { asSeen, candidates, monthDays, proposeMatches, toMatch } from './reconciliation';
import { reopenLine } from './reopen-line';
import { shopAccountOf } from './shop-account';

/**
 * 'Confirmar todas as propostas' (POST /bank-statements/reconciliation/confirm): every open line of the account's
 * month that has an exact proposal now, confirmed with it in one transaction (the month's lines locked, the
 * proposals made again inside it: the same ones the screen showed unless something changed meanwhile), each
 * audited as one 'Confirmar'. Answers how many were confirmed.
 */
export async function confirmAllProposals(
  db: DB,
  actorId: number,
  accountId: number,
  month: string,
): Promise<{ confirmed: number }> {
  await shopAccountOf(db, accountId);
  const { first, last } = monthDays(month);
  return db.transaction().execute(async (trx) => {
    const rows = (await repo.linesOfMonth(trx, accountId, first, last, true)).map((line) => ({
      ...line,
      amount_cents: Number(line.amount_cents),
    }));
    const { entries, taken } = await candidates(trx, accountId, first, last);
    // A line confirmed with an entry since undone is open again (0098): reopened before it is confirmed anew.
    const lines = asSeen(rows, entries).filter((line) => line.status === 'OPEN');
    const proposals = proposeWithIds(lines, entries, taken, proposeMatches);
    try {
      for (const line of lines) {
        const entry = proposals.get(line.id);
        if (!entry) continue;
        const stored = rows.find((row) => row.id === line.id);
        if (line.reopened && stored) await reopenLine(trx, actorId, stored);
        const match = toMatch(entry);
        await repo.resolve(
          trx,
          line.id,
          { status: 'CONFIRMED', match_kind: match.kind, match_ref: match.ref },
          actorId,
        );
        await recordAudit(trx, {
          employeeId: actorId,
          entity: 'bank_statement_line',
          entityId: line.id,
          action: 'confirmed',
          changes: {
            accountId,
            postedOn: line.posted_on,
            amount: match.amount,
            memo: line.memo,
            kind: match.kind,
            ref: match.ref,
            label: match.label,
          },
        });
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(BANK_STATEMENT_TEXTS.matchNotValid);
      throw error;
    }
    return { confirmed: proposals.size };
  });
}

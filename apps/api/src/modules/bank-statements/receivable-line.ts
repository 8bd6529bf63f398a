import { BANK_STATEMENT_TEXTS, type BankLineReceivable, type BankMatch } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { badRequest, conflict } from '../../lib/errors';
import { payInstalmentWithin, type ReceivingActor } from '../credit/receivables.service';
import { candidates, toMatch } from './reconciliation';
import { confirmWith, openLine } from './resolve-line';

/**
 * 'Criar recebimento' (POST /bank-statements/lines/:id/receivable, decision 0098): a money-in line that matches no
 * entry pays the open instalment chosen — its amount, on its day, by deposit ('Depósito': money that reached the
 * account) — through the credit module's face (`payInstalmentWithin`: its rules, its 409 above what the instalment
 * asks that day or below its charges, a part payment allowed), and the line is confirmed with that receipt, in one
 * transaction. A money-out line: 400. Audited (the receipt by the credit module, the line here).
 */
export async function receivableFromLine(
  db: DB,
  actor: ReceivingActor,
  lineId: number,
  body: BankLineReceivable,
  now = new Date(),
): Promise<BankMatch> {
  return db.transaction().execute(async (trx) => {
    const line = await openLine(trx, actor.employeeId, lineId);
    const cents = Number(line.amount_cents);
    if (cents <= 0) throw badRequest(BANK_STATEMENT_TEXTS.receivableOnlyCredit);
    const paymentId = await payInstalmentWithin(
      trx,
      actor,
      body.receivableId,
      { paidOn: line.posted_on, method: 'DEPOSIT', amountCents: cents },
      now,
    );
    // The receipt as the reconciliation reads it (its label: order · instalment · method).
    const { entries } = await candidates(trx, line.account_id, line.posted_on, line.posted_on);
    const entry = entries.find(
      (candidate) => candidate.kind === 'RECEIVABLE_PAYMENT' && candidate.ref === String(paymentId),
    );
    if (!entry) throw conflict(BANK_STATEMENT_TEXTS.matchNotValid);
    const match = toMatch(entry);
    await confirmWith(trx, actor.employeeId, line, match);
    return match;
  });
}

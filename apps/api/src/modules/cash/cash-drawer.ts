import {
  CASH_TEXTS,
  type CashEntryKind,
  COMPANY_ID,
  centsToReais,
  DEFAULT_CASH_TOLERANCE_CENTS,
  expectedCashCents,
  formatBRL,
  isCashOut,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { cashRepository as repo, type SessionRow } from './cash.repository';

/* The drawer's shared rules: its tolerance, a session's audit row, the open session locked, the cash it holds. */

/** The difference a closing may have without a manager's approval (the shop's, else the default). */
export async function toleranceCents(db: Executor): Promise<number> {
  return (await repo.toleranceCents(db, COMPANY_ID)) ?? DEFAULT_CASH_TOLERANCE_CENTS;
}

/** A session's audit row. */
export async function audit(
  db: Executor,
  employeeId: number,
  sessionId: number,
  action: string,
  changes: Record<string, unknown>,
) {
  await recordAudit(db, { employeeId, entity: 'cash_session', entityId: sessionId, action, changes });
}

/** The open session of a register locked for a write, or 409 when the register is closed. */
export async function lockedOpenSession(trx: Executor, registerId: number): Promise<SessionRow> {
  const register = await repo.lockRegister(trx, registerId);
  if (!register) throw notFound(CASH_TEXTS.registerNotFound);
  const session = await repo.openSessionOf(trx, registerId);
  if (!session) throw conflict(CASH_TEXTS.notOpen(register.name), 'TRANSITION_REFUSED');
  return session;
}

/** The cash the session's drawer should hold now: its float plus what came in, less what went out. */
export async function expectedNow(trx: Executor, session: SessionRow): Promise<number> {
  const sums = await repo.sums(trx, [session.id]);
  return expectedCashCents(session.float_cents, sums.get(session.id) ?? []);
}

/**
 * Cash leaving a drawer never passes what it should hold now (issue 53): a removal, cash given back, a used phone
 * paid in cash, whatever takes it out (`isCashOut`). The one check of every entry out, typed or received; 409
 * naming what the drawer holds, unless `blind` (an operator who counts blind, decision 0078: the refusal does not
 * tell him the amount). Called under the register's lock (`lockedOpenSession`).
 */
export async function assertCashOutWithin(
  trx: Executor,
  session: SessionRow,
  kind: CashEntryKind,
  amountCents: number,
  blind = false,
) {
  if (!isCashOut(kind)) return;
  const available = await expectedNow(trx, session);
  if (amountCents > available && blind) throw conflict(CASH_TEXTS.outAboveCashBlind(kind), 'TRANSITION_REFUSED');
  if (amountCents > available) {
    throw conflict(CASH_TEXTS.outAboveCash(kind, formatBRL(centsToReais(available))), 'TRANSITION_REFUSED', {
      available: centsToReais(available),
    });
  }
}

import { CASH_TEXTS, type CashEntryKind, centsToReais, type TypedCashEntryKind } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { conflict } from '../../lib/errors';
import { cashRepository as repo } from './cash.repository';
import { assertCashOutWithin, audit, lockedOpenSession } from './cash-drawer';

export interface CashReceipt {
  /** Who holds the cash now: the employee whose open session receives it. */
  employeeId: number;
  kind: Exclude<CashEntryKind, TypedCashEntryKind>;
  amountCents: number;
  orderId?: number;
  paymentId?: number;
  runId?: number;
  reason?: string | null;
  /** The register the caller chose; it must be the one the employee has open (409 otherwise). */
  registerId?: number;
}

/**
 * Cash that changed hands outside the register's screen (a counter sale paid in cash, a courier's settlement, an
 * instalment paid in cash, cash given back, a used phone paid in cash): it lands in the open session of the
 * employee who took (or gave) it, inside the caller's transaction; cash out never passes what the drawer holds
 * (409, `assertCashOutWithin`). Without an open session nothing lands and null is answered: a shop that does
 * not use the drawer keeps working (decision 0053). A register named by the caller must be the employee's open
 * one.
 */
export async function receiveCash(
  trx: Executor,
  receipt: CashReceipt,
): Promise<{ sessionId: number; registerName: string } | null> {
  if (receipt.amountCents <= 0) return null;
  const mine = await repo.operatorSession(trx, receipt.employeeId);
  if (receipt.registerId !== undefined && mine?.register_id !== receipt.registerId) {
    throw conflict(CASH_TEXTS.notYourRegister, 'TRANSITION_REFUSED');
  }
  if (!mine) return null;
  const session = await lockedOpenSession(trx, mine.register_id);
  if (session.id !== mine.id) throw conflict(CASH_TEXTS.notYourRegister, 'TRANSITION_REFUSED');
  await assertCashOutWithin(trx, session, receipt.kind, receipt.amountCents);
  const entryId = await repo.insertEntry(trx, {
    session_id: session.id,
    kind: receipt.kind,
    amount_cents: receipt.amountCents,
    reason: receipt.reason ?? null,
    order_id: receipt.orderId ?? null,
    payment_id: receipt.paymentId ?? null,
    run_id: receipt.runId ?? null,
    employee_id: receipt.employeeId,
  });
  await audit(trx, receipt.employeeId, session.id, 'entry', {
    entryId,
    kind: receipt.kind,
    amount: centsToReais(receipt.amountCents),
    orderId: receipt.orderId ?? null,
    runId: receipt.runId ?? null,
  });
  return { sessionId: session.id, registerName: session.register_name };
}

/** The register an employee has open now (its id and name), or null: what the settlement dialog offers. */
export async function openRegisterOf(db: Executor, employeeId: number): Promise<{ id: number; name: string } | null> {
  const session = await repo.operatorSession(db, employeeId);
  return session ? { id: session.register_id, name: session.register_name } : null;
}

/**
 * Whether the shop uses the drawer: at least one active register exists (decision 0075). Then cash taken at the
 * counter needs the taker's open drawer; a shop without any register keeps taking cash with no drawer.
 */
export async function shopUsesDrawers(db: Executor): Promise<boolean> {
  return repo.anyActiveRegister(db);
}

import {
  CASH_APPROVAL_PERMISSIONS,
  CASH_TEXTS,
  cashApprovalRefusal,
  cashClosing,
  centsToReais,
  hasAnyPermission,
  reaisToCents,
  type TypedCashEntryKind,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { cashRepository as repo, type SessionRow } from './cash.repository';
import { depositAccountOf } from './cash-deposits';
import { assertCashOutWithin, audit, expectedNow, lockedOpenSession, toleranceCents } from './cash-drawer';
import { seesExpected } from './cash-views';

/*
 * A session's life at the drawer: opened with a float, its typed entries, closed with the count, its difference
 * approved. Each write answers the session's id (the service answers the session).
 */

/** The refusal of an approval, by its reason (`cashApprovalRefusal`). */
const APPROVAL_REFUSALS = {
  permission: CASH_TEXTS.approvalForbidden,
  own: CASH_TEXTS.ownApproval,
  closedBy: CASH_TEXTS.closerApproval,
} as const;

/**
 * POST /cash-registers/{id}/open: the caller opens the register with a float. The register must be active and
 * closed, and the caller must have no other register open (409 each; two openings at once: one wins, the
 * unique indexes decide).
 */
export async function openSession(
  db: DB,
  principal: Principal,
  registerId: number,
  floatCents: number,
): Promise<number> {
  let sessionId = 0;
  try {
    await db.transaction().execute(async (trx) => {
      const register = await repo.lockRegister(trx, registerId);
      if (!register) throw notFound(CASH_TEXTS.registerNotFound);
      if (!register.active) throw conflict(CASH_TEXTS.inactive(register.name), 'TRANSITION_REFUSED');
      const current = await repo.openSessionOf(trx, registerId);
      if (current) throw conflict(CASH_TEXTS.alreadyOpen(register.name, current.operator_name), 'TRANSITION_REFUSED');
      const mine = await repo.operatorSession(trx, principal.employeeId);
      if (mine) throw conflict(CASH_TEXTS.operatorHasOpen(mine.register_name), 'TRANSITION_REFUSED');
      sessionId = await repo.insertSession(trx, registerId, principal.employeeId, floatCents);
      await audit(trx, principal.employeeId, sessionId, 'open', {
        registerId,
        register: register.name,
        float: centsToReais(floatCents),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const register = await repo.register(db, registerId);
    const mine = await repo.operatorSession(db, principal.employeeId);
    if (mine) throw conflict(CASH_TEXTS.operatorHasOpen(mine.register_name), 'TRANSITION_REFUSED');
    const current = await repo.openSessionOf(db, registerId);
    throw conflict(CASH_TEXTS.alreadyOpen(register?.name ?? '', current?.operator_name ?? ''), 'TRANSITION_REFUSED');
  }
  return sessionId;
}

/**
 * POST /cash-registers/{id}/entries: a top-up or a removal typed by the session's operator (nobody else posts
 * to it). A removal needs a reason and cannot take out more than the drawer should hold; it may name the shop's
 * active account the cash is deposited in (decision 0099; 400 when it is not one). The same Idempotency-Key again
 * answers the session without a second entry.
 */
export async function addEntry(
  db: DB,
  principal: Principal,
  registerId: number,
  body: { kind: TypedCashEntryKind; amount: number; reason?: string | null; depositAccountId?: number | null },
  headerKey: string | undefined,
): Promise<number> {
  // The header's key (checked and unquoted by the route's schema), apart from other calls' keys by its prefix.
  const key = headerKey === undefined ? null : `cash-entry:${headerKey}`;
  const amountCents = reaisToCents(body.amount);
  const sessionId = await db.transaction().execute(async (trx) => {
    const session = await lockedOpenSession(trx, registerId);
    if (key !== null) {
      const earlier = await repo.entryByKey(trx, key);
      if (earlier && earlier.session_id === session.id) return session.id;
      if (earlier) throw conflict(CASH_TEXTS.keyReused, 'CONFLICT');
    }
    if (session.operator_id !== principal.employeeId) {
      throw forbidden(CASH_TEXTS.notYours(session.register_name, session.operator_name));
    }
    await assertCashOutWithin(trx, session, body.kind, amountCents, !seesExpected(principal, { status: 'OPEN' }));
    const deposit = await depositAccountOf(trx, body.depositAccountId);
    const entryId = await repo.insertEntry(trx, {
      session_id: session.id,
      kind: body.kind,
      amount_cents: amountCents,
      reason: body.reason ?? null,
      deposit_account_id: deposit?.id ?? null,
      employee_id: principal.employeeId,
      idempotency_key: key,
    });
    await audit(trx, principal.employeeId, session.id, 'entry', {
      entryId,
      kind: body.kind,
      amount: body.amount,
      reason: body.reason ?? null,
      ...(deposit ? { depositAccount: { id: deposit.id, name: deposit.name } } : {}),
    });
    return session.id;
  });
  return sessionId;
}

/**
 * POST /cash-registers/{id}/close: the amount counted. Expected = float + entries in − entries out, written
 * once with the count; a difference needs a reason; above the tolerance it waits for a manager's approval
 * (PENDING_APPROVAL). The operator closes his session; a manager ('Crédito e cobrança') may close one left
 * open. A closed session takes no entry.
 */
export async function closeSession(
  db: DB,
  principal: Principal,
  registerId: number,
  body: { counted: number; reason?: string | null },
): Promise<number> {
  const countedCents = reaisToCents(body.counted);
  const sessionId = await db.transaction().execute(async (trx) => {
    const session = await lockedOpenSession(trx, registerId);
    const manager = hasAnyPermission(principal.permissions, CASH_APPROVAL_PERMISSIONS);
    if (session.operator_id !== principal.employeeId && !manager) {
      throw forbidden(CASH_TEXTS.notYours(session.register_name, session.operator_name));
    }
    const closing = cashClosing(await expectedNow(trx, session), countedCents, await toleranceCents(trx));
    const reason = body.reason ?? null;
    if (closing.needsReason && !reason) {
      // Counting blind (decision 0078), the operator is told that there is a difference, never its figures: he
      // would count again to the expected amount.
      throw badRequest(
        CASH_TEXTS.differenceReasonRequired,
        'BAD_REQUEST',
        manager
          ? { expected: centsToReais(closing.expectedCents), difference: centsToReais(closing.differenceCents) }
          : undefined,
      );
    }
    await repo.closeSession(trx, session.id, {
      closed_by: principal.employeeId,
      expected_cents: closing.expectedCents,
      counted_cents: countedCents,
      close_reason: reason,
      approval: closing.needsApproval ? 'PENDING' : 'NOT_NEEDED',
    });
    await audit(trx, principal.employeeId, session.id, 'close', {
      expected: centsToReais(closing.expectedCents),
      counted: body.counted,
      difference: centsToReais(closing.differenceCents),
      reason,
      approval: closing.needsApproval ? 'PENDING' : 'NOT_NEEDED',
    });
    return session.id;
  });
  return sessionId;
}

/**
 * POST /cash-registers/sessions/{id}/approve: a manager ('Crédito e cobrança', or full access) approves the
 * difference of a closed session; never his own nor one he counted and closed (`cashApprovalRefusal`; full
 * access excepted: the owner of a one-person shop).
 */
export async function approveClosing(
  db: DB,
  principal: Principal,
  sessionId: number,
  note: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockSession(trx, sessionId);
    if (!locked) throw notFound(CASH_TEXTS.sessionNotFound);
    const session = (await repo.session(trx, sessionId)) as SessionRow;
    if (!hasAnyPermission(principal.permissions, CASH_APPROVAL_PERMISSIONS)) {
      throw forbidden(CASH_TEXTS.approvalForbidden);
    }
    if (session.approval !== 'PENDING') throw conflict(CASH_TEXTS.notPending, 'TRANSITION_REFUSED');
    const refusal = cashApprovalRefusal(principal.permissions, principal.employeeId, {
      operatorId: session.operator_id,
      closedById: session.closed_by,
    });
    if (refusal !== null) throw forbidden(APPROVAL_REFUSALS[refusal]);
    await repo.approve(trx, sessionId, principal.employeeId, note);
    await audit(trx, principal.employeeId, sessionId, 'approve', {
      difference: centsToReais((session.counted_cents ?? 0) - (session.expected_cents ?? 0)),
      note,
    });
  });
}

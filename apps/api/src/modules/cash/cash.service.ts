import {
  CASH_ADMIN_PERMISSIONS,
  CASH_APPROVAL_PERMISSIONS,
  CASH_TEXTS,
  type CashEntry,
  type CashEntryKind,
  type CashOverview,
  type CashRegister,
  type CashRegisterUpdate,
  type CashSession,
  type CashSessionDetails,
  type CashSessionPage,
  type CashSessionStatus,
  type CashSessionsQuery,
  COMPANY_ID,
  cashApprovalRefusal,
  cashClosing,
  cashTotals,
  centsToReais,
  DEFAULT_CASH_TOLERANCE_CENTS,
  expectedCashCents,
  formatBRL,
  hasAnyPermission,
  isCashOut,
  reaisToCents,
  type TypedCashEntryKind,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { isUniqueViolation } from '../../lib/sql-errors';
import type { Principal } from '../../plugins/auth';
import { type EntryRow, cashRepository as repo, type SessionRow } from './cash.repository';
import { cashReportPdf } from './cash-report';

/** The refusal of an approval, by its reason (`cashApprovalRefusal`). */
const APPROVAL_REFUSALS = {
  permission: CASH_TEXTS.approvalForbidden,
  own: CASH_TEXTS.ownApproval,
  closedBy: CASH_TEXTS.closerApproval,
} as const;

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function statusOf(row: Pick<SessionRow, 'closed_at' | 'approval'>): CashSessionStatus {
  if (!row.closed_at) return 'OPEN';
  return row.approval === 'PENDING' ? 'PENDING_APPROVAL' : 'CLOSED';
}

function toSession(row: SessionRow, sums: { kind: CashEntryKind; amountCents: number }[]): CashSession {
  const totals = cashTotals(row.float_cents, sums);
  return {
    id: row.id,
    register: { id: row.register_id, name: row.register_name },
    operator: { id: row.operator_id, name: row.operator_name },
    status: statusOf(row),
    openedAt: isoTimestamp(row.opened_at),
    closedAt: row.closed_at ? isoTimestamp(row.closed_at) : null,
    // A closed session says what was expected when it closed (written once), not a sum made again later.
    totals: row.expected_cents === null ? totals : { ...totals, expected: centsToReais(row.expected_cents) },
    counted: row.counted_cents === null ? null : centsToReais(row.counted_cents),
    difference:
      row.counted_cents === null || row.expected_cents === null
        ? null
        : centsToReais(row.counted_cents - row.expected_cents),
    closeReason: row.close_reason,
    closedBy: person(row.closed_by, row.closed_by_name),
    approvedBy: person(row.approved_by, row.approved_by_name),
    approvedAt: row.approved_at ? isoTimestamp(row.approved_at) : null,
    approvalNote: row.approval_note,
  };
}

function toEntry(row: EntryRow): CashEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: centsToReais(row.amount_cents),
    reason: row.reason,
    order: row.order_id === null ? null : { id: row.order_id, code: row.order_code ?? '' },
    runId: row.run_id,
    employee: { id: row.employee_id, name: row.employee_name },
    createdAt: isoTimestamp(row.created_at),
  };
}

async function sessionsWithSums(db: Executor, rows: SessionRow[]): Promise<CashSession[]> {
  const sums = await repo.sums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSession(row, sums.get(row.id) ?? []));
}

async function toleranceCents(db: Executor): Promise<number> {
  return (await repo.toleranceCents(db, COMPANY_ID)) ?? DEFAULT_CASH_TOLERANCE_CENTS;
}

async function audit(
  db: Executor,
  employeeId: number,
  sessionId: number,
  action: string,
  changes: Record<string, unknown>,
) {
  await recordAudit(db, { employeeId, entity: 'cash_session', entityId: sessionId, action, changes });
}

/** The open session of a register locked for a write, or 409 when the register is closed. */
async function lockedOpenSession(trx: Executor, registerId: number): Promise<SessionRow> {
  const register = await repo.lockRegister(trx, registerId);
  if (!register) throw notFound(CASH_TEXTS.registerNotFound);
  const session = await repo.openSessionOf(trx, registerId);
  if (!session) throw conflict(CASH_TEXTS.notOpen(register.name), 'TRANSITION_REFUSED');
  return session;
}

async function expectedNow(trx: Executor, session: SessionRow): Promise<number> {
  const sums = await repo.sums(trx, [session.id]);
  return expectedCashCents(session.float_cents, sums.get(session.id) ?? []);
}

/**
 * Cash leaving a drawer never passes what it should hold now (issue 53): a removal, cash given back, a used phone
 * paid in cash, whatever takes it out (`isCashOut`). The one check of every entry out, typed or received; 409
 * naming what the drawer holds. Called under the register's lock (`lockedOpenSession`).
 */
async function assertCashOutWithin(trx: Executor, session: SessionRow, kind: CashEntryKind, amountCents: number) {
  if (!isCashOut(kind)) return;
  const available = await expectedNow(trx, session);
  if (amountCents > available) {
    throw conflict(CASH_TEXTS.outAboveCash(kind, formatBRL(centsToReais(available))), 'TRANSITION_REFUSED', {
      available: centsToReais(available),
    });
  }
}

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

export function createCashService(db: DB) {
  async function details(sessionId: number): Promise<CashSessionDetails> {
    const row = await repo.session(db, sessionId);
    if (!row) throw notFound(CASH_TEXTS.sessionNotFound);
    const [session] = await sessionsWithSums(db, [row]);
    const entries = await repo.entries(db, sessionId);
    return { ...(session as CashSession), entries: entries.map(toEntry) };
  }

  /** GET /cash-registers: every register with its open session's totals so far, and the caller's own session. */
  async function overview(principal: Principal): Promise<CashOverview> {
    const [registers, open, lastClosed, pending, tolerance] = await Promise.all([
      repo.registers(db),
      repo.openSessions(db),
      repo.lastClosed(db),
      repo.pendingCount(db),
      toleranceCents(db),
    ]);
    const sessions = await sessionsWithSums(db, open);
    const byRegister = new Map(sessions.map((session) => [session.register.id, session]));
    return {
      registers: registers.map((register) => ({
        id: register.id,
        name: register.name,
        active: register.active,
        openSession: byRegister.get(register.id) ?? null,
        lastClosedAt: lastClosed.has(register.id) ? isoTimestamp(lastClosed.get(register.id) as Date) : null,
      })),
      mySessionId: sessions.find((session) => session.operator.id === principal.employeeId)?.id ?? null,
      pendingApprovals: pending,
      tolerance: centsToReais(tolerance),
    };
  }

  return {
    details,

    overview,

    /** POST /cash-registers: a new register (settings or credit); names are unique, whatever their case. */
    async createRegister(principal: Principal, name: string) {
      if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
      try {
        return await db.transaction().execute(async (trx) => {
          if (await repo.registerNameTaken(trx, name)) throw conflict(CASH_TEXTS.nameTaken(name));
          const id = await repo.insertRegister(trx, name, principal.employeeId);
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'cash_register',
            entityId: id,
            action: 'create',
            changes: { name },
          });
          return { id, name, active: true, openSession: null, lastClosedAt: null };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CASH_TEXTS.nameTaken(name));
        throw error;
      }
    },

    /**
     * PATCH /cash-registers/{id}: renames a register (unique, whatever the case) or (de)activates it; an open
     * register is not deactivated (409: its operator closes it first). Settings or credit; audited before/after.
     */
    async updateRegister(principal: Principal, registerId: number, changes: CashRegisterUpdate) {
      if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
      try {
        await db.transaction().execute(async (trx) => {
          const register = await repo.lockRegister(trx, registerId);
          if (!register) throw notFound(CASH_TEXTS.registerNotFound);
          if (changes.name !== undefined && (await repo.registerNameTaken(trx, changes.name, registerId)))
            throw conflict(CASH_TEXTS.nameTaken(changes.name));
          if (changes.active === false && register.active) {
            const open = await repo.openSessionOf(trx, registerId);
            if (open)
              throw conflict(CASH_TEXTS.deactivateOpen(register.name, open.operator_name), 'TRANSITION_REFUSED');
          }
          const before = { name: register.name, active: register.active };
          const after = { name: changes.name ?? register.name, active: changes.active ?? register.active };
          if (before.name === after.name && before.active === after.active) return;
          await repo.updateRegister(trx, registerId, after);
          await recordAudit(trx, {
            employeeId: principal.employeeId,
            entity: 'cash_register',
            entityId: registerId,
            action: 'update',
            changes: { before, after },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error) && changes.name !== undefined) throw conflict(CASH_TEXTS.nameTaken(changes.name));
        throw error;
      }
      const all = await overview(principal);
      return all.registers.find((r) => r.id === registerId) as CashRegister;
    },

    /**
     * POST /cash-registers/{id}/open: the caller opens the register with a float. The register must be active and
     * closed, and the caller must have no other register open (409 each; two openings at once: one wins, the
     * unique indexes decide).
     */
    async open(principal: Principal, registerId: number, floatCents: number): Promise<CashSessionDetails> {
      let sessionId = 0;
      try {
        await db.transaction().execute(async (trx) => {
          const register = await repo.lockRegister(trx, registerId);
          if (!register) throw notFound(CASH_TEXTS.registerNotFound);
          if (!register.active) throw conflict(CASH_TEXTS.inactive(register.name), 'TRANSITION_REFUSED');
          const current = await repo.openSessionOf(trx, registerId);
          if (current)
            throw conflict(CASH_TEXTS.alreadyOpen(register.name, current.operator_name), 'TRANSITION_REFUSED');
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
        throw conflict(
          CASH_TEXTS.alreadyOpen(register?.name ?? '', current?.operator_name ?? ''),
          'TRANSITION_REFUSED',
        );
      }
      return details(sessionId);
    },

    /**
     * POST /cash-registers/{id}/entries: a top-up or a removal typed by the session's operator (nobody else posts
     * to it). A removal needs a reason and cannot take out more than the drawer should hold. The same
     * Idempotency-Key again answers the session without a second entry.
     */
    async addEntry(
      principal: Principal,
      registerId: number,
      body: { kind: TypedCashEntryKind; amount: number; reason?: string | null },
      headerKey: string | undefined,
    ): Promise<CashSessionDetails> {
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
        await assertCashOutWithin(trx, session, body.kind, amountCents);
        const entryId = await repo.insertEntry(trx, {
          session_id: session.id,
          kind: body.kind,
          amount_cents: amountCents,
          reason: body.reason ?? null,
          employee_id: principal.employeeId,
          idempotency_key: key,
        });
        await audit(trx, principal.employeeId, session.id, 'entry', {
          entryId,
          kind: body.kind,
          amount: body.amount,
          reason: body.reason ?? null,
        });
        return session.id;
      });
      return details(sessionId);
    },

    /**
     * POST /cash-registers/{id}/close: the amount counted. Expected = float + entries in − entries out, written
     * once with the count; a difference needs a reason; above the tolerance it waits for a manager's approval
     * (PENDING_APPROVAL). The operator closes his session; a manager ('Crédito e cobrança') may close one left
     * open. A closed session takes no entry.
     */
    async close(
      principal: Principal,
      registerId: number,
      body: { counted: number; reason?: string | null },
    ): Promise<CashSessionDetails> {
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
          throw badRequest(CASH_TEXTS.differenceReasonRequired, 'BAD_REQUEST', {
            expected: centsToReais(closing.expectedCents),
            difference: centsToReais(closing.differenceCents),
          });
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
      return details(sessionId);
    },

    /**
     * POST /cash-registers/sessions/{id}/approve: a manager ('Crédito e cobrança', or full access) approves the
     * difference of a closed session; never his own nor one he counted and closed (`cashApprovalRefusal`; full
     * access excepted: the owner of a one-person shop).
     */
    async approve(principal: Principal, sessionId: number, note: string | null): Promise<CashSessionDetails> {
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
      return details(sessionId);
    },

    /** GET /cash-registers/sessions: the sessions, newest first, a page at a time. */
    async sessions(query: CashSessionsQuery): Promise<CashSessionPage> {
      const { rows, total } = await repo.page(db, query, query.page, query.pageSize);
      return { items: await sessionsWithSums(db, rows), total, page: query.page };
    },

    async tolerance() {
      return { tolerance: centsToReais(await toleranceCents(db)) };
    },

    /** PUT /cash-registers/settings: the difference a closing may have without approval. */
    async setTolerance(principal: Principal, tolerance: number) {
      if (!hasAnyPermission(principal.permissions, CASH_ADMIN_PERMISSIONS)) throw forbidden();
      await db.transaction().execute(async (trx) => {
        const before = await toleranceCents(trx);
        const after = reaisToCents(tolerance);
        await repo.setTolerance(trx, COMPANY_ID, after);
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'cash_settings',
          entityId: COMPANY_ID,
          action: 'update',
          changes: { tolerance: { from: centsToReais(before), to: tolerance } },
        });
      });
      return { tolerance };
    },

    /** The closing report of a session (PDF): its figures, its entries, who opened, closed and approved it. */
    async report(sessionId: number): Promise<{ pdf: Buffer; session: CashSessionDetails }> {
      const session = await details(sessionId);
      return { pdf: await cashReportPdf(session), session };
    },
  };
}

import {
  CASH_APPROVAL_PERMISSIONS,
  CASH_TEXTS,
  type CashEntry,
  type CashEntryKind,
  type CashOverview,
  type CashSession,
  type CashSessionDetails,
  type CashSessionPage,
  type CashSessionStatus,
  type CashSessionsQuery,
  cashTotals,
  centsToReais,
  hasAnyPermission,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { type EntryRow, cashRepository as repo, type SessionRow } from './cash.repository';
import { toleranceCents } from './cash-drawer';

/* The drawer's reads: the overview of the registers, the sessions and one session with its entries. */

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
    depositAccount:
      row.deposit_account_id === null ? null : { id: row.deposit_account_id, name: row.deposit_account_name ?? '' },
    employee: { id: row.employee_id, name: row.employee_name },
    createdAt: isoTimestamp(row.created_at),
  };
}

/**
 * The blind count (issue 54 §9, decision 0078): while a session is open, what its drawer should hold ('Esperado no
 * caixa') is told only to who approves drawer differences (CASH_APPROVAL_PERMISSIONS); the operator counts without
 * it. Once closed, the expected written with the count is everyone's.
 */
export function seesExpected(principal: Pick<Principal, 'permissions'>, session: Pick<CashSession, 'status'>): boolean {
  return session.status !== 'OPEN' || hasAnyPermission(principal.permissions, CASH_APPROVAL_PERMISSIONS);
}

function blind<T extends CashSession>(principal: Pick<Principal, 'permissions'>, session: T): T {
  if (seesExpected(principal, session)) return session;
  const { expected: _hidden, ...totals } = session.totals;
  return { ...session, totals };
}

async function sessionsWithSums(db: Executor, rows: SessionRow[], principal: Principal): Promise<CashSession[]> {
  const sums = await repo.sums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => blind(principal, toSession(row, sums.get(row.id) ?? [])));
}

/** One session with its entries, as `principal` may see it (`seesExpected`); 404 unknown. */
export async function sessionDetails(
  db: Executor,
  sessionId: number,
  principal: Principal,
): Promise<CashSessionDetails> {
  const row = await repo.session(db, sessionId);
  if (!row) throw notFound(CASH_TEXTS.sessionNotFound);
  const [session] = await sessionsWithSums(db, [row], principal);
  const entries = await repo.entries(db, sessionId);
  return { ...(session as CashSession), entries: entries.map(toEntry) };
}

/** GET /cash-registers: every register with its open session's totals so far, and the caller's own session. */
export async function cashOverview(db: Executor, principal: Principal): Promise<CashOverview> {
  const [registers, open, lastClosed, pending, tolerance] = await Promise.all([
    repo.registers(db),
    repo.openSessions(db),
    repo.lastClosed(db),
    repo.pendingCount(db),
    toleranceCents(db),
  ]);
  const sessions = await sessionsWithSums(db, open, principal);
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

/** GET /cash-registers/sessions: the sessions, newest first, a page at a time. */
export async function sessionsPage(
  db: Executor,
  query: CashSessionsQuery,
  principal: Principal,
): Promise<CashSessionPage> {
  const { rows, total } = await repo.page(db, query, query.page, query.pageSize);
  return { items: await sessionsWithSums(db, rows, principal), total, page: query.page };
}

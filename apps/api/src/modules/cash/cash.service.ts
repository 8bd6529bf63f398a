import type {
  CashOverview,
  CashRegister,
  CashRegisterUpdate,
  CashSessionDetails,
  CashSessionPage,
  CashSessionsQuery,
  TypedCashEntryKind,
} from '@backoffice/contract';
import { centsToReais, FULL_ACCESS, PART_METHOD_LABELS } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { activeShopAccounts, shopIdentity } from '../settings/settings.service';
import { cashRepository } from './cash.repository';
import { toleranceCents } from './cash-drawer';
import { createRegister, setTolerance, updateRegister } from './cash-registers';
import { cashReportPdf } from './cash-report';
import { addEntry, approveClosing, closeSession, openSession } from './cash-sessions';
import { cashOverview, sessionDetails, sessionsPage } from './cash-views';

/**
 * The cash drawer ('Caixa', decision 0053). Other modules reach it through this file only: the cash that changed
 * hands elsewhere lands here (`receiveCash`). The registers in `cash-registers.ts`, a session's life in
 * `cash-sessions.ts`, the shared rules of the drawer in `cash-drawer.ts`, the reads in `cash-views.ts`.
 */

/** Cash received or given outside the register's screen, into the open session of who took it. */
export { type CashReceipt, openRegisterOf, receiveCash, shopUsesDrawers } from './receive-cash';

/**
 * The bell's branch (issue 54 §6): the closings with a difference waiting for approval that the reader may approve
 * (not his own, not one he closed; full access excepted), counted as one row. The caller checks the permission.
 */
export const cashDifferencesAwaitingApprovalQuery = (principal: Principal) =>
  cashRepository.pendingApprovalQuery(principal.employeeId, principal.permissions.includes(FULL_ACCESS));

export function createCashService(db: DB) {
  /** A session as `principal` may see it: while open, 'Esperado no caixa' only for who approves differences. */
  const details = (principal: Principal, sessionId: number): Promise<CashSessionDetails> =>
    sessionDetails(db, sessionId, principal);
  /** GET /cash-registers: every register with its open session's totals so far, and the caller's own session. */
  const overview = (principal: Principal): Promise<CashOverview> => cashOverview(db, principal);

  return {
    details,

    overview,

    /** POST /cash-registers: a new register (settings or credit); names are unique, whatever their case. */
    createRegister: (principal: Principal, name: string) => createRegister(db, principal, name),

    /**
     * PATCH /cash-registers/{id}: renames a register (unique, whatever the case) or (de)activates it; an open
     * register is not deactivated (409: its operator closes it first). Settings or credit; audited before/after.
     */
    async updateRegister(principal: Principal, registerId: number, changes: CashRegisterUpdate) {
      await updateRegister(db, principal, registerId, changes);
      const all = await overview(principal);
      return all.registers.find((r) => r.id === registerId) as CashRegister;
    },

    /**
     * POST /cash-registers/{id}/open: the caller opens the register with a float. The register must be active and
     * closed, and the caller must have no other register open (409 each; two openings at once: one wins, the
     * unique indexes decide).
     */
    /** GET /cash-registers/deposit-accounts: the shop's active accounts a sangria may be deposited in. */
    depositAccounts: () => activeShopAccounts(db),

    async open(principal: Principal, registerId: number, floatCents: number): Promise<CashSessionDetails> {
      return details(principal, await openSession(db, principal, registerId, floatCents));
    },

    /**
     * POST /cash-registers/{id}/entries: a top-up or a removal typed by the session's operator (nobody else posts
     * to it). A removal needs a reason and cannot take out more than the drawer should hold. The same
     * Idempotency-Key again answers the session without a second entry.
     */
    async addEntry(
      principal: Principal,
      registerId: number,
      body: { kind: TypedCashEntryKind; amount: number; reason?: string | null; depositAccountId?: number | null },
      headerKey: string | undefined,
    ): Promise<CashSessionDetails> {
      return details(principal, await addEntry(db, principal, registerId, body, headerKey));
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
      return details(principal, await closeSession(db, principal, registerId, body));
    },

    /**
     * POST /cash-registers/sessions/{id}/approve: a manager ('Crédito e cobrança', or full access) approves the
     * difference of a closed session; never his own nor one he counted and closed (`cashApprovalRefusal`; full
     * access excepted: the owner of a one-person shop).
     */
    async approve(principal: Principal, sessionId: number, note: string | null): Promise<CashSessionDetails> {
      await approveClosing(db, principal, sessionId, note);
      return details(principal, sessionId);
    },

    /** GET /cash-registers/sessions: the sessions, newest first, a page at a time. */
    sessions: (principal: Principal, query: CashSessionsQuery): Promise<CashSessionPage> =>
      sessionsPage(db, query, principal),

    async tolerance() {
      return { tolerance: centsToReais(await toleranceCents(db)) };
    },

    /** PUT /cash-registers/settings: the difference a closing may have without approval. */
    setTolerance: (principal: Principal, tolerance: number) => setTolerance(db, principal, tolerance),

    /**
     * The closing report of a session (PDF): the shop's header, its figures, what was received by method, its
     * entries, who opened, closed and approved it.
     */
    async report(principal: Principal, sessionId: number): Promise<{ pdf: Buffer; session: CashSessionDetails }> {
      const session = await details(principal, sessionId);
      const [shop, parts] = await Promise.all([
        shopIdentity(db),
        cashRepository.partsByMethod(db, {
          operatorId: session.operator.id,
          openedAt: new Date(session.openedAt),
          closedAt: session.closedAt ? new Date(session.closedAt) : null,
        }),
      ]);
      const cash = CASH_RECEIVED_KINDS.reduce((sum, kind) => sum + (session.totals.byKind[kind] ?? 0), 0);
      const byMethod = [
        { label: PART_METHOD_LABELS.CASH, amount: cash },
        ...(['PIX', 'CARD', 'TRADE_IN'] as const).map((method) => ({
          label: PART_METHOD_LABELS[method],
          amount: centsToReais(parts.find((part) => part.method === method)?.cents ?? 0),
        })),
      ];
      return { pdf: await cashReportPdf(session, { shop, byMethod }), session };
    },
  };
}

/** The drawer's entries that are money received (sales, couriers' settlements, instalments): the report's 'Dinheiro'. */
const CASH_RECEIVED_KINDS = ['SALE', 'SETTLEMENT', 'INSTALMENT'] as const;

export type CashService = ReturnType<typeof createCashService>;

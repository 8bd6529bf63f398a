import {
  type CourierRun,
  type CreateRunBody,
  type Departure,
  type DepartureSummary,
  DISPATCH_TEXTS,
  type DispatchOrder,
  EMPLOYEE_FUNCS,
  hasFullAccess,
  type Paged,
  type Settlement,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { AppError, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { createRun, settlementsPage, settleRun } from './courier-runs';
import { dispatchRepository as repo } from './dispatch.repository';
import { boardDepartures, boardOrders, boardSummary } from './dispatch-board';
import { runsWithOrders } from './dispatch-views';

/** The dispatch is the dispatchers': a courier is refused (403), unless he has full access. */
function assertDispatcher(principal: Principal) {
  if (principal.func === EMPLOYEE_FUNCS.DELIVERER && !hasFullAccess(principal.permissions)) {
    throw new AppError(403, DISPATCH_TEXTS.couriersOnly, { code: 'FORBIDDEN' });
  }
}

/**
 * Courier runs (issue 19): the dispatch board of a day's departures, a run per courier and departure (its
 * orders take the run's courier in the same transaction; a second dispatcher taking the same order waits for
 * the first and is refused), and the settlement of the run's cash when the courier is back. The board in
 * `dispatch-board.ts`, the runs and their settlement in `courier-runs.ts`, the answers in `dispatch-views.ts`; a
 * courier reaches none of it.
 */
export function createDispatchService(db: DB) {
  return {
    /**
     * The board of a business day: the immediate deliveries first (they leave at once), then each departure
     * of the day with the orders waiting for it (late ones with the next departure) and its runs. Every order
     * in full: the web's screen reads `boardSummary` and `boardOrders` instead.
     */
    async departures(principal: Principal, day: string, now = new Date()): Promise<Departure[]> {
      assertDispatcher(principal);
      return boardDepartures(db, day, now);
    },

    /**
     * What the board shows first (issue 36): each place of a business day (the immediate deliveries, then
     * each departure) with how many orders wait for it, how many are late, the cash to collect from them,
     * and its runs by their orders' codes. One grouped statement for the orders, none of their rows read.
     */
    async boardSummary(principal: Principal, day: string, now = new Date()): Promise<DepartureSummary[]> {
      assertDispatcher(principal);
      return boardSummary(db, day, now);
    },

    /**
     * A page of the orders waiting for one place of the board: `immediate`, or a departure of the shop's
     * week (else 400), in the board's order (by neighbourhood), with the count of all of them.
     */
    async boardOrders(
      principal: Principal,
      query: { departure: string; page: number; items: number },
      now = new Date(),
    ): Promise<Paged<DispatchOrder>> {
      assertDispatcher(principal);
      return boardOrders(db, query, now);
    },

    /**
     * Puts orders in the run of a courier and departure (made when there is none): one transaction, the
     * orders locked in id order; any order not waiting for a courier or already in another open run, a
     * courier who is not an active courier, a departure not of the schedule or already gone: refused, and
     * nothing changes.
     */
    async createRun(principal: Principal, body: CreateRunBody, now = new Date()): Promise<CourierRun> {
      assertDispatcher(principal);
      const runId = await createRun(db, principal, body, now);
      return this.run(principal, runId);
    },

    async run(principal: Principal, id: number): Promise<CourierRun> {
      assertDispatcher(principal);
      const run = await repo.runById(db, id);
      if (!run) throw notFound(DISPATCH_TEXTS.runNotFound);
      const [withOrders] = await runsWithOrders(db, [run]);
      return withOrders as CourierRun;
    },

    /**
     * 'Acerto do motoboy': every order of the run delivered or brought back (else 409, naming the one still
     * out); the expected cash is the total of its delivered cash orders, worked out here; the declared cash
     * is the courier's; a difference needs a note. Settled once: the same settlement sent again answers what was
     * recorded (a retry after a lost answer); a different one is 409.
     */
    async settle(
      principal: Principal,
      id: number,
      body: { declaredCash: number; note?: string; cashRegisterId?: number },
    ): Promise<Settlement> {
      assertDispatcher(principal);
      return settleRun(db, principal, id, body);
    },

    /**
     * 'Acertos': the runs settled in a period (business days, both included), by courier when asked, a page
     * at a time; the count and the cash totals are the whole period's.
     */
    async settlements(
      principal: Principal,
      query: { start: string; end: string; delivererId?: number; page: number; items: number },
    ) {
      assertDispatcher(principal);
      return settlementsPage(db, query);
    },
  };
}

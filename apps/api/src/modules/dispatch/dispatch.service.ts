import {
  AWAITING_COURIER_STATUSES,
  amountToCollect,
  type CourierRun,
  type CreateRunBody,
  centsToReais,
  type DeliverySchedule,
  type Departure,
  type DepartureSummary,
  DISPATCH_TEXTS,
  type DispatchOrder,
  dayPeriod,
  departuresOn,
  EMPLOYEE_FUNCS,
  hasFullAccess,
  isActiveCourier,
  isDeliveryDeparture,
  nextDeliveryDeparture,
  ORDER_STATUS,
  PAYMENT_METHOD_LABELS,
  type Paged,
  parsePeriod,
  previousDeliveryDeparture,
  type RunSummary,
  reaisToCents,
  type Settlement,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import { dueCents } from '../orders/payment-facts.service';
import { changeCourier, type LockedOrder, lockOrder } from '../orders/workflow.service';
import { deliverySchedule } from '../settings/settings.service';
import { type BoardSlot, type DispatchOrderRow, type RunRow, dispatchRepository as repo } from './dispatch.repository';

const S = ORDER_STATUS;
/** Back from the run: delivered (and maybe finalized already), or brought back to the store. */
const DELIVERED: readonly number[] = [S.ENTREGUE, S.FINALIZADOS];
const BROUGHT_BACK: readonly number[] = [S.AGUARDANDO_CLIENTE, S.CANCELADO];

type CollectRow = Pick<DispatchOrderRow, 'payment_method' | 'status' | 'total_cents' | 'payment_parts'>;

/** The cash the courier collects at the door (`amountToCollect`: a cash order's total less its paid parts, else 0). */
const cashCents = (row: CollectRow) =>
  amountToCollect(
    { paymentMethod: row.payment_method, statusKey: row.status },
    dueCents(row.total_cents, row.payment_parts),
  );

/** What every view of a run says of it: its departure, courier, the cash its `orders` collect, its settlement. */
function runHead(run: RunRow, orders: CollectRow[]) {
  return {
    id: run.id,
    departureAt: isoTimestamp(run.departure_at),
    deliverer: { id: run.deliverer_id, name: run.deliverer_name },
    cashToCollect: centsToReais(orders.reduce((sum, row) => sum + cashCents(row), 0)),
    settledAt: run.settled_at ? isoTimestamp(run.settled_at) : null,
  };
}

function address(row: DispatchOrderRow): string | null {
  const street = [row.street, row.number].filter(Boolean).join(', ');
  const parts = [street, row.complement, row.neighborhood, [row.city, row.state].filter(Boolean).join('/')].filter(
    (part) => part && part.trim() !== '',
  );
  return parts.length ? parts.join(' - ') : null;
}

/** A place of the board: the immediate deliveries (`departureAt` null) or a departure, and its orders. */
interface BoardPlace {
  departureAt: Date | null;
  slot: BoardSlot;
}

/**
 * Which departure a waiting order makes, in the shop's `schedule`: the first at or after it was packed; when
 * that one has left, the order is late and goes with the next one from `now`. Put as the orders each place
 * holds (so that the database counts and pages them): a departure still to come, those packed after the
 * departure before it and up to it, and the next one from now also the late ones, packed up to the last
 * departure that left (`lateUpTo`); a departure that has left, none (its runs only). The immediate
 * deliveries (Entrega imediata) leave at once, whenever packed.
 */
function boardOf(schedule: DeliverySchedule, now: Date) {
  const lateUpTo = previousDeliveryDeparture(now, schedule);
  const next = nextDeliveryDeparture(now, schedule);
  const immediate: BoardPlace = { departureAt: null, slot: { status: S.ENTREGA_IMEDIATA, packed: null } };
  const departure = (at: Date): BoardPlace => {
    const packed: { after: Date | null; upTo: Date }[] = [];
    if (at.getTime() >= now.getTime()) packed.push({ after: previousDeliveryDeparture(at, schedule), upTo: at });
    if (at.getTime() === next.getTime()) {
      // The late ones; one range with the departure's own when they meet (the usual case).
      const own = packed[0];
      if (own && own.after?.getTime() === lateUpTo.getTime()) own.after = null;
      else packed.unshift({ after: null, upTo: lateUpTo });
    }
    return { departureAt: at, slot: { status: S.AGUARDANDO_MOTOBOY, packed } };
  };
  return { lateUpTo, immediate, departure };
}

function toOrder(row: DispatchOrderRow, late: boolean): DispatchOrder {
  return {
    orderId: row.id,
    code: row.code,
    customer: row.customer,
    phone: row.phone,
    neighborhood: row.neighborhood,
    address: address(row),
    itemsCount: row.items_count,
    payment: PAYMENT_METHOD_LABELS[row.payment_method],
    paymentMethod: row.payment_method,
    cashToCollect: centsToReais(cashCents(row)),
    ...(row.card_on_delivery
      ? { cardOnDelivery: true, cardToCollect: centsToReais(dueCents(row.total_cents, row.payment_parts)) }
      : {}),
    changeFor:
      row.payment_method === 'CASH' && row.change_for_cents !== null ? centsToReais(row.change_for_cents) : null,
    status: row.status,
    fastDelivery: row.fast_delivery,
    packedAt: isoTimestamp(row.packed_at),
    late,
    receivedBy: row.receiver_name === null ? null : { name: row.receiver_name, document: row.receiver_document },
  };
}

function toSettlement(run: RunRow): Settlement {
  const expected = run.expected_cash_cents ?? 0;
  const declared = run.declared_cash_cents ?? 0;
  return {
    runId: run.id,
    expectedCash: centsToReais(expected),
    declaredCash: centsToReais(declared),
    difference: centsToReais(declared - expected),
    note: run.settlement_note,
    settledAt: isoTimestamp(run.settled_at as Date),
    settledBy: { id: run.settled_by as number, name: run.settled_by_name ?? '' },
    delivered: run.delivered_count ?? 0,
    broughtBack: run.brought_back_count ?? 0,
    cashRegister:
      run.cash_register_id === null ? null : { id: run.cash_register_id, name: run.cash_register_name ?? '' },
  };
}

/**
 * A courier run takes an order (issue 19): in the caller's transaction, with the order row locked, the
 * order must still wait for a courier (AWAITING_COURIER_STATUSES: Aguardando motoboy or Entrega imediata); its
 * courier becomes the run's (an audit row when it changes). Refused with the order's code otherwise: the
 * caller's whole assignment rolls back.
 */
async function assignRunCourier(
  trx: Transaction<Database>,
  orderId: number,
  courierId: number,
  employeeId: number,
): Promise<LockedOrder> {
  const order = await lockOrder(trx, orderId);
  if (!(AWAITING_COURIER_STATUSES as readonly number[]).includes(order.status)) {
    throw conflict(DISPATCH_TEXTS.orderNotWaiting(order.code), 'TRANSITION_REFUSED');
  }
  if (order.deliverer_id !== courierId) {
    await changeCourier(trx, order, { courierId, employeeId, action: 'assignToRun' });
  }
  return order;
}

/**
 * Courier runs (issue 19): the dispatch board of a day's departures, a run per courier and departure (its
 * orders take the run's courier in the same transaction; a second dispatcher taking the same order waits for
 * the first and is refused), and the settlement of the run's cash when the courier is back.
 */
export function createDispatchService(db: DB) {
  async function runsWithOrders(runs: RunRow[]): Promise<CourierRun[]> {
    const rows = await repo.ordersOfRuns(
      db,
      runs.map((run) => run.id),
    );
    return runs.map((run) => {
      const orders = rows.filter((row) => row.run_id === run.id);
      return { ...runHead(run, orders), orders: orders.map((row) => toOrder(row, false)) };
    });
  }

  /** The board's run columns: each run's orders by code, its count and cash, no order's row read. */
  async function runSummaries(runs: RunRow[]): Promise<RunSummary[]> {
    const rows = await repo.runOrderTotals(
      db,
      runs.map((run) => run.id),
    );
    return runs.map((run) => {
      const orders = rows.filter((row) => row.run_id === run.id);
      return { ...runHead(run, orders), ordersCount: orders.length, codes: orders.map((row) => row.code) };
    });
  }

  /** The runs of a business day's departures, as `shape` makes them. */
  async function runsOfDay<T>(day: string, schedule: DeliverySchedule, shape: (runs: RunRow[]) => Promise<T[]>) {
    const departures = departuresOn(day, schedule);
    const first = departures[0];
    const last = departures.at(-1);
    return first && last ? shape(await repo.runsBetween(db, first, last)) : [];
  }

  function assertDispatcher(principal: Principal) {
    if (principal.func === EMPLOYEE_FUNCS.DELIVERER && !hasFullAccess(principal.permissions)) {
      throw new AppError(403, DISPATCH_TEXTS.couriersOnly, { code: 'FORBIDDEN' });
    }
  }

  return {
    /**
     * The board of a business day: the immediate deliveries first (they leave at once), then each departure
     * of the day with the orders waiting for it (late ones with the next departure) and its runs. Every order
     * in full: the web's screen reads `boardSummary` and `boardOrders` instead.
     */
    async departures(principal: Principal, day: string, now = new Date()): Promise<Departure[]> {
      assertDispatcher(principal);
      // The shop's departures (Configurações; section 9's by default), read once for the board.
      const schedule = await deliverySchedule(db);
      const board = boardOf(schedule, now);
      const places = [board.immediate, ...departuresOn(day, schedule).map(board.departure)];
      const runs = await runsOfDay(day, schedule, runsWithOrders);
      return Promise.all(
        places.map(async (place): Promise<Departure> => {
          const { rows } = await repo.boardOrders(db, place.slot, board.lateUpTo);
          const at = place.departureAt && isoTimestamp(place.departureAt);
          return {
            departureAt: at,
            orders: rows.map((row) => toOrder(row, at !== null && row.late === true)),
            runs: at ? runs.filter((run) => run.departureAt === at) : [],
          };
        }),
      );
    },

    /**
     * What the board shows first (issue 36): each place of a business day (the immediate deliveries, then
     * each departure) with how many orders wait for it, how many are late, the cash to collect from them,
     * and its runs by their orders' codes. One grouped statement for the orders, none of their rows read.
     */
    async boardSummary(principal: Principal, day: string, now = new Date()): Promise<DepartureSummary[]> {
      assertDispatcher(principal);
      const schedule = await deliverySchedule(db);
      const board = boardOf(schedule, now);
      const places = [board.immediate, ...departuresOn(day, schedule).map(board.departure)];
      const [counts, runs] = await Promise.all([
        repo.boardCounts(
          db,
          places.map((place) => place.slot),
          board.lateUpTo,
        ),
        runsOfDay(day, schedule, runSummaries),
      ]);
      return places.map((place, index) => {
        const at = place.departureAt && isoTimestamp(place.departureAt);
        const rows = counts.filter((row) => row.slot === index);
        return {
          departureAt: at,
          ordersCount: rows.reduce((sum, row) => sum + row.orders, 0),
          lateCount: at === null ? 0 : rows.reduce((sum, row) => sum + (row.late ? row.orders : 0), 0),
          // Each group's due as `amountToCollect` says (a cash order's total less its paid parts, else nothing).
          cashToCollect: centsToReais(
            rows.reduce(
              (sum, row) =>
                sum + amountToCollect({ paymentMethod: row.payment_method, statusKey: row.status }, row.due_cents),
              0,
            ),
          ),
          runs: at ? runs.filter((run) => run.departureAt === at) : [],
        };
      });
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
      const schedule = await deliverySchedule(db);
      const board = boardOf(schedule, now);
      let place = board.immediate;
      if (query.departure !== 'immediate') {
        const at = new Date(query.departure);
        if (!isDeliveryDeparture(at, schedule)) throw badRequest(DISPATCH_TEXTS.departureInvalid);
        place = board.departure(at);
      }
      const { rows, total } = await repo.boardOrders(db, place.slot, board.lateUpTo, {
        offset: query.page * query.items,
        limit: query.items,
      });
      return {
        items: rows.map((row) => toOrder(row, place.departureAt !== null && row.late === true)),
        page: query.page,
        total,
      };
    },

    /**
     * Puts orders in the run of a courier and departure (made when there is none): one transaction, the
     * orders locked in id order; any order not waiting for a courier or already in another open run, a
     * courier who is not an active courier, a departure not of the schedule or already gone: refused, and
     * nothing changes.
     */
    async createRun(principal: Principal, body: CreateRunBody, now = new Date()): Promise<CourierRun> {
      assertDispatcher(principal);
      const departureAt = new Date(body.departureAt);
      if (!isDeliveryDeparture(departureAt, await deliverySchedule(db))) {
        throw badRequest(DISPATCH_TEXTS.departureInvalid);
      }
      if (departureAt.getTime() <= now.getTime()) throw badRequest(DISPATCH_TEXTS.departurePast);
      const runId = await db.transaction().execute(async (trx) => {
        const courier = await repo.courier(trx, body.delivererId);
        if (!courier || !isActiveCourier(courier)) throw badRequest(DISPATCH_TEXTS.courierInvalid);
        const run = await repo.runFor(trx, courier.id, departureAt, principal.employeeId);
        if (run.settled_at) throw conflict(DISPATCH_TEXTS.runSettled);
        const orderIds = [...new Set(body.orderIds)];
        // Locked in id order (as every writer of orders locks them), put in the run in the order given: the
        // run sheet's and the courier's list follow it.
        for (const orderId of [...orderIds].sort((a, b) => a - b)) {
          const order = await assignRunCourier(trx, orderId, courier.id, principal.employeeId);
          const open = await repo.openRunOf(trx, order.id);
          if (open && open.id !== run.id) throw conflict(DISPATCH_TEXTS.orderInRun(order.code), 'CONFLICT');
        }
        for (const orderId of orderIds) await repo.addOrder(trx, run.id, orderId);
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'courier_run',
          entityId: String(run.id),
          action: 'assign',
          changes: { delivererId: courier.id, departureAt: isoTimestamp(departureAt), orderIds: body.orderIds },
        });
        return run.id;
      });
      return this.run(principal, runId);
    },

    async run(principal: Principal, id: number): Promise<CourierRun> {
      assertDispatcher(principal);
      const run = await repo.runById(db, id);
      if (!run) throw notFound(DISPATCH_TEXTS.runNotFound);
      const [withOrders] = await runsWithOrders([run]);
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
      await db.transaction().execute(async (trx) => {
        const run = await repo.lockRun(trx, id);
        if (!run) throw notFound(DISPATCH_TEXTS.runNotFound);
        if (run.settled_at) {
          // The same settlement sent again (a retry after a lost answer) is answered with what was recorded.
          const sameNote = (run.settlement_note ?? null) === (body.note?.trim() || null);
          if (run.declared_cash_cents === reaisToCents(body.declaredCash) && sameNote) return;
          throw conflict(DISPATCH_TEXTS.runSettled);
        }
        const orders = await repo.ordersOfRuns(trx, [id]);
        const out = orders.find((row) => !DELIVERED.includes(row.status) && !BROUGHT_BACK.includes(row.status));
        if (out) throw conflict(DISPATCH_TEXTS.runOrderOut(out.code), 'CONFLICT');
        const delivered = orders.filter((row) => DELIVERED.includes(row.status));
        const expected = delivered.reduce((sum, row) => sum + cashCents(row), 0);
        const declared = reaisToCents(body.declaredCash);
        const note = body.note?.trim() || null;
        if (declared !== expected && !note) throw badRequest(DISPATCH_TEXTS.differenceNoteRequired);
        await repo.settle(trx, id, {
          settled_at: new Date(),
          settled_by: principal.employeeId,
          expected_cash_cents: expected,
          declared_cash_cents: declared,
          settlement_note: note,
          delivered_count: delivered.length,
          brought_back_count: orders.length - delivered.length,
        });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'courier_run',
          entityId: String(id),
          action: 'settle',
          changes: { expectedCashCents: expected, declaredCashCents: declared, note },
        });
        // The declared cash lands in the open register of who receives it (the one chosen, when named).
        await receiveCash(trx, {
          employeeId: principal.employeeId,
          kind: 'SETTLEMENT',
          amountCents: declared,
          runId: id,
          registerId: body.cashRegisterId,
        });
      });
      return toSettlement((await repo.runById(db, id)) as RunRow);
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
      // Whole business days read by the contract's one rule (parsePeriod); a reversed period holds no
      // settlement: an empty page, as it always answered, not a refusal.
      const { start, end } = dayPeriod(query.start, query.end);
      const period = parsePeriod(start, end);
      const { from, until: to } = period.ok ? period : { from: new Date(0), until: new Date(0) };
      const page = { offset: query.page * query.items, limit: query.items };
      const runs = await repo.settledBetween(db, from, to, query.delivererId, page);
      const totals = await repo.settledTotals(db, from, to, query.delivererId);
      return {
        data: runs.map((run) => ({
          ...toSettlement(run),
          deliverer: { id: run.deliverer_id, name: run.deliverer_name },
          departureAt: isoTimestamp(run.departure_at),
        })),
        total: totals.runs,
        totals: {
          expectedCash: centsToReais(totals.expected),
          declaredCash: centsToReais(totals.declared),
          difference: centsToReais(totals.declared - totals.expected),
        },
      };
    },
  };
}

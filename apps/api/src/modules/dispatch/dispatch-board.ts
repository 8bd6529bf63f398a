import {
  amountToCollect,
  centsToReais,
  type DeliverySchedule,
  type Departure,
  type DepartureSummary,
  DISPATCH_TEXTS,
  type DispatchOrder,
  departuresOn,
  isDeliveryDeparture,
  nextDeliveryDeparture,
  type Paged,
  previousDeliveryDeparture,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { deliverySchedule } from '../settings/settings.service';
import { type BoardSlot, dispatchRepository as repo } from './dispatch.repository';
import { runSummaries, runsOfDay, runsWithOrders, S, toOrder } from './dispatch-views';

/* The dispatch board of a business day: which departure each waiting order makes, and the runs of each. */

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

/**
 * The board of a business day: the immediate deliveries first (they leave at once), then each departure
 * of the day with the orders waiting for it (late ones with the next departure) and its runs. Every order
 * in full: the web's screen reads `boardSummary` and `boardOrders` instead.
 */
export async function boardDepartures(db: DB, day: string, now: Date): Promise<Departure[]> {
  // The shop's departures (Configurações; section 9's by default), read once for the board.
  const schedule = await deliverySchedule(db);
  const board = boardOf(schedule, now);
  const places = [board.immediate, ...departuresOn(day, schedule).map(board.departure)];
  const runs = await runsOfDay(db, day, schedule, runsWithOrders);
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
}

/**
 * What the board shows first (issue 36): each place of a business day (the immediate deliveries, then
 * each departure) with how many orders wait for it, how many are late, the cash to collect from them,
 * and its runs by their orders' codes. One grouped statement for the orders, none of their rows read.
 */
export async function boardSummary(db: DB, day: string, now: Date): Promise<DepartureSummary[]> {
  const schedule = await deliverySchedule(db);
  const board = boardOf(schedule, now);
  const places = [board.immediate, ...departuresOn(day, schedule).map(board.departure)];
  const [counts, runs] = await Promise.all([
    repo.boardCounts(
      db,
      places.map((place) => place.slot),
      board.lateUpTo,
    ),
    runsOfDay(db, day, schedule, runSummaries),
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
}

/**
 * A page of the orders waiting for one place of the board: `immediate`, or a departure of the shop's
 * week (else 400), in the board's order (by neighbourhood), with the count of all of them.
 */
export async function boardOrders(
  db: DB,
  query: { departure: string; page: number; items: number },
  now: Date,
): Promise<Paged<DispatchOrder>> {
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
}

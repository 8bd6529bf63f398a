import {
  amountToCollect,
  type CourierRun,
  centsToReais,
  type DeliverySchedule,
  type DispatchOrder,
  departuresOn,
  ORDER_STATUS,
  PAYMENT_METHOD_LABELS,
  type RunSummary,
  type Settlement,
} from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { courierDueCents, dueCents } from '../orders/payment-facts.service';
import { type DispatchOrderRow, type RunRow, dispatchRepository as repo } from './dispatch.repository';

/* The dispatch's answers: an order of the board, a run (in full or by its orders' codes), a settlement. */

export const S = ORDER_STATUS;

type CollectRow = Pick<DispatchOrderRow, 'payment_method' | 'status' | 'total_cents' | 'payment_parts'>;

/**
 * The cash the courier collects at the door (`amountToCollect`: a cash order's total less the parts paid before it
 * left, else 0). The cash part recorded as he delivers (decision 0075) is still his to hand over: not taken off.
 */
export const cashCents = (row: CollectRow) =>
  amountToCollect(
    { paymentMethod: row.payment_method, statusKey: row.status },
    courierDueCents(row.total_cents, row.payment_parts),
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

export function toOrder(row: DispatchOrderRow, late: boolean): DispatchOrder {
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

export function toSettlement(run: RunRow): Settlement {
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

/** Runs with their orders in full. */
export async function runsWithOrders(db: Executor, runs: RunRow[]): Promise<CourierRun[]> {
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
export async function runSummaries(db: Executor, runs: RunRow[]): Promise<RunSummary[]> {
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
export async function runsOfDay<T>(
  db: Executor,
  day: string,
  schedule: DeliverySchedule,
  shape: (db: Executor, runs: RunRow[]) => Promise<T[]>,
) {
  const departures = departuresOn(day, schedule);
  const first = departures[0];
  const last = departures.at(-1);
  return first && last ? shape(db, await repo.runsBetween(db, first, last)) : [];
}

import {
  AWAITING_COURIER_STATUSES,
  type CreateRunBody,
  centsToReais,
  DISPATCH_TEXTS,
  dayPeriod,
  isActiveCourier,
  isDeliveryDeparture,
  parsePeriod,
  reaisToCents,
  type Settlement,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/iso-timestamp';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import { changeCourier, type LockedOrder, lockOrder } from '../orders/workflow.service';
import { deliverySchedule } from '../settings/settings.service';
import { type RunRow, dispatchRepository as repo } from './dispatch.repository';
import { cashCents, S, toSettlement } from './dispatch-views';

/*
 * A courier's runs: orders put in a run (a run per courier and departure), its settlement when he is back, the
 * settlements of a period.
 */

/** Back from the run: delivered (and maybe finalized already), or brought back to the store. */
const DELIVERED: readonly number[] = [S.ENTREGUE, S.FINALIZADOS];
const BROUGHT_BACK: readonly number[] = [S.AGUARDANDO_CLIENTE, S.CANCELADO];

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
 * Puts orders in the run of a courier and departure (made when there is none): one transaction, the
 * orders locked in id order; any order not waiting for a courier or already in another open run, a
 * courier who is not an active courier, a departure not of the schedule or already gone: refused, and
 * nothing changes.
 */
export async function createRun(db: DB, principal: Principal, body: CreateRunBody, now: Date): Promise<number> {
  const departureAt = new Date(body.departureAt);
  if (!isDeliveryDeparture(departureAt, await deliverySchedule(db))) {
    throw badRequest(DISPATCH_TEXTS.departureInvalid);
  }
  if (departureAt.getTime() <= now.getTime()) throw badRequest(DISPATCH_TEXTS.departurePast);
  return db.transaction().execute(async (trx) => {
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
}

/**
 * 'Acerto do motoboy': every order of the run delivered or brought back (else 409, naming the one still
 * out); the expected cash is the total of its delivered cash orders, worked out here; the declared cash
 * is the courier's; a difference needs a note. Settled once: the same settlement sent again answers what was
 * recorded (a retry after a lost answer); a different one is 409.
 */
export async function settleRun(
  db: DB,
  principal: Principal,
  id: number,
  body: { declaredCash: number; note?: string; cashRegisterId?: number },
): Promise<Settlement> {
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
}

/**
 * 'Acertos': the runs settled in a period (business days, both included), by courier when asked, a page
 * at a time; the count and the cash totals are the whole period's.
 */
export async function settlementsPage(
  db: DB,
  query: { start: string; end: string; delivererId?: number; page: number; items: number },
) {
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
}

import { createHash } from 'node:crypto';
import {
  centsToReais,
  ORDER_EDIT_TEXTS,
  ORDER_PAYMENT_TEXTS,
  ORDER_REFUND_TEXTS,
  type OrderRefund,
  type OrderRefundDone,
  PAYMENT_TEXTS,
  partsBalance,
  REFUND_METHOD_LABELS,
  refundOwedCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import {
  assertOrderReadable,
  claimOrderRequest,
  type LockedOrder,
  lockOrder,
  recordOrderNote,
} from '../orders/workflow.service';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { brl, factsOf, refundToApi } from './part-views';

/** The command a refund recorded as given back claims its Idempotency-Key under. */
const REFUND_DONE_COMMAND = 'refundDone';

/**
 * What the order's parts hold now, in cents: confirmed (paid, less the refunds owed or given back) and pending
 * (a Pix part waiting for the bank). A change of the order's total (an edit, a discount) is checked against them
 * (`assertPartsCovered`).
 */
export async function partsHeld(
  db: Executor,
  orderId: number,
): Promise<{ confirmedCents: number; pendingCents: number }> {
  const parts = factsOf(await repo.ofOrder(db, orderId));
  const { confirmedCents, pendingCents } = partsBalance(0, parts, await repo.refundedCents(db, orderId));
  return { confirmedCents, pendingCents };
}

/**
 * THE rule of a changed total (decision 0044 and its amendment): a pending part that no longer fits (confirmed +
 * pending above the new total) is 409 PAYMENT_OVERPAID asking to refuse it first; confirmed parts above the new
 * total are money the customer is owed back: answers that refund (cents, 0 when nothing is owed), which the
 * caller records with `recordRefund` in its transaction.
 */
export function assertPartsCovered(held: { confirmedCents: number; pendingCents: number }, totalCents: number): number {
  const heldCents = held.confirmedCents + held.pendingCents;
  if (held.pendingCents > 0 && heldCents > totalCents) {
    throw conflict(ORDER_EDIT_TEXTS.belowPaid(brl(totalCents), brl(heldCents)), 'PAYMENT_OVERPAID', {
      total: centsToReais(totalCents),
      paid: centsToReais(heldCents),
    });
  }
  return refundOwedCents(totalCents, held);
}

/**
 * A refund owed to the customer after the order's total went from `fromCents` to `toCents` below its confirmed
 * parts (decision 0044's amendment), in the caller's transaction with the order locked: one PENDING row with its
 * reason, and one history row and audit row ('Reembolso a registrar: R$ …') by the employee.
 */
export async function recordRefund(
  trx: Transaction<Database>,
  order: LockedOrder,
  refund: { amountCents: number; fromCents: number; toCents: number; employeeId: number },
): Promise<void> {
  if (refund.amountCents <= 0) return;
  const at = new Date();
  const reason = ORDER_REFUND_TEXTS.reason(brl(refund.fromCents), brl(refund.toCents));
  await repo.insertRefund(trx, {
    order_id: order.id,
    amount_cents: refund.amountCents,
    reason,
    status: 'PENDING',
    created_by: refund.employeeId,
    created_at: at,
  });
  await recordOrderNote(trx, order, {
    employeeId: refund.employeeId,
    note: ORDER_REFUND_TEXTS.owedNote(brl(refund.amountCents), reason),
    at,
    audit: { action: 'refundOwed', changes: { refund: ORDER_REFUND_TEXTS.owed(brl(refund.amountCents)), reason } },
  });
}

/** The refunds owed to an order's customer, recorded as given back. */
export function orderRefunds(db: DB) {
  /**
   * POST /orders/{id}/refunds/{refundId}/done (decision 0044's amendment): a refund to record given back to the
   * customer, by cash or Pix, with an optional note; history and audit say 'Reembolso registrado (Pix): R$ …' and
   * who. Its Idempotency-Key is claimed as the parts' are: the same request again answers the refund as it is
   * (`replayed`); a refund already done, asked again the same way, answers it too, writing nothing.
   */
  async function refundDone(
    principal: Principal,
    orderId: number,
    refundId: number,
    input: OrderRefundDone,
    key?: string,
  ): Promise<{ data: OrderRefund; replayed: boolean }> {
    await assertOrderReadable(db, principal, orderId, PAYMENT_TEXTS.orderNotFound);
    const hash = createHash('sha256')
      .update(JSON.stringify({ refundId, ...input }))
      .digest('hex');
    const replayed = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId, PAYMENT_TEXTS.orderNotFound);
      if (key) {
        const request = { key, employeeId: principal.employeeId, command: REFUND_DONE_COMMAND, orderId, hash };
        if (!(await claimOrderRequest(trx, request, ORDER_PAYMENT_TEXTS.keyReused))) return true;
      }
      const refund = (await repo.refundsOf(trx, order.id)).find((row) => row.id === refundId);
      if (!refund) throw notFound(ORDER_REFUND_TEXTS.notFound);
      if (refund.status === 'DONE') {
        if (refund.method === input.method && (refund.note ?? undefined) === input.note) return true;
        throw conflict(ORDER_REFUND_TEXTS.alreadyDone, 'CONFLICT');
      }
      const at = new Date();
      await repo.updateRefund(trx, refund.id, {
        status: 'DONE',
        method: input.method,
        note: input.note ?? null,
        done_by: principal.employeeId,
        done_at: at,
      });
      if (input.method === 'CASH') {
        await receiveCash(trx, {
          employeeId: principal.employeeId,
          kind: 'REFUND',
          amountCents: refund.amount_cents,
          orderId: order.id,
          reason: input.note ?? null,
        });
      }
      const method = REFUND_METHOD_LABELS[input.method];
      await recordOrderNote(trx, order, {
        employeeId: principal.employeeId,
        note: ORDER_REFUND_TEXTS.doneNote(method, brl(refund.amount_cents), input.note ?? null),
        at,
        touch: true,
        audit: {
          action: 'refundDone',
          changes: {
            refund: ORDER_REFUND_TEXTS.done(method, brl(refund.amount_cents)),
            ...(input.note ? { note: input.note } : {}),
          },
        },
      });
      return false;
    });
    const row = (await repo.refundsOf(db, orderId)).find((refund) => refund.id === refundId);
    if (!row) throw notFound(ORDER_REFUND_TEXTS.notFound);
    return { data: refundToApi(row), replayed };
  }

  return { refundDone };
}

import {
  isFinalOrderStatus,
  ORDER_PAYMENT_TEXTS,
  type OrderStatusKey,
  orderStatusLabel,
  PAID_AT_HANDOVER,
  PIX_PAYABLE_STATUSES,
  partsSettle,
  paymentSettlingMove,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { type LockedOrder, type MoveActor, transition } from '../orders/workflow.service';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { brl, factsOf } from './part-views';

/**
 * Why the order may not take a new part now, or null when it may: not in a final status; not already paid whole
 * by its own Pix (the webhook's or a match by hand); and either still waiting for its payment
 * (PIX_PAYABLE_STATUSES), paid when handed over (PAID_AT_HANDOVER: cash, a card on delivery), or already paid in
 * parts (a reversed part reopened its balance). The payments box reads it too (`takesParts`): no balance offered
 * that the server would refuse.
 */
export async function partsRefusal(
  db: Executor,
  order: Pick<LockedOrder, 'id' | 'code' | 'status'>,
  hasParts: boolean,
): Promise<string | null> {
  const status = orderStatusLabel(order.status);
  if (isFinalOrderStatus(order.status)) return ORDER_PAYMENT_TEXTS.notPayable(order.code, status);
  if (await repo.wholePix(db, order.id)) return ORDER_PAYMENT_TEXTS.alreadyPaidWhole(order.code);
  if (PIX_PAYABLE_STATUSES.includes(order.status as OrderStatusKey) || hasParts) return null;
  const method = await repo.paymentMethod(db, order.id);
  if (!method || !PAID_AT_HANDOVER.includes(method)) return ORDER_PAYMENT_TEXTS.alreadyPaidWhole(order.code);
  return null;
}

/** `partsRefusal` as a 409, in the caller's transaction with the order locked. */
export async function assertTakesParts(
  trx: Transaction<Database>,
  order: LockedOrder,
  hasParts: boolean,
): Promise<void> {
  const refusal = await partsRefusal(trx, order, hasParts);
  if (refusal) throw conflict(refusal);
}

/**
 * THE decision of a split payment (decision 0042), in the caller's transaction with the order locked: when the
 * order's confirmed parts sum exactly to its total (`partsPayTotal`) and it still waits for its payment, it
 * makes the workflow's payment-settling move from its status (`paymentSettlingMove`: the same move a whole
 * payment makes), by `actor`. Answers the order's status afterwards.
 */
export async function settleIfPaidByParts(
  trx: Transaction<Database>,
  order: LockedOrder,
  actor: MoveActor,
): Promise<OrderStatusKey> {
  const settling = paymentSettlingMove(order.status);
  if (!settling || !(await partsSettleOrder(trx, order))) return order.status as OrderStatusKey;
  const moved = await transition(trx, order, settling.action, actor, {
    note: ORDER_PAYMENT_TEXTS.paidByPartsNote(brl(order.total_cents)),
  });
  return moved.status;
}

/**
 * Whether the order's parts settle its payment (`partsSettle`): its confirmed parts pay the total, or, for an
 * order charged by card at the door, its parts taken before are all confirmed. The 'pixReceived' requirement
 * accepts it as it accepts a Pix of the total.
 */
export async function paidByParts(db: Executor, order: Pick<LockedOrder, 'id' | 'total_cents'>): Promise<boolean> {
  return partsSettleOrder(db, order);
}

export async function partsSettleOrder(db: Executor, order: Pick<LockedOrder, 'id' | 'total_cents'>): Promise<boolean> {
  const parts = factsOf(await repo.ofOrder(db, order.id));
  const refunded = await repo.refundedCents(db, order.id);
  return partsSettle(order.total_cents, parts, await repo.cardOnDelivery(db, order.id), refunded);
}

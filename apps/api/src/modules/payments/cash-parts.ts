import {
  dueAtHandoverCents,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { openRegisterOf, receiveCash, shopUsesDrawers } from '../cash/cash.service';
import type { MoveContext } from '../orders/workflow.service';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { brl, factsOf } from './part-views';

/**
 * THE rule of cash at the counter (issue 54 §2, decision 0075): it lands in the open drawer of who takes it. When
 * the shop uses drawers (an active register exists) and he has none open, 409 CASH_DRAWER_CLOSED with `text`,
 * before anything is written; a shop without any register keeps taking cash (nothing lands). Answers the open
 * drawer's name, or null when the shop has none.
 */
export async function assertCashDrawer(
  trx: Transaction<Database>,
  employeeId: number,
  text: string,
): Promise<string | null> {
  const register = await openRegisterOf(trx, employeeId);
  if (register) return register.name;
  if (await shopUsesDrawers(trx)) throw conflict(text, 'CASH_DRAWER_CLOSED');
  return null;
}

/** What a cash order still owes (cents): its total less its confirmed parts, net of refunds. */
async function cashDue(trx: Transaction<Database>, order: MoveContext['order']) {
  const parts = await repo.ofOrder(trx, order.id);
  const dueCents = dueAtHandoverCents(order.total_cents, factsOf(parts), await repo.refundedCents(trx, order.id));
  return { dueCents, seq: parts.reduce((max, p) => Math.max(max, p.seq), 0) + 1 };
}

/** The audit row's words of a cash part written by a move: 'Dinheiro R$ 500,00: Confirmado'. */
const partWords = (cents: number) => `${PART_METHOD_LABELS.CASH} ${brl(cents)}: ${PART_STATUS_LABELS.CONFIRMED}`;

/**
 * A cash order handed over at the counter ('Finalizar' from 'Aguardando cliente': a pickup, a repair's bill as its
 * device leaves, an order the courier brought back) is paid there (decision 0075, amending 0053): what it still
 * owes becomes a CONFIRMED cash part in the finalizer's name and lands in his open drawer, the entry naming the
 * part. Refused with the whole move (409 CASH_DRAWER_CLOSED) when the shop uses drawers and he has none open.
 */
export async function recordCashAtCounter(context: MoveContext): Promise<void> {
  const { trx, order, action, employeeId } = context;
  if (action !== 'finalize' || order.status !== ORDER_STATUS.AGUARDANDO_CLIENTE || employeeId === null) return;
  if ((await repo.paymentMethod(trx, order.id)) !== 'CASH') return;
  const { dueCents, seq } = await cashDue(trx, order);
  if (dueCents <= 0) return;
  await assertCashDrawer(trx, employeeId, ORDER_PAYMENT_TEXTS.drawerClosed(brl(dueCents)));
  const { id } = await repo.insert(trx, {
    order_id: order.id,
    seq,
    method: 'CASH',
    amount_cents: dueCents,
    status: 'CONFIRMED',
    created_by: employeeId,
    created_at: context.at,
    confirmed_at: context.at,
  });
  await receiveCash(trx, { employeeId, kind: 'SALE', amountCents: dueCents, orderId: order.id, paymentId: id });
  context.changes.paymentPart = partWords(dueCents);
}

/**
 * A cash order delivered by the courier (decision 0075): what it still owes becomes a CONFIRMED cash part collected
 * at the door (`at_door`), in the courier's name, when the delivery ends. No drawer takes it now: the courier holds
 * the cash until his run's settlement puts it in one, and the settlement still counts it as his to hand over
 * (dispatch's `cashCents` leaves the door's parts out of what was paid before the order left).
 */
export async function recordCashAtDoor(context: MoveContext): Promise<void> {
  const { trx, order, action } = context;
  if (action !== 'deliver' || context.input.cardReceipt) return;
  if ((await repo.paymentMethod(trx, order.id)) !== 'CASH' || (await repo.cardOnDelivery(trx, order.id))) return;
  const { dueCents, seq } = await cashDue(trx, order);
  if (dueCents <= 0) return;
  await repo.insert(trx, {
    order_id: order.id,
    seq,
    method: 'CASH',
    amount_cents: dueCents,
    status: 'CONFIRMED',
    at_door: true,
    created_by: order.deliverer_id ?? context.employeeId,
    created_at: context.happenedAt,
    confirmed_at: context.happenedAt,
  });
  context.changes.paymentPart = partWords(dueCents);
}

import {
  type CardData,
  type CardReceipt,
  type CardSettings,
  cardFeeBasisPoints,
  cardFeeCents,
  cardSettlementDays,
  centsToReais,
  dueAtHandoverCents,
  ORDER_PAYMENT_TEXTS,
  type OrderPaymentBody,
  PART_STATUS_LABELS,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { type MoveContext, recordOrderNote } from '../orders/workflow.service';
import { cardSettings } from '../settings/settings.service';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { brl, describePart, factsOf } from './part-views';

/** The card's fee, net and days as the shop's settings say now (kept on the part: later changes do not touch it). */
export function cardFigures(settings: CardSettings, amountCents: number, card: CardData) {
  if (card.instalments > settings.maxInstalments) {
    throw badRequest(ORDER_PAYMENT_TEXTS.aboveMaxInstalments(settings.maxInstalments));
  }
  const basisPoints = cardFeeBasisPoints(settings, card.kind, card.instalments);
  const feeCents = cardFeeCents(amountCents, basisPoints);
  return {
    card_kind: card.kind,
    card_brand: card.brand,
    instalments: card.instalments,
    nsu: card.nsu,
    authorization_code: card.authorizationCode,
    fee_basis_points: basisPoints,
    fee_cents: feeCents,
    net_cents: amountCents - feeCents,
    settlement_days: cardSettlementDays(settings, card.kind),
  };
}

/**
 * A card charged at the counter with the sale (the card checkout, issue 38): one confirmed part for the whole
 * total, its fee and days from the shop's settings, in the checkout's transaction. The order starts paid
 * (initialOrderStatus: CARD → Aguardando estoquista), so no move follows.
 */
export async function recordCheckoutCard(
  trx: Transaction<Database>,
  order: { id: number; totalCents: number },
  card: CardData,
  employeeId: number,
): Promise<void> {
  const settings = await cardSettings(trx);
  const at = new Date();
  await repo.insert(trx, {
    order_id: order.id,
    seq: 1,
    method: 'CARD',
    amount_cents: order.totalCents,
    status: 'CONFIRMED',
    ...cardFigures(settings, order.totalCents, card),
    created_by: employeeId,
    created_at: at,
    confirmed_at: at,
  });
}

/**
 * The courier's card at the door (decision 0042's amendment), when his delivery ends (`onMoveEnd`, in the
 * delivery's transaction, the order locked): the machine's receipt he typed becomes a confirmed card part for
 * exactly what is due at the handover (`dueAtHandoverCents`), its fee and days from the shop's settings.
 * Refused (409 CARD_AT_DOOR_REFUSED, the delivery with it) when the order is not charged by card at the door,
 * nothing is due, or the amount is not the due. The move's Idempotency-Key makes a replay record it once.
 */
export async function recordCardAtDoor(context: MoveContext): Promise<void> {
  const receipt: CardReceipt | undefined = context.input.cardReceipt;
  if (!receipt || context.action !== 'deliver') return;
  const { trx, order } = context;
  const parts = await repo.ofOrder(trx, order.id);
  const dueCents = dueAtHandoverCents(order.total_cents, factsOf(parts), await repo.refundedCents(trx, order.id));
  if (!(await repo.cardOnDelivery(trx, order.id)) || dueCents === 0) {
    throw conflict(ORDER_PAYMENT_TEXTS.cardAtDoorNotDue(order.code), 'CARD_AT_DOOR_REFUSED', { due: 0 });
  }
  const amountCents = reaisToCents(receipt.amount);
  if (amountCents !== dueCents) {
    throw conflict(ORDER_PAYMENT_TEXTS.cardAtDoorAmount(brl(amountCents), brl(dueCents)), 'CARD_AT_DOOR_REFUSED', {
      due: centsToReais(dueCents),
    });
  }
  const { amount: _amount, ...card } = receipt;
  const at = context.happenedAt;
  const seq = parts.reduce((max, p) => Math.max(max, p.seq), 0) + 1;
  await repo.insert(trx, {
    order_id: order.id,
    seq,
    method: 'CARD',
    amount_cents: amountCents,
    status: 'CONFIRMED',
    ...cardFigures(await cardSettings(trx), amountCents, card),
    created_by: context.employeeId,
    created_at: at,
    confirmed_at: at,
  });
  const body: OrderPaymentBody = { method: 'CARD', amount: receipt.amount, card };
  const confirmed = PART_STATUS_LABELS.CONFIRMED;
  await recordOrderNote(
    trx,
    { ...order, status: context.move.to },
    {
      employeeId: context.employeeId,
      note: ORDER_PAYMENT_TEXTS.cardAtDoorNote(brl(amountCents), card.nsu),
      at,
      audit: { action: 'addPayment', changes: { paymentPart: describePart(body, amountCents, confirmed) } },
    },
  );
}

import { createHash } from 'node:crypto';
import {
  buildPixPayload,
  type CardData,
  type CardReceipt,
  type CardSettings,
  cardFeeBasisPoints,
  cardFeeCents,
  cardPartSettlements,
  cardSettlementDays,
  centsToReais,
  describeCard,
  dueAtHandoverCents,
  formatBRL,
  isFinalOrderStatus,
  ORDER_EDIT_TEXTS,
  ORDER_PAYMENT_TEXTS,
  ORDER_REFUND_TEXTS,
  ORDER_STATUS,
  type OrderPayment,
  type OrderPaymentBody,
  type OrderPaymentClose,
  type OrderPayments,
  type OrderRefund,
  type OrderRefundDone,
  type OrderStatusKey,
  orderStatusLabel,
  PAID_AT_HANDOVER,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
  PAYMENT_TEXTS,
  PIX_PAYABLE_STATUSES,
  partsBalance,
  partsPayTotal,
  partsSettle,
  paymentSettlingMove,
  pixTxid,
  REFUND_METHOD_LABELS,
  reaisToCents,
  refundOwedCents,
  SETTINGS_TEXTS,
  TRADE_IN_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import {
  assertOrderReadable,
  claimOrderRequest,
  type LockedOrder,
  lockOrder,
  type MoveActor,
  type MoveContext,
  recordOrderNote,
  type SystemActor,
  transition,
} from '../orders/workflow.service';
import { cardSettings, pixReceiver } from '../settings/settings.service';
import {
  type OrderPaymentRow,
  type OrderRefundRow,
  orderPaymentsRepository as repo,
} from './order-payments.repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const brl = (cents: number) => formatBRL(centsToReais(cents));

/** The command name a part's Idempotency-Key is claimed under (order_move_requests.command). */
const ADD_PART_COMMAND = 'payments';
/** The command a refund recorded as given back claims its Idempotency-Key under. */
const REFUND_DONE_COMMAND = 'refundDone';

/** A refund as the API answers it. */
function refundToApi(row: OrderRefundRow): OrderRefund {
  return {
    id: row.id,
    amount: centsToReais(row.amount_cents),
    reason: row.reason,
    status: row.status as OrderRefund['status'],
    method: row.method as OrderRefund['method'],
    note: row.note,
    createdAt: iso(row.created_at),
    createdBy: row.created_by_name ?? null,
    doneAt: row.done_at ? iso(row.done_at) : null,
    doneBy: row.done_by_name ?? null,
  };
}

/** A Pix part's own txid: the order's (its code without the dash) + 'P' + the part's number (K7M4QPP2). */
export function partTxid(orderCode: string, seq: number): string {
  return `${pixTxid(orderCode)}P${seq}`;
}

/** The Pix part's BR Code, or null when the shop's Pix receiver (key, name, city) is not complete. */
async function partPayload(db: Executor, amountCents: number, txid: string): Promise<string | null> {
  const { key, merchantName, merchantCity } = await pixReceiver(db);
  if (!key || !merchantName || !merchantCity) return null;
  try {
    return buildPixPayload({ key, merchantName, merchantCity, amountCents, txid });
  } catch {
    return null;
  }
}

/** A part in words for the audit trail: 'Cartão R$ 5.147,41 (Crédito 3× Visa, comprovante 004512): Confirmado'. */
function describePart(body: OrderPaymentBody, amountCents: number, status: string): string {
  const card = body.card
    ? ` (${describeCard(body.card.kind, body.card.instalments, body.card.brand)}, comprovante ${body.card.nsu})`
    : '';
  return `${PART_METHOD_LABELS[body.method]} ${brl(amountCents)}${card}: ${status}`;
}

/** A part as the API answers it. */
async function toApi(db: Executor, row: OrderPaymentRow | (OrderPaymentRow & { created_by_name?: string | null })) {
  const card =
    row.method === 'CARD' && row.card_kind && row.instalments !== null && row.net_cents !== null
      ? {
          kind: row.card_kind,
          brand: row.card_brand ?? '',
          instalments: row.instalments,
          nsu: row.nsu ?? '',
          authorizationCode: row.authorization_code ?? '',
          feePercent: (row.fee_basis_points ?? 0) / 100,
          fee: centsToReais(row.fee_cents ?? 0),
          net: centsToReais(row.net_cents),
          settlements: cardPartSettlements({
            amountCents: row.amount_cents,
            feeCents: row.fee_cents ?? 0,
            netCents: row.net_cents,
            instalments: row.instalments,
            settlementDays: row.settlement_days ?? 0,
            confirmedAt: row.confirmed_at,
            createdAt: row.created_at,
          }).map((s) => ({ date: s.date, amount: centsToReais(s.netCents) })),
        }
      : null;
  const pix =
    row.method === 'PIX' && row.pix_txid
      ? {
          txid: row.pix_txid,
          payload: row.status === 'PENDING' ? await partPayload(db, row.amount_cents, row.pix_txid) : null,
          endToEndId: row.end_to_end_id,
        }
      : null;
  return {
    id: row.id,
    seq: row.seq,
    method: row.method,
    amount: centsToReais(row.amount_cents),
    status: row.status,
    card,
    pix,
    createdAt: iso(row.created_at),
    createdBy: row.created_by_name ?? null,
    confirmedAt: row.confirmed_at ? iso(row.confirmed_at) : null,
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    closeReason: row.close_reason,
  } satisfies OrderPayment;
}

const factsOf = (rows: readonly OrderPaymentRow[]) =>
  rows.map((row) => ({ status: row.status, amountCents: row.amount_cents }));

/**
 * Whether the order may take a new part now: not in a final status; not already paid whole by its own Pix
 * (the webhook's or a match by hand); and either still waiting for its payment (PIX_PAYABLE_STATUSES), paid
 * when handed over (PAID_AT_HANDOVER: cash, a card on delivery), or already paid in parts (a reversed part reopened its balance).
 */
async function assertTakesParts(trx: Transaction<Database>, order: LockedOrder, hasParts: boolean): Promise<void> {
  const status = orderStatusLabel(order.status);
  if (isFinalOrderStatus(order.status)) throw conflict(ORDER_PAYMENT_TEXTS.notPayable(order.code, status));
  if (await repo.wholePix(trx, order.id)) throw conflict(ORDER_PAYMENT_TEXTS.alreadyPaidWhole(order.code));
  if (PIX_PAYABLE_STATUSES.includes(order.status as OrderStatusKey) || hasParts) return;
  const method = await repo.paymentMethod(trx, order.id);
  if (!method || !PAID_AT_HANDOVER.includes(method)) throw conflict(ORDER_PAYMENT_TEXTS.alreadyPaidWhole(order.code));
}

/** The card's fee, net and days as the shop's settings say now (kept on the part: later changes do not touch it). */
function cardFigures(settings: CardSettings, amountCents: number, card: CardData) {
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

/**
 * Whether the order's parts settle its payment (`partsSettle`): its confirmed parts pay the total, or, for an
 * order charged by card at the door, its parts taken before are all confirmed. The 'pixReceived' requirement
 * accepts it as it accepts a Pix of the total.
 */
export async function paidByParts(db: Executor, order: Pick<LockedOrder, 'id' | 'total_cents'>): Promise<boolean> {
  return partsSettleOrder(db, order);
}

async function partsSettleOrder(db: Executor, order: Pick<LockedOrder, 'id' | 'total_cents'>): Promise<boolean> {
  const parts = factsOf(await repo.ofOrder(db, order.id));
  const refunded = await repo.refundedCents(db, order.id);
  return partsSettle(order.total_cents, parts, await repo.cardOnDelivery(db, order.id), refunded);
}

/**
 * A Pix the bank told us of that names a part's txid (the webhook, in its transaction): the part is paid when
 * it waits (PENDING) and the amount is exactly the part's; then, the parts paying the total and 'Pix
 * automático' on (`confirm`), the order makes its payment-settling move by the bank. Off, the Pix completing
 * the total waits for an attendant's click (as a whole-order Pix does); a Pix of a part that does not complete
 * it has nothing to wait for (confirmed at once). Answers why it paid nothing, or undefined when it paid.
 */
export async function receivePartPix(
  trx: Transaction<Database>,
  order: LockedOrder,
  part: { id: number; status: string; amount_cents: number },
  pix: { endToEndId: string; amountCents: number },
  confirm: boolean,
): Promise<{ reason?: 'AMOUNT_MISMATCH' | 'NOT_WAITING' | 'ALREADY_PAID'; settled: boolean }> {
  if (part.status === 'CONFIRMED') return { reason: 'ALREADY_PAID', settled: false };
  if (part.status !== 'PENDING' || isFinalOrderStatus(order.status)) return { reason: 'NOT_WAITING', settled: false };
  if (pix.amountCents !== part.amount_cents) return { reason: 'AMOUNT_MISMATCH', settled: false };
  const at = new Date();
  await repo.update(trx, part.id, { status: 'CONFIRMED', confirmed_at: at, end_to_end_id: pix.endToEndId });
  await recordOrderNote(trx, order, {
    employeeId: null,
    note: ORDER_PAYMENT_TEXTS.pixPartNote(brl(pix.amountCents), pix.endToEndId),
    at,
    touch: true,
  });
  const completes = paymentSettlingMove(order.status) !== undefined && (await partsSettleOrder(trx, order));
  if (completes && confirm) {
    await settleIfPaidByParts(trx, order, 'bank');
    return { settled: true };
  }
  return { settled: !completes };
}

/**
 * A part's Pix given back by the bank (its `devolucoes`): the part is reversed and the order's balance
 * reopens (the order's status stays: the attendants decide, as with a whole-order Pix given back).
 */
export async function reversePartOfPix(trx: Transaction<Database>, endToEndId: string, note: string): Promise<void> {
  const part = await repo.byEndToEndId(trx, endToEndId);
  if (part?.status !== 'CONFIRMED') return;
  await repo.update(trx, part.id, { status: 'REVERSED', closed_at: new Date(), close_reason: note });
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
 * The Pix part of a sale split at checkout (decision 0042's amendment): pending, with its own txid and BR Code,
 * paid by the bank's webhook like any Pix part; the rest of the total is the card's at the door.
 */
export async function recordCheckoutPixPart(
  trx: Transaction<Database>,
  order: { id: number; code: string; amountCents: number },
  employeeId: number,
): Promise<{ amount: number; txid: string; payload: string | null }> {
  const txid = partTxid(order.code, 1);
  await repo.insert(trx, {
    order_id: order.id,
    seq: 1,
    method: 'PIX',
    amount_cents: order.amountCents,
    status: 'PENDING',
    pix_txid: txid,
    created_by: employeeId,
    created_at: new Date(),
  });
  return { amount: centsToReais(order.amountCents), txid, payload: await partPayload(trx, order.amountCents, txid) };
}

/**
 * GET /orders/pix/{orderId} (section 7): the static BR Code of the order, with the first active Pix key and the
 * shop's merchant name and city: its total, txid its code (as always). An order with a Pix part waiting (a split
 * sale's) answers that part's instead (its amount and txid): a section 7 client shows what pays it, not the whole,
 * which the webhook would refuse as paid in parts.
 */
export async function orderPixPayload(db: Executor, orderId: number): Promise<string> {
  const order = await repo.orderForPix(db, orderId);
  if (!order) throw notFound(SETTINGS_TEXTS.orderNotFound);
  const { key, merchantName, merchantCity } = await pixReceiver(db);
  if (!key) throw conflict(SETTINGS_TEXTS.noActivePixKey, 'PIX_KEY_MISSING');
  if (!merchantName || !merchantCity) throw conflict(SETTINGS_TEXTS.merchantMissing, 'PIX_MERCHANT_MISSING');
  const parts = await repo.ofOrder(db, order.id);
  const waiting = parts.find((part) => part.method === 'PIX' && part.status === 'PENDING' && part.pix_txid);
  if (waiting?.pix_txid) {
    const amountCents = waiting.amount_cents;
    return buildPixPayload({ key, merchantName, merchantCity, amountCents, txid: waiting.pix_txid });
  }
  const amountCents = order.total_cents > 0 ? order.total_cents : undefined;
  return buildPixPayload({ key, merchantName, merchantCity, amountCents, txid: pixTxid(order.code) });
}

/** A split sale's Pix part as its checkout answers it (a replay): its amount, txid and, while it waits, its BR Code. */
export async function checkoutPixPart(
  db: Executor,
  orderId: number,
): Promise<{ amount: number; txid: string; payload: string | null } | undefined> {
  const part = (await repo.ofOrder(db, orderId)).find((row) => row.seq === 1 && row.method === 'PIX');
  if (!part?.pix_txid) return undefined;
  const payload = part.status === 'PENDING' ? await partPayload(db, part.amount_cents, part.pix_txid) : null;
  return { amount: centsToReais(part.amount_cents), txid: part.pix_txid, payload };
}

/**
 * The courier's card at the door (decision 0042's amendment), when his delivery ends (`onMoveEnd`, in the
 * delivery's transaction, the order locked): the machine's receipt he typed becomes a confirmed card part for
 * exactly what is due at the handover (`dueAtHandoverCents`), its fee and days from the shop's settings.
 * Refused (409 CARD_AT_DOOR_REFUSED, the delivery with it) when the order is not charged by card at the door,
 * nothing is due, or the amount is not the due. The move's Idempotency-Key makes a replay record it once.
 */
/**
 * A cash order handed over at the counter ('Finalizar' from 'Aguardando cliente': a pickup, or an order the
 * courier brought back) is paid there: what it still owes in cash lands in the open register of who finalizes it
 * (decision 0053). Delivered orders' cash comes with the courier's settlement instead.
 */
export async function recordCashAtCounter(context: MoveContext): Promise<void> {
  const { trx, order, action, employeeId } = context;
  if (action !== 'finalize' || order.status !== ORDER_STATUS.AGUARDANDO_CLIENTE || employeeId === null) return;
  if ((await repo.paymentMethod(trx, order.id)) !== 'CASH') return;
  const parts = await repo.ofOrder(trx, order.id);
  const dueCents = dueAtHandoverCents(order.total_cents, factsOf(parts), await repo.refundedCents(trx, order.id));
  await receiveCash(trx, { employeeId, kind: 'SALE', amountCents: dueCents, orderId: order.id });
}

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

/**
 * A used phone taken as part of an order's payment (issue 42 §1, decision 0058): a TRADE_IN part of the trade-in's
 * value, confirmed at once, written in the trade-in's transaction under the order's lock. Refused as any part is
 * (an order that takes no parts now) and when the value passes what is still due; the order moves on when its
 * parts now pay it.
 */
export async function addTradeInPart(
  trx: Transaction<Database>,
  actor: Exclude<MoveActor, 'bank' | SystemActor>,
  orderId: number,
  tradeIn: { id: number; code: string; valueCents: number },
): Promise<{ orderCode: string }> {
  const order = await lockOrder(trx, orderId, PAYMENT_TEXTS.orderNotFound);
  const parts = await repo.ofOrder(trx, order.id);
  await assertTakesParts(
    trx,
    order,
    parts.some((p) => p.status === 'PENDING' || p.status === 'CONFIRMED'),
  );
  const { dueCents } = partsBalance(order.total_cents, factsOf(parts), await repo.refundedCents(trx, order.id));
  if (tradeIn.valueCents > dueCents) {
    throw conflict(TRADE_IN_TEXTS.valueAboveDue(brl(tradeIn.valueCents), brl(dueCents)), 'PAYMENT_OVERPAID', {
      due: centsToReais(Math.max(0, dueCents)),
    });
  }
  const at = new Date();
  await repo.insert(trx, {
    order_id: order.id,
    seq: parts.reduce((max, p) => Math.max(max, p.seq), 0) + 1,
    method: 'TRADE_IN',
    amount_cents: tradeIn.valueCents,
    status: 'CONFIRMED',
    trade_in_id: tradeIn.id,
    created_by: actor.employeeId,
    created_at: at,
    confirmed_at: at,
  });
  const confirmed = PART_STATUS_LABELS.CONFIRMED;
  await recordOrderNote(trx, order, {
    employeeId: actor.employeeId,
    note: TRADE_IN_TEXTS.partNote(tradeIn.code, brl(tradeIn.valueCents)),
    at,
    touch: true,
    audit: {
      action: 'addPayment',
      changes: {
        paymentPart: `${PART_METHOD_LABELS.TRADE_IN} ${brl(tradeIn.valueCents)} (${tradeIn.code}): ${confirmed}`,
      },
    },
  });
  await settleIfPaidByParts(trx, order, actor);
  return { orderCode: order.code };
}

/**
 * Split and card payments of an order (issue 38 §2, decision 0042): its parts, a new part (idempotent by its
 * Idempotency-Key, the moves' mechanism), a part refused or reversed. Each write runs in one transaction
 * with the order's row locked first: two parts for the same balance queue, and the second sees what the
 * first took.
 */
export function createOrderPaymentsService(db: DB) {
  async function list(principal: Principal, orderId: number): Promise<OrderPayments> {
    await assertOrderReadable(db, principal, orderId, PAYMENT_TEXTS.orderNotFound);
    const order = await db
      .selectFrom('orders')
      .select(['id', 'total_cents'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound(PAYMENT_TEXTS.orderNotFound);
    const rows = await repo.ofOrder(db, orderId);
    const refunds = await repo.refundsOf(db, orderId);
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
    const balance = partsBalance(order.total_cents, factsOf(rows), refunded);
    return {
      orderId,
      total: centsToReais(order.total_cents),
      paid: centsToReais(balance.confirmedCents),
      pending: centsToReais(balance.pendingCents),
      due: centsToReais(balance.dueCents),
      paidInFull: partsPayTotal(order.total_cents, factsOf(rows), refunded),
      parts: await Promise.all(rows.map((row) => toApi(db, row))),
      refunds: refunds.map(refundToApi),
    };
  }

  async function add(principal: Principal, orderId: number, body: OrderPaymentBody, key?: string) {
    await assertOrderReadable(db, principal, orderId, PAYMENT_TEXTS.orderNotFound);
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const settings = body.card ? await cardSettings(db) : undefined;
    const done = await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId, PAYMENT_TEXTS.orderNotFound);
      if (key) {
        const request = { key, employeeId: principal.employeeId, command: ADD_PART_COMMAND, orderId: order.id, hash };
        if (!(await claimOrderRequest(trx, request, ORDER_PAYMENT_TEXTS.keyReused))) {
          const earlier = await repo.byKey(trx, key);
          if (!earlier) throw conflict(ORDER_PAYMENT_TEXTS.keyReused);
          return { id: earlier.id, status: order.status as OrderStatusKey, replayed: true };
        }
      }
      const parts = await repo.ofOrder(trx, order.id);
      await assertTakesParts(
        trx,
        order,
        parts.some((p) => p.status === 'PENDING' || p.status === 'CONFIRMED'),
      );
      const amountCents = reaisToCents(body.amount);
      const { dueCents } = partsBalance(order.total_cents, factsOf(parts), await repo.refundedCents(trx, order.id));
      if (dueCents <= 0) throw conflict(ORDER_PAYMENT_TEXTS.nothingDue, 'PAYMENT_OVERPAID', { due: 0 });
      if (amountCents > dueCents) {
        throw conflict(ORDER_PAYMENT_TEXTS.overpaid(brl(dueCents)), 'PAYMENT_OVERPAID', {
          due: centsToReais(dueCents),
        });
      }
      const seq = parts.reduce((max, p) => Math.max(max, p.seq), 0) + 1;
      const at = new Date();
      const pending = body.method === 'PIX';
      const { id } = await repo.insert(trx, {
        order_id: order.id,
        seq,
        method: body.method,
        amount_cents: amountCents,
        status: pending ? 'PENDING' : 'CONFIRMED',
        ...(body.card && settings ? cardFigures(settings, amountCents, body.card) : {}),
        pix_txid: body.method === 'PIX' ? partTxid(order.code, seq) : null,
        idempotency_key: key ?? null,
        created_by: principal.employeeId,
        created_at: at,
        confirmed_at: pending ? null : at,
      });
      // Cash taken at the counter lands in the open register of who took it (decision 0053).
      if (body.method === 'CASH') {
        await receiveCash(trx, {
          employeeId: principal.employeeId,
          kind: 'SALE',
          amountCents,
          orderId: order.id,
          paymentId: id,
        });
      }
      const status = PART_STATUS_LABELS[pending ? 'PENDING' : 'CONFIRMED'];
      await recordOrderNote(trx, order, {
        employeeId: principal.employeeId,
        note: ORDER_PAYMENT_TEXTS.partNote(PART_METHOD_LABELS[body.method], brl(amountCents), status),
        at,
        touch: true,
        audit: { action: 'addPayment', changes: { paymentPart: describePart(body, amountCents, status) } },
      });
      const actor = { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func };
      const orderStatus = pending ? (order.status as OrderStatusKey) : await settleIfPaidByParts(trx, order, actor);
      return { id, status: orderStatus, replayed: false };
    });
    const row = await repo.byId(db, orderId, done.id);
    if (!row) throw notFound(ORDER_PAYMENT_TEXTS.partNotFound);
    return { data: await toApi(db, row), orderStatusKey: done.status, replayed: done.replayed };
  }

  /**
   * A pending part refused (the customer gave up that Pix) or a confirmed one reversed (a chargeback, money
   * given back): its amount is owed again. The order's status stays (an order already paid and moving on is
   * for the attendants to decide, as with a Pix given back); history and audit name who and why. The same
   * close sent again (a retry whose answer was lost: same status, same reason) answers the part as it is,
   * writing nothing.
   */
  async function close(principal: Principal, orderId: number, paymentId: number, input: OrderPaymentClose) {
    await assertOrderReadable(db, principal, orderId, PAYMENT_TEXTS.orderNotFound);
    await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, orderId, PAYMENT_TEXTS.orderNotFound);
      const part = await repo.byId(trx, order.id, paymentId);
      if (!part) throw notFound(ORDER_PAYMENT_TEXTS.partNotFound);
      if (part.status === input.status && part.close_reason === input.reason) return;
      if (part.method === 'TRADE_IN') throw conflict(ORDER_PAYMENT_TEXTS.tradeInPartFixed, 'TRANSITION_REFUSED');
      if (input.status === 'REFUSED' && part.status !== 'PENDING') {
        throw conflict(ORDER_PAYMENT_TEXTS.refuseOnlyPending, 'TRANSITION_REFUSED', { status: part.status });
      }
      if (input.status === 'REVERSED' && part.status !== 'CONFIRMED') {
        throw conflict(ORDER_PAYMENT_TEXTS.reverseOnlyConfirmed, 'TRANSITION_REFUSED', { status: part.status });
      }
      const at = new Date();
      await repo.update(trx, part.id, {
        status: input.status,
        closed_at: at,
        closed_by: principal.employeeId,
        close_reason: input.reason,
      });
      // Cash given back leaves the open register of who gives it (decision 0053).
      if (input.status === 'REVERSED' && part.method === 'CASH') {
        await receiveCash(trx, {
          employeeId: principal.employeeId,
          kind: 'REFUND',
          amountCents: part.amount_cents,
          orderId: order.id,
          paymentId: part.id,
          reason: input.reason,
        });
      }
      await recordOrderNote(trx, order, {
        employeeId: principal.employeeId,
        note: ORDER_PAYMENT_TEXTS.closedNote(
          PART_METHOD_LABELS[part.method],
          brl(part.amount_cents),
          PART_STATUS_LABELS[input.status],
          input.reason,
        ),
        at,
        touch: true,
        audit: {
          action: input.status === 'REFUSED' ? 'refusePayment' : 'reversePayment',
          changes: {
            paymentPart: `${PART_METHOD_LABELS[part.method]} ${brl(part.amount_cents)}: ${PART_STATUS_LABELS[input.status]}`,
            note: input.reason,
          },
        },
      });
    });
    const row = await repo.byId(db, orderId, paymentId);
    if (!row) throw notFound(ORDER_PAYMENT_TEXTS.partNotFound);
    return { data: await toApi(db, row) };
  }

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

  return { list, add, close, refundDone };
}

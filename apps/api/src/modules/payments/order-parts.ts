import { createHash } from 'node:crypto';
import {
  centsToReais,
  ORDER_PAYMENT_TEXTS,
  type OrderPaymentBody,
  type OrderPaymentClose,
  type OrderPayments,
  type OrderStatusKey,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
  PAYMENT_TEXTS,
  partsBalance,
  partsPayTotal,
  reaisToCents,
  TRADE_IN_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { receiveCash } from '../cash/cash.service';
import {
  assertOrderReadable,
  claimOrderRequest,
  lockOrder,
  type MoveActor,
  recordOrderNote,
  type SystemActor,
} from '../orders/workflow.service';
import { cardSettings } from '../settings/settings.service';
import { cardFigures } from './card-parts';
import { assertCashDrawer } from './cash-parts';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { assertTakesParts, partsRefusal, settleIfPaidByParts } from './part-rules';
import { brl, describePart, factsOf, partTxid, refundToApi, toApi } from './part-views';

/** The command name a part's Idempotency-Key is claimed under (order_move_requests.command). */
const ADD_PART_COMMAND = 'payments';

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
export function orderParts(db: DB) {
  async function list(principal: Principal, orderId: number): Promise<OrderPayments> {
    await assertOrderReadable(db, principal, orderId, PAYMENT_TEXTS.orderNotFound);
    const order = await db
      .selectFrom('orders')
      .select(['id', 'code', 'status', 'total_cents'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound(PAYMENT_TEXTS.orderNotFound);
    const rows = await repo.ofOrder(db, orderId);
    const refunds = await repo.refundsOf(db, orderId);
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
    const balance = partsBalance(order.total_cents, factsOf(rows), refunded);
    const held = rows.some((p) => p.status === 'PENDING' || p.status === 'CONFIRMED');
    return {
      takesParts: balance.dueCents > 0 && (await partsRefusal(db, order, held)) === null,
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
      // Cash at the counter needs the open drawer of who takes it (decision 0075), checked before anything is written.
      if (body.method === 'CASH') {
        await assertCashDrawer(trx, principal.employeeId, ORDER_PAYMENT_TEXTS.drawerClosed(brl(amountCents)));
      }
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
      // Cash taken at the counter lands in the open drawer of who took it (decisions 0053, 0075).
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

  return { list, add, close };
}

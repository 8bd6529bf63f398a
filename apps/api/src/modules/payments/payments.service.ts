import {
  centsToReais,
  formatBRL,
  normalizeEndToEndId,
  ORDER_TEXTS,
  type OrderStatusKey,
  orderStatusLabel,
  PAYMENT_TEXTS,
  PIX_PAYABLE_STATUSES,
  PIX_WEBHOOK_BASE,
  type PixReceivedList,
  type PixReceivedQuery,
  type PixUnmatchedReason,
  type PixWebhookEntry,
  paymentSettlingMove,
  pixAmountCents,
  pixPaysTotal,
  pixRefunded,
  pixTimeIsBelievable,
  pixWebhookEntrySchema,
  settlesPayment,
} from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { findUnsafeValue } from '../../plugins/input-guard';
import { receiveInstalmentPix } from '../credit/receivables.service';
import { pixOfOrder } from '../orders/payment-facts.service';
import {
  type LockedOrder,
  lockOrder,
  lockOrderIfAny,
  onMoveEnd,
  onRequirement,
  orderIdByTxid,
  recordOrderNote,
  transition,
} from '../orders/workflow.service';
import { isPixWebhookSecret, pixAutoOn, pixWebhookSecret } from '../settings/settings.service';
import { orderPaymentsRepository as partsRepo } from './order-payments.repository';
import {
  paidByParts,
  receivePartPix,
  recordCardAtDoor,
  recordCashAtCounter,
  reversePartOfPix,
} from './order-payments.service';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import { receivedPixPage } from './pix-received.service';

/** The largest amount a Pix may carry here (cents in an `integer` column). */
const MAX_AMOUNT_CENTS = 2_147_483_647;

/** The webhook's entries, however the bank wrapped them: `{ pix: [...] }` or the bare array. */
function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return (body as { pix: unknown[] }).pix;
}

/** Why an entry is skipped: it is not a Pix of the standard, holds what no column can keep, or an unbelievable time. */
type Skipped = { skip: string };

/** One entry of a delivery, checked on its own: the Pix to store, or why it is skipped. */
function readEntry(raw: unknown, receivedAt: Date): ReceivedPix | Skipped {
  const unsafe = findUnsafeValue(raw);
  if (unsafe) return { skip: `${unsafe.message} (${unsafe.path || 'entry'})` };
  const parsed = pixWebhookEntrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { skip: `not a Pix of the standard (${issue?.path.join('.') || 'entry'}: ${issue?.message})` };
  }
  const entry: PixWebhookEntry = parsed.data;
  const amountCents = pixAmountCents(entry.valor);
  if (!(amountCents <= MAX_AMOUNT_CENTS)) return { skip: 'amount beyond what is kept' };
  const paidAt = new Date(entry.horario);
  if (!pixTimeIsBelievable(paidAt, receivedAt)) return { skip: `unbelievable horario ${entry.horario}` };
  const refunded = pixRefunded(entry);
  if (refunded.cents > amountCents) return { skip: 'refunds above the amount of the Pix' };
  return {
    endToEndId: entry.endToEndId,
    txid: entry.txid ?? null,
    amountCents,
    paidAt,
    payer: entry.infoPagador ?? null,
    refundedCents: refunded.cents,
    refundedAt: refunded.cents > 0 ? (refunded.at ?? receivedAt) : null,
  };
}

/** What the log says of a skipped entry: where it was and its E2E id if it has a readable one, never the whole entry. */
function entryLabel(raw: unknown, index: number): { index: number; endToEndId?: string } {
  const id = (raw as { endToEndId?: unknown } | null)?.endToEndId;
  return typeof id === 'string' && /^[A-Za-z0-9]{1,40}$/.test(id) ? { index, endToEndId: id } : { index };
}

/** LGPD: the payer of the Pix that paid nothing but named an anonymised customer's txids or CPF, forgotten (issue 53 §6). */
export { forgetPixPayersOf } from './pix-payers';

/** A Pix the bank told us of (one entry of its webhook), in our units. */
export interface ReceivedPix {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date;
  payer: string | null;
  /** What its refunds (DEVOLVIDO) gave back so far, and when the last settled (null without refunds). */
  refundedCents: number;
  refundedAt: Date | null;
}

/** Why this Pix cannot pay this order now (undefined: it can). Checked with the order row locked. */
async function pixRefusal(
  trx: Transaction<Database>,
  order: LockedOrder,
  amountCents: number,
): Promise<{ reason: PixUnmatchedReason; message: string } | undefined> {
  if (!PIX_PAYABLE_STATUSES.includes(order.status as OrderStatusKey)) {
    return { reason: 'NOT_WAITING', message: PAYMENT_TEXTS.notWaiting(order.code, orderStatusLabel(order.status)) };
  }
  if (!pixPaysTotal(amountCents, order.total_cents)) {
    return {
      reason: 'AMOUNT_MISMATCH',
      message: PAYMENT_TEXTS.amountMismatch(
        formatBRL(centsToReais(amountCents)),
        formatBRL(centsToReais(order.total_cents)),
      ),
    };
  }
  if (await pixOfOrder(trx, order.id))
    return { reason: 'ALREADY_PAID', message: PAYMENT_TEXTS.alreadyPaid(order.code) };
  // Paid in parts (decision 0042): a Pix for the whole order would pay it twice; each Pix names its part.
  const parts = await partsRepo.ofOrder(trx, order.id);
  if (parts.some((p) => p.status === 'PENDING' || p.status === 'CONFIRMED')) {
    return { reason: 'ALREADY_PAID', message: PAYMENT_TEXTS.paidInParts(order.code) };
  }
  return undefined;
}

/**
 * A Pix the bank's webhook told us of, in one transaction: stored once by its E2E id (a replay changes
 * nothing); matched to the order its txid names when that order waits for its payment and the amount is
 * exactly its total (else stored as not identified, with the reason); and, with 'Pix automático' on
 * (`confirm`), the order's payment confirmed through the workflow by the bank. A refund it carries beyond
 * what was recorded marks the payment refunded (`recordPixRefund`). Concurrent deliveries of one E2E id
 * wait on its primary key: one confirmation.
 */
export function receivePix(
  db: DB,
  pix: ReceivedPix,
  confirm: boolean,
): Promise<{ stored: boolean; refunded: boolean }> {
  return db.transaction().execute(async (trx) => {
    const stored = await pixRepo.insertOnce(trx, {
      end_to_end_id: pix.endToEndId,
      txid: pix.txid,
      amount_cents: pix.amountCents,
      paid_at: pix.paidAt,
      payer: pix.payer,
      unmatched_reason: pix.txid ? 'UNKNOWN_TXID' : 'NO_TXID',
    });
    // A Pix given back whole before we heard of it pays nothing: matched (the attendants see it), not confirmed.
    if (stored) await matchReceivedPix(trx, pix, confirm && pix.refundedCents < pix.amountCents);
    const refunded = pix.refundedCents > 0 && (await recordPixRefund(trx, pix));
    return { stored, refunded };
  });
}

/** A Pix just stored: matched to the order its txid names, or kept as not identified with the reason. */
async function matchReceivedPix(trx: Transaction<Database>, pix: ReceivedPix, confirm: boolean): Promise<void> {
  // An instalment's own txid (a sale on credit, decision 0054): the Pix pays that instalment.
  const instalment = pix.txid
    ? await receiveInstalmentPix(trx, {
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        amountCents: pix.amountCents,
        paidAt: pix.paidAt,
      })
    : undefined;
  if (instalment) {
    if ('refused' in instalment) await pixRepo.unmatched(trx, pix.endToEndId, instalment.refused);
    else await pixRepo.match(trx, pix.endToEndId, instalment.orderId, null);
    return;
  }
  // A part's own txid (a split payment, decision 0042): the Pix pays that part, for exactly its amount.
  const named = pix.txid ? await partsRepo.byTxid(trx, pix.txid) : undefined;
  if (named) {
    const order = await lockOrder(trx, named.order_id);
    // Read again under the order's lock: an attendant may have refused it while this Pix waited for the lock.
    const part = (await partsRepo.byId(trx, order.id, named.id)) ?? named;
    const outcome = await receivePartPix(trx, order, part, pix, confirm);
    if (outcome.reason) {
      await pixRepo.unmatched(trx, pix.endToEndId, outcome.reason);
      return;
    }
    await pixRepo.match(trx, pix.endToEndId, order.id, null);
    // Nothing waits for a click unless this Pix completed the total with 'Pix automático' off.
    if (outcome.settled) await pixRepo.confirmFor(trx, order.id, new Date());
    return;
  }
  const orderId = pix.txid ? await orderIdByTxid(trx, pix.txid) : undefined;
  const order = orderId === undefined ? undefined : await lockOrderIfAny(trx, orderId);
  if (!order) return;
  const refused = await pixRefusal(trx, order, pix.amountCents);
  if (refused) {
    await pixRepo.unmatched(trx, pix.endToEndId, refused.reason);
    return;
  }
  await pixRepo.match(trx, pix.endToEndId, order.id, null);
  const settling = paymentSettlingMove(order.status);
  if (confirm && settling) {
    await transition(trx, order, settling.action, 'bank', { note: PAYMENT_TEXTS.confirmedNote(pix.endToEndId) });
  }
}

/**
 * The bank gave (part of) a stored Pix back to its payer (`devolucoes`, DEVOLVIDO): when that is more than
 * was recorded, the Pix keeps the refunded amount and time, and the order it paid gets a line in its
 * history by 'Sistema' (its status stays: the attendants, told by the bell, decide what follows). False
 * when nothing new was refunded (a replay).
 */
async function recordPixRefund(trx: Transaction<Database>, pix: ReceivedPix): Promise<boolean> {
  const row = await pixRepo.lock(trx, pix.endToEndId);
  if (!row || pix.refundedCents <= row.refunded_cents) return false;
  const at = pix.refundedAt ?? new Date();
  await pixRepo.refund(trx, pix.endToEndId, pix.refundedCents, at);
  if (row.order_id === null) return true;
  const refundNote = PAYMENT_TEXTS.refundedNote(
    formatBRL(centsToReais(pix.refundedCents)),
    formatBRL(centsToReais(row.amount_cents)),
    row.end_to_end_id,
  );
  const order = await lockOrderIfAny(trx, row.order_id);
  if (!order) return true;
  // The Pix of a part: the part is reversed, its amount owed again (decision 0042).
  await reversePartOfPix(trx, row.end_to_end_id, refundNote);
  await recordOrderNote(trx, order, {
    employeeId: null,
    note: refundNote,
    at: new Date(),
    touch: true,
  });
  return true;
}

/**
 * An attendant matches a Pix that paid no order to one (the customer typed no txid, or a wrong one): the
 * same checks as the webhook's (the order waits, the exact total, no other Pix), refused with the reason
 * (409); then the order's payment is confirmed by the attendant's move (audited, history naming the E2E id).
 * The same match sent again answers 204 and changes nothing; a Pix matched to another order is 409.
 */
async function matchPixByHand(db: DB, principal: Principal, endToEndId: string, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pix = await pixRepo.lock(trx, endToEndId);
    if (!pix) throw notFound(PAYMENT_TEXTS.pixNotFound);
    if (pix.order_id === orderId) return; // sent again (its answer was lost): done already, nothing changes
    if (pix.order_id !== null) throw conflict(PAYMENT_TEXTS.alreadyMatched, 'PIX_ALREADY_MATCHED');
    if (pix.refunded_cents > 0) throw conflict(PAYMENT_TEXTS.refundedNotMatchable, 'PIX_NOT_MATCHED');
    const order = await lockOrder(trx, orderId, PAYMENT_TEXTS.orderNotFound);
    const refused = await pixRefusal(trx, order, pix.amount_cents);
    if (refused) throw conflict(refused.message, 'PIX_NOT_MATCHED', { reason: refused.reason });
    await pixRepo.match(trx, endToEndId, order.id, principal.employeeId);
    const settling = paymentSettlingMove(order.status);
    if (!settling) throw new Error(`no payment-settling move from status ${order.status}`);
    await transition(
      trx,
      order,
      settling.action,
      { employeeId: principal.employeeId, permissions: principal.permissions, func: principal.func },
      { note: PAYMENT_TEXTS.matchedByHandNote(endToEndId) },
    );
  });
}

/**
 * What payments does in the order workflow (workflow.service.ts): 'Confirmar Pix recebido' requires a Pix
 * received for this order for exactly its total ('pixReceived'), and any move that settles an order's payment
 * confirms its Pix received, if any (Pix automático off: an attendant's click). Registered by the service
 * factory, so every app (and every test app) has them.
 */
export function registerPaymentsWorkflow(): void {
  onRequirement('pixReceived', async ({ trx, order }) => {
    const pix = await pixOfOrder(trx, order.id);
    // A Pix for exactly the total, or (decision 0042) parts whose confirmed sum is exactly the total.
    const paid = pix && pixPaysTotal(pix.amount_cents, order.total_cents);
    if (!paid && !(await paidByParts(trx, order))) {
      throw badRequest(ORDER_TEXTS.pixNotReceived, 'ORDER_REQUIREMENT_MISSING');
    }
  });
  onMoveEnd('payments', async ({ trx, order, move, at }) => {
    if (settlesPayment(move)) await pixRepo.confirmFor(trx, order.id, at);
  });
  // The courier's card at the door, typed on delivering (decision 0042's amendment): its part, in the delivery.
  onMoveEnd('cardAtDoor', recordCardAtDoor);
  // A cash order paid at the counter on its handover: into the finalizer's open register (decision 0053).
  onMoveEnd('cashAtCounter', recordCashAtCounter);
}

/**
 * Payments the bank tells us about (issue 18): the Pix webhook (its URL and secret, and each delivery),
 * the list of Pix received and the match of one by hand. This module stores the Pix and moves the orders
 * through the workflow (`receivePix`, `matchPixByHand`); the settings module keeps the secret and 'Pix
 * automático'.
 */
export function createPaymentsService(db: DB, publicUrl: string, log: FastifyBaseLogger) {
  registerPaymentsWorkflow();
  const urlOf = (secret: string) => `${publicUrl}/api${PIX_WEBHOOK_BASE}/${secret}`;

  return {
    /** The URL to register at the bank (it calls `{url}/pix`), made on first request. */
    async webhook(renew = false): Promise<{ url: string; secret: string }> {
      const secret = await pixWebhookSecret(db, renew);
      return { url: urlOf(secret), secret };
    },

    isSecret: (candidate: string) => isPixWebhookSecret(db, candidate),

    /**
     * One delivery: each entry checked on its own (one the standard does not allow, one holding a value no
     * column can keep, one of an unbelievable time is logged and skipped, so the bank does not retry the
     * others forever), stored once, matched, confirmed with 'Pix automático'; a refund it carries for a
     * stored Pix marks that payment refunded.
     */
    async receive(body: unknown): Promise<{ received: number; repeated: number; ignored: number; refunded: number }> {
      const confirm = await pixAutoOn(db);
      const counts = { received: 0, repeated: 0, ignored: 0, refunded: 0 };
      const receivedAt = new Date();
      for (const [index, raw] of entriesOf(body).entries()) {
        const pix = readEntry(raw, receivedAt);
        if ('skip' in pix) {
          counts.ignored++;
          log.warn({ entry: entryLabel(raw, index), reason: pix.skip }, 'pix webhook: entry skipped');
          continue;
        }
        const outcome = await receivePix(db, pix, confirm);
        if (outcome.stored) counts.received++;
        if (outcome.refunded) counts.refunded++;
        if (!outcome.stored && !outcome.refunded) counts.repeated++;
      }
      log.info(counts, 'pix webhook delivery');
      return counts;
    },

    list: (query: PixReceivedQuery): Promise<PixReceivedList> => receivedPixPage(db, query),

    match: (principal: Principal, endToEndId: string, orderId: number) =>
      matchPixByHand(db, principal, normalizeEndToEndId(endToEndId), orderId),
  };
}

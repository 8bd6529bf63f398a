import {
  buildPixPayload,
  centsToReais,
  isFinalOrderStatus,
  ORDER_PAYMENT_TEXTS,
  paymentSettlingMove,
  pixTxid,
  SETTINGS_TEXTS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { type LockedOrder, recordOrderNote } from '../orders/workflow.service';
import { pixReceiver } from '../settings/settings.service';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { partsSettleOrder, settleIfPaidByParts } from './part-rules';
import { brl, partPayload, partTxid } from './part-views';

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

import {
  CASH_TEXTS,
  type CardData,
  COUNTER_TEXTS,
  type CounterPix,
  centsToReais,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { receiveCash, shopUsesDrawers } from '../cash/cash.service';
import type { MoveContext } from '../orders/workflow.service';
import { cardSettings } from '../settings/settings.service';
import { cardFigures } from './card-parts';
import { assertCashDrawer } from './cash-parts';
import { orderPaymentsRepository as repo } from './order-payments.repository';
import { brl, partPayload, partTxid } from './part-views';

/**
 * A payment taken at the counter, in cents: cash (its part of the total, and the 'valor recebido' when the clerk
 * typed it: kept for the receipt's change), a card with its machine receipt, or a Pix the customer pays from his
 * phone (waiting for the bank).
 */
export type CounterPart =
  | { method: 'CASH'; amountCents: number; receivedCents?: number | undefined }
  | { method: 'CARD'; amountCents: number; card: CardData }
  | { method: 'PIX'; amountCents: number };

/**
 * Refused before anything is written (409 CASH_DRAWER_CLOSED) when the sale takes cash and the seller has no drawer
 * open: cash at the counter always lands in the open drawer of who sells (`assertCashDrawer`, decision 0075; a shop
 * without any register keeps selling). Answers the drawer's name.
 */
export async function assertCounterDrawer(
  trx: Transaction<Database>,
  employeeId: number,
  parts: ReadonlyArray<CounterPart>,
): Promise<string | null> {
  if (!parts.some((part) => part.method === 'CASH')) return null;
  return assertCashDrawer(trx, employeeId, COUNTER_TEXTS.drawerClosed);
}

/**
 * Refused before anything is written (409 PIX_KEY_MISSING) when the sale takes a Pix and the shop cannot make its
 * BR Code (no active Pix key, or no receiver's name and city): the customer pays it from the QR.
 */
export async function assertCounterPixReceiver(
  trx: Transaction<Database>,
  parts: ReadonlyArray<CounterPart>,
): Promise<void> {
  const pix = parts.find((part) => part.method === 'PIX');
  if (pix && (await partPayload(trx, pix.amountCents, 'CHECK')) === null) {
    throw conflict(COUNTER_TEXTS.pixReceiverMissing, 'PIX_KEY_MISSING');
  }
}

/**
 * The payments of a counter sale (decision 0074), in the sale's transaction before its handover: each a CONFIRMED
 * part of the order (the customer paid in front of the clerk), a card's fee, net and days from the shop's settings,
 * the cash into the seller's open drawer (`receiveCash`, its entry naming the part); a Pix part PENDING with its own
 * txid, paid by the bank's webhook as any Pix part (`receivePartPix`). The caller checked that they add up to the
 * total (`counterPaymentsCheck`), that the drawer is open (`assertCounterDrawer`) and that the shop takes Pix
 * (`assertCounterPixReceiver`). Answers the Pix part, if any, with its BR Code.
 */
export async function recordCounterPayments(
  trx: Transaction<Database>,
  order: { id: number; code: string },
  parts: ReadonlyArray<CounterPart>,
  employeeId: number,
): Promise<CounterPix | null> {
  const settings = parts.some((part) => part.method === 'CARD') ? await cardSettings(trx) : undefined;
  const at = new Date();
  let pix: CounterPix | null = null;
  for (const [index, part] of parts.entries()) {
    const txid = part.method === 'PIX' ? partTxid(order.code, index + 1) : null;
    const { id } = await repo.insert(trx, {
      order_id: order.id,
      seq: index + 1,
      method: part.method,
      amount_cents: part.amountCents,
      status: txid ? 'PENDING' : 'CONFIRMED',
      ...(part.method === 'CARD' && settings ? cardFigures(settings, part.amountCents, part.card) : {}),
      ...(part.method === 'CASH' && part.receivedCents !== undefined ? { received_cents: part.receivedCents } : {}),
      pix_txid: txid,
      created_by: employeeId,
      created_at: at,
      confirmed_at: txid ? null : at,
    });
    if (txid) {
      const payload = await partPayload(trx, part.amountCents, txid);
      pix = { amount: centsToReais(part.amountCents), txid, payload, status: 'PENDING' };
    }
    if (part.method !== 'CASH') continue;
    const landed = await receiveCash(trx, {
      employeeId,
      kind: 'SALE',
      amountCents: part.amountCents,
      orderId: order.id,
      paymentId: id,
    });
    if (!landed && (await shopUsesDrawers(trx))) throw conflict(CASH_TEXTS.notYourRegister, 'CASH_DRAWER_CLOSED');
  }
  return pix;
}

/** A counter sale's Pix part as the 'Balcão' shows it: its amount, txid, status and, while it waits, its BR Code. */
export async function counterPixPart(db: Executor, orderId: number): Promise<CounterPix | null> {
  const part = (await repo.ofOrder(db, orderId)).findLast((row) => row.method === 'PIX' && row.pix_txid !== null);
  if (!part?.pix_txid) return null;
  const payload = part.status === 'PENDING' ? await partPayload(db, part.amount_cents, part.pix_txid) : null;
  return {
    amount: centsToReais(part.amount_cents),
    txid: part.pix_txid,
    payload,
    status: part.status as CounterPix['status'],
  };
}

/**
 * A counter sale cancelled while it waits for its Pix (the workflow's 'cancel', its goods and units back to stock by
 * the move's 'releaseStock'): its payments are undone in the same move, the customer standing there. The Pix part
 * waiting is refused (a Pix paid afterwards names an order no longer waiting: kept as not identified, for the
 * attendants to give back); each confirmed part is reversed, the cash given back from the open drawer of who cancels
 * (a REFUND entry naming the part; 409 CASH_DRAWER_CLOSED when the shop uses drawers and he has none open), a card's
 * reversed at the machine. The audit row names what was undone.
 */
export async function undoCounterParts(context: MoveContext): Promise<void> {
  const { trx, order, action, employeeId, note, at, changes } = context;
  if (action !== 'cancel' || !order.sold_at_counter || employeeId === null) return;
  const parts = (await repo.ofOrder(trx, order.id)).filter(
    (part) => part.status === 'PENDING' || part.status === 'CONFIRMED',
  );
  if (parts.length === 0) return;
  const cashCents = parts
    .filter((part) => part.method === 'CASH' && part.status === 'CONFIRMED')
    .reduce((sum, part) => sum + part.amount_cents, 0);
  if (cashCents > 0) await assertCashDrawer(trx, employeeId, COUNTER_TEXTS.cancelDrawerClosed(brl(cashCents)));
  const reason = COUNTER_TEXTS.cancelledPixNote(note ?? '');
  const undone: string[] = [];
  for (const part of parts) {
    const status = part.status === 'PENDING' ? 'REFUSED' : 'REVERSED';
    await repo.update(trx, part.id, { status, closed_at: at, closed_by: employeeId, close_reason: reason });
    undone.push(
      `${PART_METHOD_LABELS[part.method as keyof typeof PART_METHOD_LABELS]} ${brl(part.amount_cents)}: ${PART_STATUS_LABELS[status]}`,
    );
    if (status === 'REVERSED' && part.method === 'CASH') {
      await receiveCash(trx, {
        employeeId,
        kind: 'REFUND',
        amountCents: part.amount_cents,
        orderId: order.id,
        paymentId: part.id,
        reason,
      });
    }
  }
  changes.paymentParts = undone;
}

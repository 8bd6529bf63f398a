import { CASH_TEXTS, type CardData, COUNTER_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { receiveCash, shopUsesDrawers } from '../cash/cash.service';
import { cardSettings } from '../settings/settings.service';
import { cardFigures } from './card-parts';
import { assertCashDrawer } from './cash-parts';
import { orderPaymentsRepository as repo } from './order-payments.repository';

/**
 * A payment taken at the counter, in cents: cash (its part of the total, and the 'valor recebido' when the clerk
 * typed it: kept for the receipt's change) or a card with its machine receipt.
 */
export type CounterPart =
  | { method: 'CASH'; amountCents: number; receivedCents?: number | undefined }
  | { method: 'CARD'; amountCents: number; card: CardData };

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
 * The payments of a counter sale (decision 0074), in the sale's transaction before its handover: each a CONFIRMED
 * part of the order (the customer paid in front of the clerk), a card's fee, net and days from the shop's settings,
 * the cash into the seller's open drawer (`receiveCash`, its entry naming the part). The caller checked that they
 * add up to the total (`counterPaymentsCheck`) and that the drawer is open (`assertCounterDrawer`).
 */
export async function recordCounterPayments(
  trx: Transaction<Database>,
  orderId: number,
  parts: ReadonlyArray<CounterPart>,
  employeeId: number,
): Promise<void> {
  const settings = parts.some((part) => part.method === 'CARD') ? await cardSettings(trx) : undefined;
  const at = new Date();
  for (const [index, part] of parts.entries()) {
    const { id } = await repo.insert(trx, {
      order_id: orderId,
      seq: index + 1,
      method: part.method,
      amount_cents: part.amountCents,
      status: 'CONFIRMED',
      ...(part.method === 'CARD' && settings ? cardFigures(settings, part.amountCents, part.card) : {}),
      ...(part.method === 'CASH' && part.receivedCents !== undefined ? { received_cents: part.receivedCents } : {}),
      created_by: employeeId,
      created_at: at,
      confirmed_at: at,
    });
    if (part.method !== 'CASH') continue;
    const landed = await receiveCash(trx, {
      employeeId,
      kind: 'SALE',
      amountCents: part.amountCents,
      orderId,
      paymentId: id,
    });
    if (!landed && (await shopUsesDrawers(trx))) throw conflict(CASH_TEXTS.notYourRegister, 'CASH_DRAWER_CLOSED');
  }
}

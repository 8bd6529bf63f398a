import {
  centsToReais,
  formatBRL,
  type OrderStatusKey,
  orderStatusLabel,
  PAYMENT_TEXTS,
  PIX_PAYABLE_STATUSES,
  type PixUnmatchedReason,
  pixPaysTotal,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { pixOfOrder } from '../orders/payment-facts.service';
import type { LockedOrder } from '../orders/workflow.service';
import { orderPaymentsRepository as partsRepo } from './order-payments.repository';

/** Why this Pix cannot pay this order now (undefined: it can). Checked with the order row locked. */
export async function pixRefusal(
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

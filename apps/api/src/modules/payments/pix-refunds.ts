import { centsToReais, formatBRL, PAYMENT_TEXTS } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { lockOrderIfAny, recordOrderNote } from '../orders/workflow.service';
import { reversePartOfPix } from './order-payments.service';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import type { ReceivedPix } from './read-pix-entry';

/**
 * The bank gave (part of) a stored Pix back to its payer (`devolucoes`, DEVOLVIDO): when that is more than
 * was recorded, the Pix keeps the refunded amount and time, and the order it paid gets a line in its
 * history by 'Sistema' (its status stays: the attendants, told by the bell, decide what follows). False
 * when nothing new was refunded (a replay).
 */
export async function recordPixRefund(trx: Transaction<Database>, pix: ReceivedPix): Promise<boolean> {
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

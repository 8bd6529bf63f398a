import { PAYMENT_TEXTS, paymentSettlingMove } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { receiveInstalmentPix } from '../credit/receivables.service';
import { lockOrder, lockOrderIfAny, orderIdByTxid, transition } from '../orders/workflow.service';
import { orderPaymentsRepository as partsRepo } from './order-payments.repository';
import { receivePartPix } from './order-payments.service';
import { claimPix } from './pix-claimers';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import { pixRefusal } from './pix-refusal';
import type { ReceivedPix } from './read-pix-entry';

/** A Pix just stored: matched to the order its txid names, or kept as not identified with the reason. */
export async function matchReceivedPix(trx: Transaction<Database>, pix: ReceivedPix, confirm: boolean): Promise<void> {
  // Another module's charge (decision 0100: a boleto híbrido's QR code pays that boleto, once with its retorno).
  const claimed = pix.txid ? await claimPix(trx, { ...pix, txid: pix.txid }) : undefined;
  if (claimed) {
    if ('refused' in claimed) await pixRepo.unmatched(trx, pix.endToEndId, claimed.refused);
    else await pixRepo.match(trx, pix.endToEndId, claimed.orderId, null);
    return;
  }
  // An instalment's own txid (a sale on credit, decision 0054): the Pix pays that instalment.
  const instalment = pix.txid
    ? await receiveInstalmentPix(trx, {
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        amountCents: pix.amountCents,
        paidAt: pix.paidAt,
        components: pix.components,
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

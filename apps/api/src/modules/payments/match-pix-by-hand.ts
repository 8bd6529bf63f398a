import { normalizeEndToEndId, PAYMENT_TEXTS, paymentSettlingMove } from '@backoffice/contract';
import type { DB } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { lockOrder, transition } from '../orders/workflow.service';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';
import { pixRefusal } from './pix-refusal';

/**
 * An attendant matches a Pix that paid no order to one (the customer typed no txid, or a wrong one): the
 * same checks as the webhook's (the order waits, the exact total, no other Pix), refused with the reason
 * (409); then the order's payment is confirmed by the attendant's move (audited, history naming the E2E id).
 * The same match sent again answers 204 and changes nothing; a Pix matched to another order is 409.
 */
export async function matchPixByHand(db: DB, principal: Principal, endToEndId: string, orderId: number): Promise<void> {
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

/** The match by hand as the service exposes it: the E2E id kept and compared in upper case. */
export function pixMatchByHand(db: DB) {
  return {
    match: (principal: Principal, endToEndId: string, orderId: number) =>
      matchPixByHand(db, principal, normalizeEndToEndId(endToEndId), orderId),
  };
}

import { COUNTER_TEXTS, ORDER_STATUS, ORDER_TEXTS, pixPaysTotal, settlesPayment } from '@backoffice/contract';
import { badRequest } from '../../lib/errors';
import { pixOfOrder } from '../orders/payment-facts.service';
import { onMoveEnd, onRequirement } from '../orders/workflow.service';
import {
  paidByParts,
  recordCardAtDoor,
  recordCashAtCounter,
  recordCashAtDoor,
  undoCounterParts,
} from './order-payments.service';
import { pixReceivedRepository as pixRepo } from './pix-received.repository';

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
    if (!settlesPayment(move)) return;
    // A counter sale is handed over as its payment settles (decision 0074): never before its parts pay it, whoever
    // clicks 'Confirmar pagamento' (the goods would leave with the Pix still pending).
    // A sale on credit is paid by its instalments (decision 0078): the manager's approval hands it over.
    const creditApproved = move.from === ORDER_STATUS.AGUARDANDO_APROVACAO_CREDITO;
    if (order.sold_at_counter && !creditApproved && !(await paidByParts(trx, order))) {
      throw badRequest(COUNTER_TEXTS.pixNotPaidYet, 'ORDER_REQUIREMENT_MISSING');
    }
    await pixRepo.confirmFor(trx, order.id, at);
  });
  // The courier's card at the door, typed on delivering (decision 0042's amendment): its part, in the delivery.
  onMoveEnd('cardAtDoor', recordCardAtDoor);
  // A cash order paid at the counter on its handover: a part, into the finalizer's open drawer (decision 0075).
  onMoveEnd('cashAtCounter', recordCashAtCounter);
  // A cash order delivered: a part collected at the door, the courier's until his settlement (decision 0075).
  onMoveEnd('cashAtDoor', recordCashAtDoor);
  // A counter sale cancelled while it waits for its Pix: its parts undone, its cash given back (decision 0074).
  onMoveEnd('counterCancel', undoCounterParts);
}

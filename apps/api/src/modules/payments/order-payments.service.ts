import type { DB } from '../../db/database';
import { orderParts } from './order-parts';
import { orderRefunds } from './order-refunds';

/**
 * An order's payments: its parts (card, Pix, cash, a used phone; issue 38 §2, decision 0042) and the refunds
 * its lowered total owes (decision 0044's amendment). Other modules reach them through this file; each use case
 * lives in a file of its own: the parts in `order-parts.ts`, a card's in `card-parts.ts`, a Pix part's in
 * `pix-parts.ts`, the refunds in `order-refunds.ts`, the rule of an order paid by its parts in `part-rules.ts`.
 */

/** A card charged at the sale, or at the door by the courier. */
export { recordCardAtDoor, recordCheckoutCard } from './card-parts';
/** Cash always lands (decision 0075): the drawer it needs, a cash order's due at the counter or at the door. */
export { assertCashDrawer, recordCashAtCounter, recordCashAtDoor } from './cash-parts';
export {
  assertCounterDrawer,
  assertCounterPixReceiver,
  type CounterPart,
  counterPixPart,
  recordCounterPayments,
  undoCounterParts,
} from './counter-payments';
/** A used phone as a part. */
export { addTradeInPart } from './order-parts';
/** A changed total weighed against the parts, and the refund it owes. */
export { assertPartsCovered, partsHeld, recordRefund } from './order-refunds';
/** Whether the parts settle the order, and the move they make when they do. */
export { paidByParts, settleIfPaidByParts } from './part-rules';
export { partTxid } from './part-views';
/** A Pix part: paid or given back by the bank, the split sale's, the order's BR Code. */
export { checkoutPixPart, orderPixPayload, receivePartPix, recordCheckoutPixPart, reversePartOfPix } from './pix-parts';

/**
 * Split and card payments of an order (issue 38 §2, decision 0042): its parts, a new part, a part refused or
 * reversed (`order-parts.ts`), and a refund recorded as given back (`order-refunds.ts`).
 */
export function createOrderPaymentsService(db: DB) {
  return { ...orderParts(db), ...orderRefunds(db) };
}

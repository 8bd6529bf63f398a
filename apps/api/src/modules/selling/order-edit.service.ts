import { createHash } from 'node:crypto';
import { centsToReais, ORDER_EDIT_TEXTS, type OrderEditBody, type OrderEditResult } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { diff } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { claimOrderRequest, lockOrder } from '../orders/workflow.service';
import { assertPartsCovered, partsHeld } from '../payments/order-payments.service';
import {
  assertEditable,
  audited,
  currentFigures,
  EDIT_COMMAND,
  editChoices,
  editDiscounts,
  editedFigures,
  editLines,
  editPayment,
  editTotals,
  moveEditStock,
  recordEdit,
  writeEdit,
} from './order-edit-steps';
import { sellingRepository as repo } from './selling.repository';

/** Thrown inside the transaction to roll a preview (dryRun) back, carrying what it would have done. */
class Preview {
  constructor(readonly result: OrderEditResult) {}
}

/** One PATCH /orders/{id}: who asks, for which order, the body, its Idempotency-Key and the body's hash. */
interface EditRequest {
  principal: Principal;
  orderId: number;
  body: OrderEditBody;
  key: string | undefined;
  dryRun: boolean;
  hash: string;
}

/**
 * The edit, step by step, in its transaction: the order locked and the request claimed, the order read, its
 * edit checked and priced (choices, lines, discounts, totals, payment), compared with the order as it is; the
 * stock moved by the difference (a preview stops here, rolled back); the order written, its history, audit and
 * the refund it owes recorded.
 */
async function editOrder(trx: Transaction<Database>, request: EditRequest): Promise<OrderEditResult> {
  const { principal, orderId, body, key, dryRun, hash } = request;
  const locked = await lockOrder(trx, orderId);
  const claimed =
    key === undefined || dryRun
      ? true
      : await claimOrderRequest(
          trx,
          { key, employeeId: principal.employeeId, command: EDIT_COMMAND, orderId, hash },
          ORDER_EDIT_TEXTS.keyReused,
        );
  const { order, items } = await repo.orderForEdit(trx, orderId);
  const paid = await partsHeld(trx, orderId);
  const current = currentFigures(order, items);
  const answer = (fields: Partial<OrderEditResult> & { changed: boolean; message: string }): OrderEditResult => ({
    orderId,
    code: order.code,
    ...current,
    previousTotal: centsToReais(order.total_cents),
    paid: centsToReais(paid.confirmedCents),
    dryRun,
    replayed: false,
    ...fields,
  });
  // The same request sent again: the order as it is now, nothing done twice.
  if (!claimed) return answer({ changed: false, replayed: true, message: ORDER_EDIT_TEXTS.edited });

  await assertEditable(trx, order);
  const { customer, choices } = await editChoices(trx, order, body);
  const lines = await editLines(trx, items, body, customer);
  const sale = await editDiscounts(trx, principal, lines, body);
  const totals = editTotals(order, customer, choices, lines, sale, body.expectedTotal);
  const payment = await editPayment(trx, order, body, totals.totalCents, paid);
  // A pending part that no longer fits: 409; confirmed parts above the new total: a refund to record.
  const refundCents = assertPartsCovered(paid, totals.totalCents);
  const owed = refundCents > 0 ? { refund: centsToReais(refundCents) } : {};

  const after = editedFigures(lines, sale, choices, totals, payment);
  const changes = diff(audited(current), audited(after));
  if (Object.keys(changes).length === 0) {
    return answer({ ...after, changed: false, message: ORDER_EDIT_TEXTS.nothingChanged });
  }

  await moveEditStock(trx, principal, order, items, lines);
  if (dryRun) throw new Preview(answer({ ...after, ...owed, changed: true, message: ORDER_EDIT_TEXTS.preview }));

  await writeEdit(trx, locked, { order, items, lines, sale, customer, choices, totals, payment });
  await recordEdit(trx, locked, principal, {
    order,
    changes,
    before: current,
    after,
    totalCents: totals.totalCents,
    payment,
    refundCents,
  });
  return answer({ ...after, ...owed, changed: true, message: ORDER_EDIT_TEXTS.edited });
}

/**
 * PATCH /orders/{id} (issue 38 §5, decision 0044): an order changed before separation — its lines, delivery,
 * warranty and discounts — in one transaction with the order locked: which orders may change is decision
 * 0041's rule (`orderDiscountChangeable`, no Pix received) with the payment parts covered (decision 0042);
 * stock moves through the ledger (`moveStock`: SALE rows for units taken, CANCELLATION rows for units given
 * back, a serialized product by count as the checkout holds it); added lines at the customer's level price
 * now, kept lines at their price; the totals by the checkout's `quote` and §3's `applyDiscounts`; one history
 * row and one audit row with before and after. Its steps: `editOrder`, and order-edit-steps.ts.
 */
export function createOrderEditService(db: DB) {
  async function edit(
    principal: Principal,
    orderId: number,
    body: OrderEditBody,
    key: string | undefined,
  ): Promise<OrderEditResult> {
    const dryRun = body.dryRun === true;
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    try {
      return await db.transaction().execute((trx) => editOrder(trx, { principal, orderId, body, key, dryRun, hash }));
    } catch (error) {
      if (error instanceof Preview) return error.result;
      throw error;
    }
  }

  return { edit };
}

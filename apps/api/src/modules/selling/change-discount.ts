import {
  centsToReais,
  DISCOUNT_TEXTS,
  formatBRL,
  type OrderDiscountResponse,
  orderDiscountChangeable,
  type SaleDiscounts,
  SELLING_TEXTS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { diff } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { pixOfOrder } from '../orders/payment-facts.service';
import { lockOrder, recordOrderNote, setOrderDiscount } from '../orders/workflow.service';
import { assertPartsCovered, partsHeld, recordRefund } from '../payments/order-payments.service';
import { maxDiscountOf } from '../roles/roles.service';
import { discountSale } from './sale-discounts';
import { sellingRepository as repo } from './selling.repository';

/** An order's discounts changed after the sale (issue 38 §3). */
export function discountChange(db: DB) {
  return {
    /**
     * POST /orders/{id}/discount (issue 38 §3): the order's discounts from now on, while it may still change
     * (`orderDiscountChangeable` of the contract, no Pix received), within the caller's role maximum; the items' discounts, the
     * order's discount and total recomputed in one transaction, audited with before and after (each item's share follows the
     * contract's rule, not audited apart). The order's
     * Pix BR Code is made from its total when asked (GET /orders/pix/{orderId}): it follows.
     */
    async changeDiscount(
      principal: Principal,
      orderId: number,
      discounts: SaleDiscounts,
    ): Promise<OrderDiscountResponse> {
      return db.transaction().execute(async (trx) => {
        const locked = await lockOrder(trx, orderId);
        const { order, items } = await repo.orderForDiscount(trx, orderId);
        if (
          !orderDiscountChangeable({
            status: order.status,
            paymentMethod: order.payment_method,
            cardOnDelivery: order.card_on_delivery,
          })
        )
          throw conflict(DISCOUNT_TEXTS.orderNotChangeable, 'CONFLICT');
        if (await pixOfOrder(trx, orderId)) throw conflict(DISCOUNT_TEXTS.pixAlreadyReceived, 'CONFLICT');
        const sale = discountSale(
          items.map((item) => ({ productId: item.product_id, name: item.product_name, valueCents: item.total_cents })),
          discounts,
          await maxDiscountOf(trx, principal.employeeId),
        );
        const totalCents =
          order.items_total_cents +
          order.shipping_cost_cents +
          order.fast_delivery_tax_cents +
          order.warranty_cents -
          sale.discountCents;
        if (order.change_for_cents !== null && order.change_for_cents < totalCents) {
          throw badRequest(SELLING_TEXTS.changeForBelowTotal(formatBRL(centsToReais(totalCents))));
        }
        // A pending part that no longer fits: 409; confirmed parts above the new total: a refund (decision 0044).
        const refundCents = assertPartsCovered(await partsHeld(trx, orderId), totalCents);
        await setOrderDiscount(trx, orderId, {
          discountCents: sale.discountCents,
          totalCents,
          items: items.map((item, index) => ({ id: item.id, discountCents: sale.lines[index]?.discountCents ?? 0 })),
        });
        // Its history row and audit (by the order's code, as every order's), `updated_at` moved: the screens see it.
        await recordOrderNote(trx, locked, {
          employeeId: principal.employeeId,
          note: DISCOUNT_TEXTS.historyNote(
            formatBRL(centsToReais(order.discount_cents)),
            formatBRL(centsToReais(sale.discountCents)),
            formatBRL(centsToReais(totalCents)),
          ),
          at: new Date(),
          touch: true,
          audit: {
            action: 'changeDiscount',
            changes: diff(
              { discount: centsToReais(order.discount_cents), total: centsToReais(order.total_cents) },
              { discount: centsToReais(sale.discountCents), total: centsToReais(totalCents) },
            ),
          },
        });
        await recordRefund(trx, locked, {
          amountCents: refundCents,
          fromCents: order.total_cents,
          toCents: totalCents,
          employeeId: principal.employeeId,
        });
        return {
          orderId,
          code: order.code,
          discount: centsToReais(sale.discountCents),
          total: centsToReais(totalCents),
          ...(refundCents > 0 ? { refund: centsToReais(refundCents) } : {}),
          message: DISCOUNT_TEXTS.changed,
        };
      });
    },
  };
}

import {
  type CardKind,
  COUNTER_RECEIPT_TEXTS,
  hasAnyPermission,
  type PartKind,
  PERMISSIONS,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { WALK_IN } from '../../db/schema-columns';
import { notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { orderNfceDanfe } from '../fiscal/fiscal.service';
import { shopIdentity } from '../settings/settings.service';
import { saleReceiptPdf } from './sale-receipt-pdf';
import { sellingRepository as repo } from './selling.repository';

/** Who reads any order's receipt: as reading the order (orders, products); a seller reads the sales he made. */
const READERS = [PERMISSIONS.orders, PERMISSIONS.products];

/**
 * 'Imprimir comprovante' after a sale at the counter (decision 0074): the DANFE NFC-e (80 mm) when the order's NFC-e
 * goes with the goods (authorised or in offline contingency), else the non-fiscal 'Comprovante de venda' (80 mm):
 * the shop, the sale, its items and discounts, the total and each payment received (the cash received and the
 * change when the clerk typed it). 404 for an order that does not exist or, to a seller without the orders'
 * permissions, one he did not sell.
 */
export function saleReceiptUseCase(db: DB) {
  return {
    async receipt(principal: Principal, orderId: number): Promise<{ pdf: Buffer; kind: 'nfce' | 'receipt' }> {
      const found = await repo.orderForReceipt(db, orderId);
      const mine = found?.order.attendant_id === principal.employeeId;
      if (!found || (!mine && !hasAnyPermission(principal.permissions, READERS))) {
        throw notFound(COUNTER_RECEIPT_TEXTS.notFound);
      }
      const danfe = await orderNfceDanfe(db, orderId);
      if (danfe) return { pdf: danfe, kind: 'nfce' };
      const { order, items, payments } = found;
      const pdf = await saleReceiptPdf({
        shop: await shopIdentity(db),
        code: order.code,
        soldAt: new Date(order.created_at),
        seller: order.seller_name,
        customer:
          order.customer_status === WALK_IN ? null : { name: order.customer_name, document: order.customer_document },
        noteDocument: order.note_document,
        items: items.map((item) => ({
          code: item.product_code,
          name: item.product_name,
          quantity: item.quantity,
          unitCents: item.unit_price_cents,
          discountCents: item.discount_cents,
        })),
        itemsCents: order.items_total_cents,
        chargesCents: order.shipping_cost_cents + order.fast_delivery_tax_cents + order.warranty_cents,
        discountCents: order.discount_cents,
        totalCents: order.total_cents,
        payments: payments.map((part) => ({
          method: part.method as PartKind,
          amountCents: part.amount_cents,
          receivedCents: part.received_cents,
          card: part.card_kind
            ? { kind: part.card_kind as CardKind, brand: part.card_brand, instalments: part.instalments }
            : null,
        })),
      });
      return { pdf, kind: 'receipt' };
    },
  };
}

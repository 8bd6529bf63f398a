import {
  businessDay,
  type CheckoutResponse,
  formatDay,
  QUOTE_TEXTS,
  type QuoteConvertBody,
  quoteStatusOn,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import type { createSellingService } from '../selling/selling.service';
import { quotesRepository as repo } from './quotes.repository';

/**
 * POST /quotes/{id}/convert: the quote's order through the selling checkout at its frozen lines and figures
 * (the stock checked and moved there); refused when expired, converted or cancelled. The same
 * Idempotency-Key answers the same order.
 */
export async function convertQuote(
  db: DB,
  selling: ReturnType<typeof createSellingService>,
  principal: Principal,
  id: number,
  body: QuoteConvertBody,
  headerKey: string | undefined,
  now: Date,
): Promise<CheckoutResponse> {
  const today = businessDay(now);
  const row = await repo.find(db, id);
  if (!row) throw notFound(QUOTE_TEXTS.notFound);
  const items = await repo.items(db, id);
  const base = {
    typeOfDelivery: row.delivery_type as 1 | 2,
    withWarranty: row.with_warranty,
    isFastDelivery: row.fast_delivery,
    ...(body.expectedTotal === undefined ? {} : { expectedTotal: body.expectedTotal }),
    ...(body.noteDocument === undefined ? {} : { noteDocument: body.noteDocument }),
  };
  const input =
    body.payment === 'CARD'
      ? { ...base, payment: 'CARD' as const, ...(body.card ? { card: body.card } : {}) }
      : { ...base, payment: body.payment, ...(body.changeFor === undefined ? {} : { changeFor: body.changeFor }) };
  return selling.checkoutFrozen(principal, row.customer_id, input, headerKey, {
    tag: `quote:${id}`,
    lines: items.map((item) => ({
      productId: item.product_id,
      quantity: item.quantity,
      unitCents: item.unit_price_cents,
      discountCents: item.discount_cents,
    })),
    figures: {
      itemsCents: row.items_total_cents,
      shippingCents: row.shipping_cost_cents,
      fastDeliveryTaxCents: row.fast_delivery_tax_cents,
      warrantyCents: row.warranty_cents,
      discountCents: row.discount_cents,
      totalCents: row.total_cents,
    },
    async claim(trx) {
      const locked = await repo.find(trx, id, true);
      if (!locked) throw notFound(QUOTE_TEXTS.notFound);
      if (locked.status === 'CONVERTED') {
        throw conflict(QUOTE_TEXTS.alreadyConverted(locked.order_code ?? ''), 'CONFLICT');
      }
      if (locked.status === 'CANCELLED') throw conflict(QUOTE_TEXTS.cancelled, 'CONFLICT');
      if (quoteStatusOn('OPEN', locked.valid_until, today) === 'EXPIRED') {
        throw conflict(QUOTE_TEXTS.expired(formatDay(locked.valid_until)), 'CONFLICT');
      }
    },
    async placed(trx, order) {
      await repo.markConverted(trx, id, order.id, principal.employeeId);
      await recordAudit(trx, {
        employeeId: principal.employeeId,
        entity: 'quote',
        entityId: id,
        action: 'convert',
        changes: { orderId: order.id, code: order.code },
      });
    },
  });
}

import {
  businessDay,
  centsToReais,
  QUOTE_TEXTS,
  type QuoteCreateBody,
  SELLING_TEXTS,
  shiftDay,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import {
  assertCanBuy,
  assertChoices,
  checkoutKey,
  clearCart,
  isWalkIn,
  lockBuyer,
  priceSale,
  saleLines,
} from '../selling/selling.service';
import { quoteValidityDays } from '../settings/settings.service';
import { quotesRepository as repo } from './quotes.repository';

/**
 * POST /quotes: the customer's cart (emptied once saved) or the lines given, priced as the checkout prices them
 * now (`priceSale`: the level price, freight, warranty, the discounts within the seller's maximum), frozen.
 * With an `Idempotency-Key` (`headerKey`), the same key sent again answers the quote it saved (the customer's lock
 * queues the two; a key of another customer's quote is 409). Answers the quote's id.
 */
export async function createQuote(
  db: DB,
  principal: Principal,
  body: QuoteCreateBody,
  headerKey: string | undefined,
  now: Date,
): Promise<number> {
  const today = businessDay(now);
  const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
  return db.transaction().execute(async (trx) => {
    const customer = await lockBuyer(trx, body.customerId);
    const earlier = key === null ? undefined : await repo.byKey(trx, key);
    if (earlier) {
      if (earlier.customer_id !== customer.id) throw conflict(SELLING_TEXTS.idempotencyKeyReused, 'CONFLICT');
      return earlier.id;
    }
    assertCanBuy(customer);
    const walkIn = isWalkIn(customer);
    if (walkIn && !body.walkIn) throw badRequest(QUOTE_TEXTS.walkInNameRequired);
    if (!walkIn && body.walkIn) throw badRequest(QUOTE_TEXTS.walkInOnly);
    const choices = {
      typeOfDelivery: body.typeOfDelivery,
      withWarranty: body.withWarranty,
      isFastDelivery: body.isFastDelivery,
    };
    assertChoices(customer, choices);
    const lines = await saleLines(trx, customer.id, body.lines, QUOTE_TEXTS.empty);
    const { priced, sale, figures } = await priceSale(trx, principal, customer, choices, lines, body.discounts);
    const days = await quoteValidityDays(trx);
    const quoteId = await repo.insert(
      trx,
      {
        customer_id: customer.id,
        walk_in_name: body.walkIn?.name ?? null,
        walk_in_phone: body.walkIn?.phone ?? null,
        employee_id: principal.employeeId,
        delivery_type: choices.typeOfDelivery,
        with_warranty: choices.withWarranty,
        fast_delivery: choices.isFastDelivery,
        items_total_cents: figures.itemsCents,
        shipping_cost_cents: figures.shippingCents,
        fast_delivery_tax_cents: figures.fastDeliveryTaxCents,
        warranty_cents: figures.warrantyCents,
        discount_cents: sale.discountCents,
        total_cents: figures.totalCents,
        valid_until: shiftDay(today, days),
        idempotency_key: key,
      },
      priced.map(({ line, unitCents }, index) => ({
        product_id: line.product_id,
        product_code: line.code,
        product_name: line.name,
        quantity: line.quantity,
        unit_price_cents: unitCents,
        discount_cents: sale.lines[index]?.discountCents ?? 0,
      })),
    );
    if (!body.lines) await clearCart(trx, customer.id);
    await recordAudit(trx, {
      employeeId: principal.employeeId,
      entity: 'quote',
      entityId: quoteId,
      action: 'create',
      changes: {
        customerId: customer.id,
        total: centsToReais(figures.totalCents),
        validUntil: shiftDay(today, days),
      },
    });
    return quoteId;
  });
}

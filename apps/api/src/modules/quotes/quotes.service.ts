import {
  businessDay,
  type CheckoutResponse,
  centsToReais,
  formatDay,
  type Paged,
  QUOTE_TEXTS,
  type Quote,
  type QuoteConvertBody,
  type QuoteCreateBody,
  type QuoteListQuery,
  type QuoteRow,
  quoteStatusOn,
  quoteWhatsAppMessage,
  SELLING_TEXTS,
  shiftDay,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Principal } from '../../plugins/auth';
import {
  assertCanBuy,
  assertChoices,
  checkoutKey,
  clearCart,
  createSellingService,
  isWalkIn,
  lockBuyer,
  priceSale,
  saleLines,
} from '../selling/selling.service';
import { quoteValidityDays, shopIdentity } from '../settings/settings.service';
import { kindWhatsAppTemplate } from '../settings/whatsapp-templates.service';
import { type QuoteRowRead, quotesRepository as repo } from './quotes.repository';

/** The quote as the API answers it (status computed on `today`: an OPEN quote past its last day is EXPIRED). */
function toQuote(row: QuoteRowRead, today: string) {
  const walkIn = isWalkIn({ status: row.customer_status });
  return {
    id: row.id,
    status: quoteStatusOn(row.status as 'OPEN' | 'CONVERTED' | 'CANCELLED', row.valid_until, today),
    customerId: row.customer_id,
    customerName: row.walk_in_name ?? row.customer_name,
    phone: row.walk_in_phone ?? (walkIn ? null : row.customer_phone || null),
    walkIn,
    sellerName: row.seller_name,
    typeOfDelivery: row.delivery_type,
    withWarranty: row.with_warranty,
    isFastDelivery: row.fast_delivery,
    itemsTotal: centsToReais(row.items_total_cents),
    shipping: centsToReais(row.shipping_cost_cents),
    fastDeliveryTax: centsToReais(row.fast_delivery_tax_cents),
    warranty: centsToReais(row.warranty_cents),
    discount: centsToReais(row.discount_cents),
    total: centsToReais(row.total_cents),
    createdAt: new Date(row.created_at).toISOString(),
    validUntil: row.valid_until,
    order: row.order_id !== null && row.order_code ? { id: row.order_id, code: row.order_code } : null,
    convertedAt: row.converted_at ? new Date(row.converted_at).toISOString() : null,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    cancelReason: row.cancel_reason,
  };
}

/**
 * Quotes (issue 38 §4, decision 0043): the sale's cart saved with its prices and discounts frozen for the
 * shop's validity; converted through the selling checkout (`checkoutFrozen`) at those figures.
 */
export function createQuotesService(db: DB, storage: Storage) {
  const selling = createSellingService(db, storage);

  async function read(executor: Executor, id: number, today: string): Promise<Quote> {
    const row = await repo.find(executor, id);
    if (!row) throw notFound(QUOTE_TEXTS.notFound);
    const [items, shop, template] = await Promise.all([
      repo.items(executor, id),
      shopIdentity(executor),
      kindWhatsAppTemplate(executor, 'quote'),
    ]);
    const quote = {
      ...toQuote(row, today),
      items: items.map((item) => ({
        productId: item.product_id,
        code: item.product_code,
        name: item.product_name,
        quantity: item.quantity,
        unitPrice: centsToReais(item.unit_price_cents),
        totalPrice: centsToReais(item.unit_price_cents * item.quantity),
        discount: centsToReais(item.discount_cents),
      })),
      shop,
    };
    // The quotes' message of 'Configurações' filled with this quote (the order messages' own filling).
    return { ...quote, whatsAppMessage: quoteWhatsAppMessage(quote, shop.name || null, template) };
  }

  return {
    /**
     * POST /quotes: the customer's cart (emptied once saved) or the lines given, priced as the checkout prices them
     * now (`priceSale`: the level price, freight, warranty, the discounts within the seller's maximum), frozen.
     */
    /**
     * Saves a quote. With an `Idempotency-Key` (`headerKey`), the same key sent again answers the quote it saved
     * (the customer's lock queues the two; a key of another customer's quote is 409).
     */
    async create(principal: Principal, body: QuoteCreateBody, headerKey?: string, now = new Date()): Promise<Quote> {
      const today = businessDay(now);
      const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
      const id = await db.transaction().execute(async (trx) => {
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
      return read(db, id, today);
    },

    get: (id: number, now = new Date()) => read(db, id, businessDay(now)),

    async page(query: QuoteListQuery, now = new Date()): Promise<Paged<QuoteRow>> {
      const today = businessDay(now);
      const { rows, total } = await repo.page(db, query, today);
      return {
        items: rows.map((row) => ({ ...toQuote(row, today), itemCount: Number(row.item_count ?? 0) })),
        page: query.page,
        total,
      };
    },

    /**
     * POST /quotes/{id}/cancel: an open quote (expired included: it is still stored OPEN) becomes CANCELLED with
     * its reason, audited; a converted or cancelled one is 409. With an `Idempotency-Key`, the same key sent
     * again answers the cancelled quote (a retry after a lost answer); that key on another quote is 409.
     */
    async cancel(
      principal: Principal,
      id: number,
      reason: string,
      headerKey: string | undefined,
      now = new Date(),
    ): Promise<Quote> {
      const today = businessDay(now);
      const key = headerKey === undefined ? null : checkoutKey(headerKey, undefined);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.find(trx, id, true);
        if (!locked) throw notFound(QUOTE_TEXTS.notFound);
        if (locked.status === 'CANCELLED') {
          if (key !== null && locked.cancel_key === key) return;
          throw conflict(QUOTE_TEXTS.alreadyCancelled, 'CONFLICT');
        }
        if (locked.status === 'CONVERTED') {
          throw conflict(QUOTE_TEXTS.convertedNotCancelled(locked.order_code ?? ''), 'CONFLICT');
        }
        if (key !== null && (await repo.byCancelKey(trx, key))) {
          throw conflict(SELLING_TEXTS.idempotencyKeyReused, 'CONFLICT');
        }
        const before = quoteStatusOn('OPEN', locked.valid_until, today);
        await repo.markCancelled(trx, id, { employeeId: principal.employeeId, reason, key });
        await recordAudit(trx, {
          employeeId: principal.employeeId,
          entity: 'quote',
          entityId: id,
          action: 'cancel',
          changes: { status: { from: before, to: 'CANCELLED' }, reason },
        });
      });
      return read(db, id, today);
    },

    /**
     * POST /quotes/{id}/convert: the quote's order through the selling checkout at its frozen lines and figures
     * (the stock checked and moved there); refused when expired, converted or cancelled. The same
     * Idempotency-Key answers the same order.
     */
    async convert(
      principal: Principal,
      id: number,
      body: QuoteConvertBody,
      headerKey: string | undefined,
      now = new Date(),
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
    },
  };
}

import {
  businessDay,
  centsToReais,
  type Paged,
  QUOTE_TEXTS,
  type Quote,
  type QuoteListQuery,
  type QuoteRow,
  quoteStatusOn,
  quoteWhatsAppMessage,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { isWalkIn } from '../selling/selling.service';
import { shopIdentity } from '../settings/settings.service';
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

/** One quote whole: its lines, the shop, and the quotes' WhatsApp message of 'Configurações' filled with it. */
export async function readQuote(executor: Executor, id: number, today: string): Promise<Quote> {
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

/** A page of the list, each quote with its lines' count. */
export async function quotesPage(db: DB, query: QuoteListQuery, now: Date): Promise<Paged<QuoteRow>> {
  const today = businessDay(now);
  const { rows, total } = await repo.page(db, query, today);
  return {
    items: rows.map((row) => ({ ...toQuote(row, today), itemCount: Number(row.item_count ?? 0) })),
    page: query.page,
    total,
  };
}

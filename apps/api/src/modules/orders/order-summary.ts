import {
  centsToReais,
  DELIVERY_TYPE_LABELS,
  type DeliveryType,
  dayStart,
  describePaymentParts,
  type OrderFilterQuery,
  type OrderSummary,
  orderPaymentText,
  orderStatusLabel,
  shiftDay,
} from '@backoffice/contract';
import { isoTimestamp } from '../../lib/iso-timestamp';
import { searchWords } from '../../lib/sql-input';
import type { OrderFilter, OrderRow } from './orders.repository';
import { dueCents, partsOf } from './payment-facts.service';

/** An order row as the API answers it (the Order fields of section 3, plus the keys a screen needs). */
export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    orderId: row.id,
    code: row.code,
    customer: row.customer_name,
    customerId: row.customer_id,
    status: orderStatusLabel(row.status),
    statusKey: row.status,
    updatedAt: isoTimestamp(row.updated_at),
    createdAt: isoTimestamp(row.created_at),
    typeOfDelivery: DELIVERY_TYPE_LABELS[row.delivery_type as DeliveryType] ?? String(row.delivery_type),
    deliveryType: row.delivery_type,
    fastDelivery: row.fast_delivery,
    deliverer: row.deliverer_name,
    delivererId: row.deliverer_id,
    stocker: row.stocker_name,
    stockerId: row.stocker_id,
    // What pays it: several methods (a used phone and a card) are each named (issue 54).
    payment: orderPaymentText(row.payment_method, row.total_cents, partsOf(row.payment_parts)),
    paymentMethod: row.payment_method,
    total: centsToReais(row.total_cents),
    shippingCost: centsToReais(row.shipping_cost_cents),
    neighborhood: row.neighborhood,
    comments: row.comments,
    hasWarranty: row.with_warranty,
    changeFor: row.change_for_cents === null ? null : centsToReais(row.change_for_cents),
    ...(row.pix_waiting ? { pixWaiting: true } : {}),
    ...(row.card_on_delivery
      ? { cardOnDelivery: true, cardToCollect: centsToReais(dueCents(row.total_cents, row.payment_parts)) }
      : {}),
    // A cash order part-paid already (a card part at the shop): the courier receives the rest only.
    ...(row.payment_method === 'CASH' && row.payment_parts
      ? { cashToCollect: centsToReais(dueCents(row.total_cents, row.payment_parts)) }
      : {}),
    ...(row.payment_parts ? { paymentParts: describePaymentParts(partsOf(row.payment_parts)) } : {}),
  };
}

/**
 * Accepts "K7M-4QP", "k7m4qp", " k7m 4qp " alike: upper case, letters and digits only (the form the
 * expression index of migration 0006 holds).
 */
export function normalizeOrderCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * The screen's filter as SQL wants it (undefined without one): the customer's words normalized like the
 * customers' search_text, the days as instants of the business's zone, `to`'s whole day included.
 */
export function filterOf(query: OrderFilterQuery): OrderFilter | undefined {
  const terms = searchWords(query.q);
  if (terms.length === 0 && !query.from && !query.to) return undefined;
  const filter: OrderFilter = { terms };
  // Real days (orderFilterQuerySchema); `until` is the next day's start: the whole of `to` is in.
  if (query.from) filter.from = dayStart(query.from);
  if (query.to) filter.until = dayStart(shiftDay(query.to, 1));
  return filter;
}

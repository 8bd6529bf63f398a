import {
  describeCard,
  describeCardFee,
  formatDocument,
  ORDER_PAYMENT_TEXTS,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderPayment,
  type OrderStatusKey,
} from '@backoffice/contract';
import { formatMoney } from '../../lib/format';
import type { StatusTone } from '../status-tone';
import { ORDER_TEXTS } from './texts';

/** The status's Portuguese label (the contract's ORDER_STATUS_LABELS); the key itself if unknown. */
export function orderStatusLabel(status: number): string {
  return ORDER_STATUS_LABELS[status as OrderStatusKey] ?? String(status);
}

/** How each status reads at a glance: waiting for someone, on its way, done, stopped. */
const TONES: Record<OrderStatusKey, StatusTone> = {
  1: 'waiting',
  2: 'moving',
  3: 'waiting',
  4: 'moving',
  5: 'done',
  6: 'waiting',
  7: 'stopped',
  8: 'stopped',
  9: 'neutral',
  10: 'waiting',
  11: 'waiting',
  12: 'stopped',
  13: 'done',
  15: 'moving',
  16: 'moving',
  17: 'waiting',
};

export function orderStatusTone(status: number): StatusTone {
  return TONES[status as OrderStatusKey] ?? 'neutral';
}

/** The tones' colours, shared by every status chip (components/status-tone.ts), as the orders' code reads them. */
export { STATUS_TONE_COLORS, type StatusTone } from '../status-tone';

/** The text, or 'N/A' when missing or blank (spec: "Missing values show N/A"). */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : ORDER_TEXTS.notAvailable;
}

/** What an order's total is made of (the fields of GET /orders/by-id/{id}, reais). */
export type OrderAmounts = Pick<
  OrderDetail,
  'itemsTotal' | 'shippingCost' | 'fastDeliveryTax' | 'warranty' | 'discount' | 'total'
> &
  Partial<Pick<OrderDetail, 'repair'>>;

export interface OrderAmountLine {
  key: keyof OrderAmounts;
  label: string;
  /** Signed: the discount is negative, so the lines above the total add up to it. */
  amount: number;
}

/**
 * Every component of the order's total as its own line, zeros included (the order details, its PDF and
 * the report dialogs show the same lines): items (+ a repair's labour) + freight + fast-delivery tax + warranty −
 * discount, then the total, which the API computed once (selling's `quote`) and stored with its parts.
 */
export function orderAmountLines(order: OrderAmounts): OrderAmountLine[] {
  const label = ORDER_TEXTS.details.amounts;
  return [
    { key: 'itemsTotal', label: label.itemsTotal, amount: order.itemsTotal },
    // A repair's bill (decision 0059): its labour beside the parts.
    ...(order.repair
      ? [{ key: 'repair' as const, label: label.labour(order.repair.id), amount: order.repair.labour }]
      : []),
    { key: 'shippingCost', label: label.shippingCost, amount: order.shippingCost },
    { key: 'fastDeliveryTax', label: label.fastDeliveryTax, amount: order.fastDeliveryTax },
    { key: 'warranty', label: label.warranty, amount: order.warranty },
    { key: 'discount', label: label.discount, amount: order.discount === 0 ? 0 : -order.discount },
    { key: 'total', label: label.total, amount: order.total },
  ];
}

/**
 * Who received a delivery as the details and the PDF say it (decision 0039): 'Maria Souza (documento
 * 529.982.247-25)', the name alone without a document; null when nobody was named.
 */
export function receivedByText(order: Pick<OrderDetail, 'receivedBy'>): string | null {
  const by = order.receivedBy;
  if (!by) return null;
  return by.document ? ORDER_TEXTS.details.receivedBy(by.name, formatDocument(by.document)) : by.name;
}

/** One line under a part: the card's brand, instalments, fee and net, or the Pix part's txid (details and PDF). */
export function partDetail(part: OrderPayment): string | null {
  if (part.card) {
    const card = describeCard(part.card.kind, part.card.instalments, part.card.brand);
    return `${card} · ${ORDER_PAYMENT_TEXTS.fee} ${describeCardFee(part.card.feePercent, part.card.fee)} · ${ORDER_PAYMENT_TEXTS.net} ${formatMoney(part.card.net)} · NSU ${part.card.nsu}`;
  }
  if (part.pix) return `txid ${part.pix.txid}`;
  return null;
}

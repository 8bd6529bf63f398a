import { PART_METHOD_LABELS, type PartKind, type PartStatus, partsBalance } from './order-payments';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './order-status';

/** What the orders list says of an order paid by several methods: 'Múltiplos: Aparelho usado, Cartão'. */
export const MULTIPLE_PAYMENT_TEXT = (labels: readonly string[]) => `Múltiplos: ${labels.join(', ')}`;

/**
 * The orders list's 'payment' (issue 54: an order paid by a used phone and a card said 'Dinheiro'): what pays
 * it. The methods of its parts that pay or may pay (confirmed or pending, in their order; a refused or reversed
 * part pays nothing), and the order's own method while some of the total is left for it (or it has no parts).
 * One method: its name; more: `MULTIPLE_PAYMENT_TEXT` with each once.
 */
export function orderPaymentText(
  method: PaymentMethod,
  totalCents: number,
  parts: ReadonlyArray<{ method: PartKind; status: PartStatus; amount: number }>,
): string {
  const live = parts.filter((part) => part.status === 'CONFIRMED' || part.status === 'PENDING');
  const labels = live.map((part) => PART_METHOD_LABELS[part.method]);
  const left = partsBalance(
    totalCents,
    live.map((part) => ({ status: part.status, amountCents: part.amount })),
  ).dueCents;
  if (live.length === 0 || left > 0) labels.push(PAYMENT_METHOD_LABELS[method]);
  const distinct = [...new Set(labels)];
  return distinct.length === 1 ? (distinct[0] as string) : MULTIPLE_PAYMENT_TEXT(distinct);
}

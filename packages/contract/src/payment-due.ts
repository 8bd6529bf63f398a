import { ORDER_STATUS, type PaymentMethod } from './order-status';

/**
 * What is still due on an order, and how (issue 35 §8). One rule for the courier's card, the run sheet
 * (romaneio), the settlement's expected cash and the selling's confirmation; no zod here, so the courier's
 * first screen reads it without loading schemas (decision 0026).
 * - `cash`: a cash order is paid in cash to whoever hands it over (the courier at the door, the counter at a
 *   pickup): its total less the parts already paid (`cashToCollect`), whatever its status (the run's settlement
 *   counts it as collected); once parts pay it all, `paid`;
 * - `awaitingPayment`: a transfer or Pix not paid yet (Processando, Erro, Aguardando comprovante);
 * - `inReview`: a transfer or Pix whose proof the shop is checking (Aguardando aprovação);
 * - `card`: a card order to be charged at the door or the counter ('Levar maquininha', issue 38): its total less
 *   the parts already paid (`cardToCollect`); once they pay it all, `paid`;
 * - a Pix order split at the sale (a Pix part now, the rest by card at the door: `cardOnDelivery`) is `card` once
 *   its Pix part is paid (`cardToCollect` is then the card part);
 * - `paid`: any other transfer, Pix or card was paid before the order was packed: nothing to receive.
 */
export type PaymentDue = 'cash' | 'card' | 'awaitingPayment' | 'inReview' | 'paid';

const S = ORDER_STATUS;
const AWAITING_PAYMENT: readonly number[] = [S.PROCESSANDO, S.ERRO, S.AGUARDANDO_COMPROVANTE];

/** How an order is paid as the due rules read it: its method, its status, and for a card whether it is charged on delivery. */
export interface DueOrder {
  paymentMethod: PaymentMethod;
  statusKey: number;
  /** A card order placed without the machine's receipt: charged at the door or the counter ('Levar maquininha'). */
  cardOnDelivery?: boolean;
  /**
   * What that card still charges (reais): the total less the parts already confirmed (`dueAtHandoverCents`),
   * answered by the server; 0 means a part paid it all. Absent: the whole total.
   */
  cardToCollect?: number;
  /** The same for a cash order: the cash still to receive (`dueAtHandoverCents`); 0: parts paid it all. */
  cashToCollect?: number;
}

export function paymentDue(order: DueOrder): PaymentDue {
  if (order.paymentMethod === 'CASH') return order.cashToCollect === 0 ? 'paid' : 'cash';
  // A sale on credit (issue 40): nothing is collected on delivery; its instalments are paid later.
  if (order.paymentMethod === 'CREDIT') return 'paid';
  if (order.paymentMethod === 'CARD') return order.cardOnDelivery && order.cardToCollect !== 0 ? 'card' : 'paid';
  if (AWAITING_PAYMENT.includes(order.statusKey)) return 'awaitingPayment';
  if (order.statusKey === S.AGUARDANDO_APROVACAO) return 'inReview';
  // A Pix part paid at the sale, the rest by card at the door (decision 0042's amendment).
  if (order.cardOnDelivery && order.cardToCollect !== 0) return 'card';
  return 'paid';
}

/**
 * The cash the courier collects at the door: a cash order's due (`due`: its total less its confirmed parts,
 * `dueAtHandoverCents`), else 0 (any unit: cents or reais, the one `due` is in).
 */
export function amountToCollect(order: DueOrder, due: number): number {
  return paymentDue(order) === 'cash' ? due : 0;
}

/** What the courier's line says he receives (reais): a card's or cash's due at the door, else the total. */
export function dueAtDoor(order: DueOrder & { total: number }): number {
  return (order.paymentMethod === 'CASH' ? order.cashToCollect : order.cardToCollect) ?? order.total;
}

/** What the courier reads of the payment, on his card and on the run sheet: the same words on both. */
export const COURIER_PAYMENT_TEXTS = {
  cash: (amount: string) => `Receber em dinheiro: ${amount}`,
  /** A card charged at the door (issue 38): the courier takes the card machine; `amount` is `cardToCollect`. */
  card: (amount: string) => `Levar maquininha: ${amount} no cartão`,
  paid: (payment: string) => `Pago (${payment}): nada a receber`,
  /** A sale on credit (issue 40): nothing to collect; the customer pays the instalments to the shop. */
  credit: 'A prazo: nada a receber na entrega',
  /** Never a courier's order (it leaves only paid); said rather than 'nada a receber' if it ever is. */
  unpaid: (payment: string) => `${payment} ainda não confirmado: fale com a loja antes de entregar`,
} as const;

/** The courier's line of an order: 'Receber em dinheiro: R$ 150,00' or 'Pago (Pix): nada a receber'. */
export function courierPaymentLine(order: DueOrder, { total, payment }: { total: string; payment: string }): string {
  if (order.paymentMethod === 'CREDIT') return COURIER_PAYMENT_TEXTS.credit;
  const due = paymentDue(order);
  if (due === 'cash') return COURIER_PAYMENT_TEXTS.cash(total);
  if (due === 'card') return COURIER_PAYMENT_TEXTS.card(total);
  return due === 'paid' ? COURIER_PAYMENT_TEXTS.paid(payment) : COURIER_PAYMENT_TEXTS.unpaid(payment);
}

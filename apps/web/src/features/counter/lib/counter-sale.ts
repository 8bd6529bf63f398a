import {
  applyDiscounts,
  type CardData,
  type CounterSaleInput,
  type Discount,
  type DiscountApprovalRequest,
  DiscountError,
  type SaleDiscounts,
  typedReaisToCents,
} from '@backoffice/contract';

/** A line of the counter's sale as the screen holds it (prices in cents, the IMEIs typed per unit). */
export interface CounterLineState {
  productId: number;
  code: string;
  name: string;
  unitCents: number;
  quantity: number;
  stock: number;
  serialized: boolean;
  imeis: string[];
  /** The line's own discount (R$ or %), within the seller's maximum: the server checks it. */
  discount?: Discount | undefined;
}

/**
 * A payment as typed: its amount and, for cash, what was handed over; for a card, its receipt; a Pix only its amount
 * (the customer pays it from the QR once the sale is placed).
 */
export type CounterPaymentState =
  | { id: number; method: 'CASH'; amount: string; received: string }
  | { id: number; method: 'CARD'; amount: string; card: CardData }
  | { id: number; method: 'PIX'; amount: string }
  /** 'A prazo' (decision 0078): the whole sale on one of the registered customer's plans ('30/60/90'). */
  | { id: number; method: 'CREDIT'; amount: string; terms: string }
  /** A used phone: an open trade-in ready to accept (its value the amount) and the seminovo it becomes. */
  | { id: number; method: 'TRADE_IN'; amount: string; tradeInId: number | null; productId: number | null };

/** Cents as the amount field shows them ('1234,50'). */
export function centsText(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** The sale's discounts as the API takes them: each line's own, and the order's in R$ (absent when none). */
export function saleDiscounts(
  lines: readonly CounterLineState[],
  orderDiscountCents: number,
): SaleDiscounts | undefined {
  const own = lines.flatMap((line) =>
    line.discount && line.discount.value > 0 ? [{ productId: line.productId, ...line.discount }] : [],
  );
  if (own.length === 0 && orderDiscountCents <= 0) return undefined;
  return {
    ...(orderDiscountCents > 0 ? { order: { kind: 'amount' as const, value: orderDiscountCents / 100 } } : {}),
    ...(own.length > 0 ? { lines: own } : {}),
  };
}

/**
 * The sale's figures as the screen shows them, the discounts worked out by the contract's `applyDiscounts` (the
 * server's own arithmetic: a line's % rounded half up to the cent, the order's discount over the goods after the
 * lines' own). A discount above its line's or the goods' value is `discountError` and takes nothing off. The server
 * computes them again: its total wins.
 */
export function saleFigures(
  lines: readonly CounterLineState[],
  orderDiscountCents: number,
  payments: readonly CounterPaymentState[],
) {
  const valued = lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    valueCents: line.unitCents * line.quantity,
  }));
  const goodsCents = valued.reduce((sum, line) => sum + line.valueCents, 0);
  let discounted: ReturnType<typeof applyDiscounts> | null = null;
  let discountError: string | null = null;
  try {
    discounted = applyDiscounts(valued, saleDiscounts(lines, orderDiscountCents));
  } catch (error) {
    if (!(error instanceof DiscountError)) throw error;
    discountError = error.message;
  }
  const discountCents = discounted?.discountCents ?? 0;
  const totalCents = goodsCents - discountCents;
  const paidCents = payments.reduce((sum, payment) => sum + (typedReaisToCents(payment.amount) ?? 0), 0);
  const cash = payments.filter((payment) => payment.method === 'CASH');
  const cashCents = cash.reduce((sum, payment) => sum + (typedReaisToCents(payment.amount) ?? 0), 0);
  const receivedCents = cash.reduce(
    (sum, payment) => sum + (typedReaisToCents(payment.received) ?? typedReaisToCents(payment.amount) ?? 0),
    0,
  );
  return {
    goodsCents,
    /** Each line's own discount, by product. */
    lineDiscounts: new Map((discounted?.lines ?? []).map((line) => [line.productId, line.ownDiscountCents])),
    linesDiscountCents: discounted?.linesDiscountCents ?? 0,
    orderDiscountCents: discounted?.orderDiscountCents ?? 0,
    discountError,
    totalCents,
    paidCents,
    remainingCents: totalCents - paidCents,
    changeCents: Math.max(0, receivedCents - cashCents),
  };
}

/** A payment added for `amount` (F2, F3, F4): cash with nothing received yet, a card with `card`; one Pix per sale. */
export function withPayment(
  payments: readonly CounterPaymentState[],
  added: { id: number; method: CounterPaymentState['method']; amount: string },
  card: CardData,
): CounterPaymentState[] {
  const { id, method, amount } = added;
  if (method === 'PIX')
    return payments.some((p) => p.method === 'PIX') ? [...payments] : [...payments, { id, method, amount }];
  // 'A prazo' once a sale, never with a Pix: it takes what is still to be received.
  if (method === 'CREDIT') {
    const blocked = payments.some((p) => p.method === 'CREDIT' || p.method === 'PIX');
    return blocked ? [...payments] : [...payments, { id, method, amount, terms: '' }];
  }
  if (method === 'TRADE_IN') return [...payments, { id, method, amount: '', tradeInId: null, productId: null }];
  return [...payments, method === 'CASH' ? { id, method, amount, received: '' } : { id, method, amount, card }];
}

/** A line added (scanned again: one more unit of it). */
export function addLine(lines: readonly CounterLineState[], product: Omit<CounterLineState, 'quantity' | 'imeis'>) {
  const found = lines.find((line) => line.productId === product.productId);
  if (found) return lines.map((line) => (line === found ? withQuantity(line, line.quantity + 1) : line));
  return [...lines, { ...product, quantity: 1, imeis: product.serialized ? [''] : [] }];
}

/** A line with another quantity: a phone's IMEI fields follow it. */
export function withQuantity(line: CounterLineState, quantity: number): CounterLineState {
  const imeis = line.serialized ? Array.from({ length: quantity }, (_, i) => line.imeis[i] ?? '') : [];
  return { ...line, quantity, imeis };
}

/** POST /api/counter/sales's body from the screen. */
export function saleBody(
  lines: readonly CounterLineState[],
  orderDiscountCents: number,
  payments: readonly CounterPaymentState[],
  noteDocument: string,
  expectedTotalCents: number,
): CounterSaleInput {
  const reais = (text: string) => (typedReaisToCents(text) ?? 0) / 100;
  const document = noteDocument.replace(/\D/g, '');
  const discounts = saleDiscounts(lines, orderDiscountCents);
  return {
    items: lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.serialized ? { imeis: line.imeis.map((imei) => imei.trim()) } : {}),
    })),
    ...(discounts ? { discounts } : {}),
    payments: payments.map((payment) => {
      if (payment.method === 'CASH') {
        return {
          method: 'CASH' as const,
          amount: reais(payment.amount),
          ...(typedReaisToCents(payment.received) === null ? {} : { received: reais(payment.received) }),
        };
      }
      if (payment.method === 'PIX') return { method: 'PIX' as const, amount: reais(payment.amount) };
      if (payment.method === 'CREDIT') {
        return { method: 'CREDIT' as const, amount: reais(payment.amount), terms: payment.terms.trim() };
      }
      if (payment.method === 'TRADE_IN') {
        return {
          method: 'TRADE_IN' as const,
          amount: reais(payment.amount),
          tradeInId: payment.tradeInId ?? 0,
          productId: payment.productId ?? 0,
        };
      }
      return { method: 'CARD' as const, amount: reais(payment.amount), card: payment.card };
    }),
    ...(document ? { noteDocument: document } : {}),
    expectedTotal: expectedTotalCents / 100,
  };
}

/**
 * The manager's approval asked for the sale as it is (decision 0078): its lines, its buyer (the registered customer or
 * the seller's 'Consumidor final') and its discounts; null without a discount or before the buyer is known.
 */
export function approvalRequestOf(
  lines: readonly CounterLineState[],
  orderDiscountCents: number,
  buyerId: number | undefined,
): DiscountApprovalRequest | null {
  const discounts = saleDiscounts(lines, orderDiscountCents);
  if (!discounts || buyerId === undefined) return null;
  return {
    customerId: buyerId,
    discounts,
    items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
  };
}

/** Every payment filled in: a used phone with its trade-in and seminovo chosen, 'A prazo' with its plan typed. */
export function paymentsComplete(payments: readonly CounterPaymentState[]): boolean {
  return payments.every((payment) => {
    if (payment.method === 'TRADE_IN') return payment.tradeInId !== null && payment.productId !== null;
    if (payment.method === 'CREDIT') return payment.terms.trim() !== '';
    return true;
  });
}

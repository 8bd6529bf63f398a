import type { CardData, CounterSaleBody } from '@backoffice/contract';

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
}

/**
 * A payment as typed: its amount and, for cash, what was handed over; for a card, its receipt; a Pix only its amount
 * (the customer pays it from the QR once the sale is placed).
 */
export type CounterPaymentState =
  | { id: number; method: 'CASH'; amount: string; received: string }
  | { id: number; method: 'CARD'; amount: string; card: CardData }
  | { id: number; method: 'PIX'; amount: string };

/**
 * Reais typed as a Brazilian types them ('1.234,56', '49,9', '500') in cents; null when it is not an amount with at
 * most two decimals.
 */
export function parseReais(text: string): number | null {
  const clean = text
    .replace(/R\$\s?/, '')
    .trim()
    .replace(/\./g, '')
    .replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, decimals = ''] = clean.split('.') as [string, string?];
  return Number(whole) * 100 + Number((decimals ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them ('1234,50'). */
export function centsText(cents: number): string {
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** The sale's figures as the screen shows them (the server computes them again: its total wins). */
export function saleFigures(
  lines: readonly CounterLineState[],
  discountCents: number,
  payments: readonly CounterPaymentState[],
) {
  const goodsCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const totalCents = Math.max(0, goodsCents - discountCents);
  const paidCents = payments.reduce((sum, payment) => sum + (parseReais(payment.amount) ?? 0), 0);
  const cash = payments.filter((payment) => payment.method === 'CASH');
  const cashCents = cash.reduce((sum, payment) => sum + (parseReais(payment.amount) ?? 0), 0);
  const receivedCents = cash.reduce(
    (sum, payment) => sum + (parseReais(payment.received) ?? parseReais(payment.amount) ?? 0),
    0,
  );
  return {
    goodsCents,
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
  discountCents: number,
  payments: readonly CounterPaymentState[],
  noteDocument: string,
  expectedTotalCents: number,
): CounterSaleBody {
  const reais = (text: string) => (parseReais(text) ?? 0) / 100;
  const document = noteDocument.replace(/\D/g, '');
  return {
    items: lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.serialized ? { imeis: line.imeis.map((imei) => imei.trim()) } : {}),
    })),
    ...(discountCents > 0 ? { discounts: { order: { kind: 'amount' as const, value: discountCents / 100 } } } : {}),
    payments: payments.map((payment) => {
      if (payment.method === 'CASH') {
        return {
          method: 'CASH' as const,
          amount: reais(payment.amount),
          ...(parseReais(payment.received) === null ? {} : { received: reais(payment.received) }),
        };
      }
      if (payment.method === 'PIX') return { method: 'PIX' as const, amount: reais(payment.amount) };
      return { method: 'CARD' as const, amount: reais(payment.amount), card: payment.card };
    }),
    ...(document ? { noteDocument: document } : {}),
    expectedTotal: expectedTotalCents / 100,
  };
}

import { z } from 'zod';
import { idSchema } from './ids';
import { formatBRL, hasTwoDecimals, hundredthsOfCents, percentToHundredths, reaisToCents, splitCents } from './money';
import { ORDER_STATUS, type PaymentMethod } from './order-status';

/**
 * Discounts at sale time (issue 38 §3, decision 0041): per line and/or on the whole order, in R$ or %.
 * The one copy of their arithmetic, used by the API (what is charged and stored) and the web (the totals as
 * typed). Everything in integer cents:
 * - a line's % discount is the line's value (quantity × unit price) × % rounded half up to the cent
 *   (3 × R$ 129,90 = R$ 389,70; 7 % = 27,279 → R$ 27,28; the line costs R$ 362,42);
 * - the order's discount applies to the goods after the lines' own discounts (a % of that sum, rounded half
 *   up), never to freight, the fast-delivery tax or the warranty;
 * - the order's discount is spread over the lines pro rata by their value after their own discount, each
 *   share rounded down, the cents left over on the line of largest value (the first of them on a tie):
 *   every line's stored discount is its own plus its share (the fiscal note and the margin report read it).
 */

export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_TEXTS = {
  kindInvalid: 'Tipo de desconto inválido: use R$ (amount) ou % (percent).',
  valueInvalid: 'Valor de desconto inválido.',
  percentInvalid: 'O desconto em % vai de 0 a 100, com até duas casas decimais.',
  amountInvalid: 'O desconto em R$ deve ser um valor de no mínimo 0,00, com até dois decimais.',
  lineDuplicate: 'Informe no máximo um desconto por produto.',
  lineNotInCart: (name: string) => `O produto ${name} não está no carrinho.`,
  lineAboveValue: (name: string, value: string) => `O desconto do produto ${name} passa do valor da linha (${value}).`,
  orderAboveValue: (value: string) => `O desconto do pedido passa do valor dos produtos (${value}).`,
  /** The refusal above the seller's role maximum (decision 0041; a manager's approval lifts it: decision 0045). */
  aboveMaximum: (maximum: string) =>
    maximum === '0'
      ? 'Sua regra não permite dar desconto (máximo 0 %). Peça a um funcionário com permissão de desconto maior.'
      : `O desconto passa do máximo da sua regra (${maximum} %). Peça a um funcionário com permissão de desconto maior.`,
  maxInvalid: 'Informe o desconto máximo de 0 a 100 %, com até duas casas decimais.',
  maxNotHeld: (maximum: string) => `Você não pode dar a uma regra desconto máximo acima do seu (${maximum} %).`,
  /** POST /orders/{id}/discount on an order past the point where its total may change. */
  orderNotChangeable:
    'O desconto só pode ser alterado antes da separação: em pedido em dinheiro ou cartão na entrega aguardando o estoquista, ou por Pix ainda não pago.',
  pixAlreadyReceived: 'Este pedido já tem um Pix recebido: o desconto não pode mais ser alterado.',
  changed: 'Desconto do pedido alterado.',
  /** The order's history row of a discount changed (issue 38 §3). */
  historyNote: (from: string, to: string, total: string) =>
    `Desconto alterado de ${from} para ${to}; novo total ${total}.`,
} as const;

/** 700 → '7', 750 → '7,5', 1225 → '12,25' (how a maximum is written in messages and on screen). */
export function formatPercentHundredths(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

const discountFields = {
  kind: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_TEXTS.kindInvalid }),
  value: z.number({ error: DISCOUNT_TEXTS.valueInvalid }).min(0, DISCOUNT_TEXTS.valueInvalid),
};

function checkValue(discount: { kind: DiscountKind; value: number }, ctx: z.RefinementCtx): void {
  if (discount.kind === 'percent' && (discount.value > 100 || !hasTwoDecimals(discount.value))) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_TEXTS.percentInvalid });
  }
  if (discount.kind === 'amount' && (discount.value > 1_000_000 || !hasTwoDecimals(discount.value))) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_TEXTS.amountInvalid });
  }
}

/** A discount as typed: R$ (`amount`, reais with two decimals) or % (`percent`, 0–100 with two decimals). */
export const typedDiscountSchema = z.object(discountFields).superRefine(checkValue);
export type Discount = z.infer<typeof typedDiscountSchema>;

/** One line's discount: the cart line of `productId`. */
export const lineDiscountSchema = z
  .object({ productId: idSchema(DISCOUNT_TEXTS.valueInvalid), ...discountFields })
  .superRefine(checkValue);
export type LineDiscount = z.infer<typeof lineDiscountSchema>;

/** The discounts of a sale (optional fields of the checkout body; the pre-checkout's `discounts` query as JSON). */
export const saleDiscountsSchema = z.object({
  /** On the whole order's goods, after the lines' own discounts. */
  order: typedDiscountSchema.optional(),
  /** At most one per product of the cart. */
  lines: z
    .array(lineDiscountSchema)
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, DISCOUNT_TEXTS.lineDuplicate)
    .optional(),
});
export type SaleDiscounts = z.infer<typeof saleDiscountsSchema>;

/**
 * Whether an order's discount may still change (POST /orders/{id}/discount) and its lines be edited (PATCH
 * /orders/{id}): before separation and before any money came in — a cash order or a card charged on delivery
 * ('Levar maquininha', `cardOnDelivery`: nothing paid at the sale) waiting for the stocker, or an order paid by its
 * own Pix still waiting for it (Processando, Aguardando comprovante; the API also refuses once a Pix was
 * received). A transfer's proof was sent for its total, a card charged at the counter paid it: never.
 */
export function orderDiscountChangeable(order: {
  status: number;
  paymentMethod: PaymentMethod;
  cardOnDelivery?: boolean;
}): boolean {
  if (order.paymentMethod === 'CASH' || (order.paymentMethod === 'CARD' && order.cardOnDelivery === true)) {
    return order.status === ORDER_STATUS.AGUARDANDO_ESTOQUISTA;
  }
  if (order.paymentMethod === 'PIX') {
    return order.status === ORDER_STATUS.PROCESSANDO || order.status === ORDER_STATUS.AGUARDANDO_COMPROVANTE;
  }
  return false;
}

/** Body of POST /orders/{id}/discount: the order's discounts from now on (`{}` removes them all). */
export const orderDiscountBodySchema = z.object({ discounts: saleDiscountsSchema });
export type OrderDiscountBody = z.infer<typeof orderDiscountBodySchema>;

/** Its answer: the order's discount and total after the change (reais). */
export const orderDiscountResponseSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  discount: z.number(),
  total: z.number(),
  /** A refund the change owes the customer: the confirmed payment parts above the new total (decision 0044). */
  refund: z.number().optional(),
  message: z.string(),
});
export type OrderDiscountResponse = z.infer<typeof orderDiscountResponseSchema>;

/** `discounts` of the pre-checkout's query: the same object as JSON text. */
export const saleDiscountsQuerySchema = z
  .string({ error: DISCOUNT_TEXTS.valueInvalid })
  .max(8000, DISCOUNT_TEXTS.valueInvalid)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXTS.valueInvalid });
      return z.NEVER;
    }
  })
  .pipe(saleDiscountsSchema);

/** `percent` % of `cents`, rounded half up to the cent, exactly (`percent` counts to its second decimal). */
export function percentOfCents(cents: number, percent: number): number {
  return hundredthsOfCents(cents, percentToHundredths(percent));
}

/** The cents a discount takes off `valueCents` (not checked against it). */
export function discountCents(discount: Discount | undefined, valueCents: number): number {
  if (!discount) return 0;
  return discount.kind === 'percent' ? percentOfCents(valueCents, discount.value) : reaisToCents(discount.value);
}

/**
 * `totalCents` spread over `weights` pro rata (each share rounded down), the cents left over on the largest
 * weight (the first of them on a tie). All zero weights: everything on the first.
 */
export function spreadCents(totalCents: number, weights: readonly number[]): number[] {
  return splitCents(totalCents, weights, 'largest');
}

/** A line to discount: its product, name (for messages) and value (quantity × unit price, cents). */
export interface DiscountableLine {
  productId: number;
  name: string;
  valueCents: number;
}

export interface DiscountedLine extends DiscountableLine {
  /** The line's own discount. */
  ownDiscountCents: number;
  /** Its share of the order's discount. */
  orderShareCents: number;
  /** own + share: what is stored on the order item. */
  discountCents: number;
}

export interface DiscountedSale {
  lines: DiscountedLine[];
  /** The goods before any discount. */
  goodsCents: number;
  /** Sum of the lines' own discounts. */
  linesDiscountCents: number;
  /** The order's discount (over the goods after the lines' own). */
  orderDiscountCents: number;
  /** Everything taken off: lines + order. */
  discountCents: number;
}

/** Thrown when a discount cannot apply (its message is the Portuguese refusal). */
export class DiscountError extends Error {}

/**
 * The sale's discounts in cents. Refuses (DiscountError) a line discount for a product not in `lines`, a
 * line discount above its line's value and an order discount above the goods left after the lines' own.
 */
export function applyDiscounts(
  lines: readonly DiscountableLine[],
  discounts: SaleDiscounts | undefined,
): DiscountedSale {
  const byProduct = new Map((discounts?.lines ?? []).map((line) => [line.productId, line]));
  for (const productId of byProduct.keys()) {
    if (!lines.some((line) => line.productId === productId)) {
      throw new DiscountError(DISCOUNT_TEXTS.lineNotInCart(`#${productId}`));
    }
  }
  const own = lines.map((line) => {
    const cents = discountCents(byProduct.get(line.productId), line.valueCents);
    if (cents > line.valueCents) {
      throw new DiscountError(DISCOUNT_TEXTS.lineAboveValue(line.name, formatBRL(line.valueCents / 100)));
    }
    return cents;
  });
  const after = lines.map((line, index) => line.valueCents - (own[index] as number));
  const afterSum = after.reduce((a, b) => a + b, 0);
  const orderDiscountCents = discountCents(discounts?.order, afterSum);
  if (orderDiscountCents > afterSum) {
    throw new DiscountError(DISCOUNT_TEXTS.orderAboveValue(formatBRL(afterSum / 100)));
  }
  const shares = spreadCents(orderDiscountCents, after);
  const discounted = lines.map((line, index) => {
    const ownDiscountCents = own[index] as number;
    const orderShareCents = shares[index] as number;
    return { ...line, ownDiscountCents, orderShareCents, discountCents: ownDiscountCents + orderShareCents };
  });
  const linesDiscountCents = own.reduce((a, b) => a + b, 0);
  return {
    lines: discounted,
    goodsCents: lines.reduce((sum, line) => sum + line.valueCents, 0),
    linesDiscountCents,
    orderDiscountCents,
    discountCents: linesDiscountCents + orderDiscountCents,
  };
}

/**
 * Whether a sale's discounts stay within a maximum (hundredths of a percent; null: unlimited, full:access):
 * no line's own discount may pass the maximum of its value, nor all discounts together the maximum of the
 * goods, each maximum rounded half up to the cent (a 7 % discount of 3 × R$ 129,90, R$ 27,28, is within 7 %).
 */
export function withinMaximum(sale: DiscountedSale, maxHundredths: number | null): boolean {
  if (maxHundredths === null) return true;
  const max = maxHundredths / 100;
  if (sale.lines.some((line) => line.ownDiscountCents > percentOfCents(line.valueCents, max))) return false;
  return sale.discountCents <= percentOfCents(sale.goodsCents, max);
}

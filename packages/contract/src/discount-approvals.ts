import { z } from 'zod';
import { type DiscountedSale, type SaleDiscounts, saleDiscountsSchema, withinMaximum } from './discounts';
import { idSchema } from './ids';
import { percentToHundredths } from './money';
import { PERMISSIONS } from './permissions';

/**
 * A manager's approval of a discount above the seller's role maximum (issue 38 §3, decision 0045): a request
 * that holds nothing (no stock, no order), the cart and the discounts as they were when asked; whoever's role
 * maximum covers it approves or refuses it (with a reason); the seller's checkout with its id accepts that same
 * sale once, within DISCOUNT_APPROVAL_VALID_MINUTES of the approval.
 */

export const DISCOUNT_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REFUSED', 'USED'] as const;
export type DiscountApprovalStatus = (typeof DISCOUNT_APPROVAL_STATUSES)[number];

/**
 * Who may list, approve and refuse (any of them; then only within his role maximum, never his own): the sellers
 * and whoever follows the orders (the demo 'Gerência' sells nothing but holds 10 %). Asking needs internal_sales.
 */
export const DISCOUNT_APPROVAL_PERMISSIONS = [PERMISSIONS.internalSales, PERMISSIONS.orders] as const;

/** The bell's link of a request: opens the 'Aprovações de desconto' dialog over the page one is on. */
export const DISCOUNT_APPROVALS_HASH = '#aprovacoes-desconto';

/** How long an approval may be used after it was given. */
export const DISCOUNT_APPROVAL_VALID_MINUTES = 120;

export const DISCOUNT_APPROVAL_TEXTS = {
  ask: 'Pedir aprovação',
  asked: 'Aprovação pedida. Aguarde um gerente.',
  pending: 'Aguardando aprovação do desconto…',
  approved: (approver: string) => `Desconto aprovado por ${approver}.`,
  refused: (approver: string, reason: string) => `Desconto recusado por ${approver}: ${reason}`,
  title: 'Aprovações de desconto',
  empty: 'Nenhum pedido de aprovação de desconto aguardando.',
  approve: 'Aprovar',
  refuse: 'Recusar',
  reasonLabel: 'Motivo da recusa',
  reasonRequired: 'Informe o motivo da recusa.',
  reasonInvalid: 'O motivo deve ter até 300 caracteres.',
  bellTitle: 'Aprovação de desconto',
  bellBody: (seller: string, percent: string, customer: string) => `${seller} pede ${percent} % para ${customer}.`,
  notNeeded: 'O desconto está dentro do máximo da sua regra: não precisa de aprovação.',
  notFound: 'Pedido de aprovação de desconto não encontrado.',
  notPending: 'Este pedido de aprovação já foi decidido.',
  ownRequest: 'Você não pode aprovar o seu próprio pedido de desconto.',
  productInvalid: 'Produto inválido.',
  aboveApprover: (maximum: string) =>
    `O desconto pedido passa do máximo da sua regra (${maximum} %): peça a quem tenha permissão maior.`,
  cartEmpty: 'O carrinho está vazio: não há o que aprovar.',
  approvalIdInvalid: 'Aprovação de desconto inválida.',
  /** The checkout with an approval that does not cover this sale (403, as above the maximum). */
  approvalNotValid:
    'A aprovação de desconto não vale para esta venda (outro vendedor, cliente, carrinho ou desconto, já usada, recusada ou vencida). Peça uma nova aprovação.',
  historyNote: (approver: string) => `Desconto acima do máximo aprovado por ${approver}.`,
  approvedMessage: 'Desconto aprovado.',
  refusedMessage: 'Desconto recusado.',
} as const;

/** The smallest role maximum (hundredths of a percent) within which `sale` stays (0 with no discount). */
export function requiredMaximum(sale: DiscountedSale): number {
  let low = 0;
  let high = 10_000;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (withinMaximum(sale, middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The % a request is said to ask (the bell, the dialog), in hundredths: the % typed when the discount is one
 * percentage on the whole order (12 % of R$ 39,36 is R$ 4,72, which 11,98 % also gives: it still reads 12 %),
 * else the smallest maximum that covers it (`requiredMaximum`: a line's own R$ 30,00 of R$ 200,00 reads 15 %).
 */
export function askedPercentage(discounts: SaleDiscounts, requiredHundredths: number): number {
  if (discounts.order?.kind === 'percent' && (discounts.lines ?? []).length === 0) {
    return percentToHundredths(discounts.order.value);
  }
  return requiredHundredths;
}

/**
 * POST /discount-approvals: ask an approval for the customer's cart as it is now, with these discounts; or, at the
 * counter ('Balcão', decision 0078), for the sale's own lines (`items`: no cart), the customer its registered one or
 * the seller's 'Consumidor final'.
 */
export const discountApprovalRequestSchema = z.object({
  customerId: idSchema(DISCOUNT_APPROVAL_TEXTS.notFound),
  discounts: saleDiscountsSchema,
  items: z
    .array(
      z.strictObject({
        productId: idSchema(DISCOUNT_APPROVAL_TEXTS.productInvalid),
        quantity: z.number().int().min(1).max(10_000),
      }),
    )
    .min(1)
    .max(100)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length)
    .optional(),
});
export type DiscountApprovalRequest = z.infer<typeof discountApprovalRequestSchema>;

/** POST /discount-approvals/{id}/refuse. */
export const discountApprovalRefuseSchema = z.object({
  reason: z
    .string({ error: DISCOUNT_APPROVAL_TEXTS.reasonRequired })
    .trim()
    .min(1, DISCOUNT_APPROVAL_TEXTS.reasonRequired)
    .max(300, DISCOUNT_APPROVAL_TEXTS.reasonInvalid),
});

export const discountApprovalSchema = z.object({
  id: z.number().int(),
  status: z.enum(DISCOUNT_APPROVAL_STATUSES),
  seller: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  lines: z.array(
    z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int(), unitPrice: z.number() }),
  ),
  discounts: saleDiscountsSchema,
  /** The goods before discount and the discount asked (reais). */
  goods: z.number(),
  discount: z.number(),
  /** The % asked (`askedPercentage`): what the bell and the dialog say. */
  percentage: z.number(),
  /** The smallest role maximum that covers it (%): who may approve. */
  requiredPercentage: z.number(),
  createdAt: z.string(),
  approver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** The order that used it (status USED). */
  orderId: z.number().int().nullable(),
});
export type DiscountApproval = z.infer<typeof discountApprovalSchema>;

/**
 * The pre-checkout's answer about approvals (present when discounts were asked and the seller is known): the
 * seller's newest request for this customer, and whether it covers the cart and discounts as they are now.
 */
export const preCheckoutApprovalSchema = z.object({
  id: z.number().int(),
  status: z.enum(DISCOUNT_APPROVAL_STATUSES),
  /** Asked for this very cart (products, quantities, prices) and these discounts. */
  matches: z.boolean(),
  /** APPROVED, unused, not expired, and `matches`: the checkout may send its id. */
  covers: z.boolean(),
  approver: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PreCheckoutApproval = z.infer<typeof preCheckoutApprovalSchema>;

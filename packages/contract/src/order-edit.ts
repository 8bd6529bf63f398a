import { z } from 'zod';
import { saleDiscountsSchema } from './discounts';
import { idSchema } from './ids';
import { ORDER_STATUS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from './order-status';
import { SELLING_LIMITS, SELLING_TEXTS } from './selling';

/**
 * Changing an order after it is placed, before separation (issue 38 §5, decision 0044): PATCH /orders/{id}.
 * Which orders may change is decision 0041's rule (`orderDiscountChangeable`, plus no Pix received and the
 * payment parts covered); the totals are the checkout's (`quote`) and §3's (`applyDiscounts`).
 */

export const ORDER_EDIT_TEXTS = {
  /** Issue 42 §2: the bill of a repair follows its approved estimate (decision 0059). */
  repairBill: 'Este pedido é a cobrança de uma ordem de serviço: o orçamento aprovado não é alterado por aqui.',
  /** From separation on: only what the workflow already offers. */
  separated:
    'O pedido já está em separação ou adiante: não pode mais ser alterado. Resta cancelá-lo ou registrar uma troca ou devolução.',
  /** Before separation, but its payment froze the total (a transfer's proof, a Pix waiting for approval, a card). */
  notChangeable:
    'Este pedido não pode ser alterado: só pedidos em dinheiro ou cartão na entrega aguardando o estoquista, ou por Pix ainda não pago, antes da separação.',
  pixAlreadyReceived:
    'Este pedido já tem um Pix recebido: não pode mais ser alterado. Cancele-o ou registre uma troca.',
  /** The new total below what the confirmed and pending parts hold (decision 0042): never silently lose money. */
  belowPaid: (total: string, paid: string) =>
    `O novo total (${total}) fica abaixo do que já foi pago ou aguarda pagamento (${paid}). Recuse o pagamento aguardando em 'Pagamentos' antes de alterar o pedido.`,
  noItems: 'O pedido precisa de ao menos um produto. Para desistir da venda, cancele o pedido.',
  itemsInvalid: 'Informe os produtos do pedido: cada um com quantidade inteira de no mínimo 1.',
  itemDuplicate: 'Informe cada produto uma vez só, com a quantidade total.',
  tooManyItems: `O pedido pode ter no máximo ${SELLING_LIMITS.maxCartItems} produtos diferentes.`,
  productNotFound: (id: number) => `Produto #${id} não encontrado.`,
  nothingChanged: 'Nada foi alterado no pedido.',
  /** Section 8's words for an order changed. */
  edited: 'Pedido alterado com sucesso.',
  preview: 'Prévia: nada foi gravado.',
  keyReused: 'Esta chave (Idempotency-Key) já foi usada em outra operação.',
  /** The history row. */
  historyNote: (parts: string) => `Pedido alterado: ${parts}.`,
  /** The payment method's change in the history row: 'Forma de pagamento: Dinheiro → Pix'. */
  paymentChanged: (from: string, to: string) => `Forma de pagamento: ${from} → ${to}`,
  /** A new method while something is paid or waiting to be paid (a part, a Pix received). */
  paymentAlreadyPaid:
    "Este pedido já tem pagamento registrado ou aguardando: a forma de pagamento não pode mais mudar. Estorne ou recuse a parte em 'Pagamentos', ou cancele o pedido e venda de novo.",
  /** A transfer (deposit) needs its proof with the sale: not chosen in an edit. */
  transferNeedsProof:
    'Depósito precisa do comprovante junto com a venda: não pode ser escolhido ao alterar o pedido. Cancele o pedido e venda de novo com o comprovante.',
  paymentInvalid: 'Forma de pagamento inválida: Dinheiro, Pix ou Cartão na entrega.',
  /** The dialog's choice of method (a card in an edit is always charged on delivery: the courier takes the machine). */
  paymentLabel: 'Forma de pagamento',
  paymentOptions: {
    CASH: PAYMENT_METHOD_LABELS.CASH,
    PIX: PAYMENT_METHOD_LABELS.PIX,
    CARD: `${PAYMENT_METHOD_LABELS.CARD} na entrega (levar maquininha)`,
  },
  /** The dialog's word for the status a new method sends the order to. */
  movesTo: (status: string) => `Com a nova forma de pagamento o pedido vai para '${status}'.`,
} as const;

/**
 * The statuses before separation ('Iniciar separação' moves an order out of Aguardando estoquista): every one
 * an order can be placed in or reach while it waits for its payment. From any other status an edit is 409
 * `separated` (or the order is final). Within these, `orderDiscountChangeable` says which may change.
 */
export const BEFORE_SEPARATION_STATUSES: readonly number[] = [
  ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
  ORDER_STATUS.PROCESSANDO,
  ORDER_STATUS.ERRO,
  ORDER_STATUS.AGUARDANDO_COMPROVANTE,
  ORDER_STATUS.AGUARDANDO_APROVACAO,
];

const editItemSchema = z.object({
  productId: idSchema(ORDER_EDIT_TEXTS.itemsInvalid),
  quantity: z
    .number({ error: ORDER_EDIT_TEXTS.itemsInvalid })
    .int(ORDER_EDIT_TEXTS.itemsInvalid)
    .min(1, ORDER_EDIT_TEXTS.itemsInvalid)
    .max(SELLING_LIMITS.maxQuantity, ORDER_EDIT_TEXTS.itemsInvalid),
});

/**
 * Body of PATCH /orders/{id}: every field optional, what is absent stays as it is.
 * - `items`: the order's lines from now on (a product absent is removed; a new one is added at the customer's
 *   level price now; a line kept keeps its unit price);
 * - the delivery choices (`typeOfDelivery` 1 Motoboy | 2 Retirada na loja, `isFastDelivery`, `withWarranty`);
 * - `discounts`: replace the order's discounts (as POST /orders/{id}/discount); absent: each kept line keeps
 *   its discount per unit;
 * - `expectedTotal`: the total the screen showed (reais); another one is 409 STALE_DATA;
 * - `dryRun`: everything is worked out and checked, nothing is written (the dialog's new total).
 */
/** The methods an edit may choose (a transfer needs its proof with the sale: refused, `transferNeedsProof`). */
export const EDIT_PAYMENT_METHODS = ['CASH', 'PIX', 'CARD'] as const satisfies readonly PaymentMethod[];
export type EditPaymentMethod = (typeof EDIT_PAYMENT_METHODS)[number];

/** The method's name as the history says it (a card in an edit: on delivery). */
export function paymentMethodWord(method: PaymentMethod, cardOnDelivery: boolean): string {
  return method === 'CARD' && cardOnDelivery ? 'Cartão na entrega' : PAYMENT_METHOD_LABELS[method];
}

export const orderEditBodySchema = z.object({
  items: z
    .array(editItemSchema, { error: ORDER_EDIT_TEXTS.itemsInvalid })
    .max(SELLING_LIMITS.maxCartItems, ORDER_EDIT_TEXTS.tooManyItems)
    .refine(
      (items) => new Set(items.map((item) => item.productId)).size === items.length,
      ORDER_EDIT_TEXTS.itemDuplicate,
    )
    .optional(),
  typeOfDelivery: z.union([z.literal(1), z.literal(2)], { error: SELLING_TEXTS.deliveryInvalid }).optional(),
  isFastDelivery: z.boolean().optional(),
  withWarranty: z.boolean().optional(),
  discounts: saleDiscountsSchema.optional(),
  /**
   * The payment method from now on (optional; decision 0044): CASH, PIX or CARD (charged on delivery: 'Levar
   * maquininha'); only while nothing is paid or waiting to be paid. BANK_TRANSFER is refused (its proof comes
   * with the sale). The order goes where the checkout would place it (the workflow table's 'changePayment').
   */
  payment: z
    .enum(['CASH', 'PIX', 'CARD', 'BANK_TRANSFER'], { error: ORDER_EDIT_TEXTS.paymentInvalid })
    .refine((method) => method !== 'BANK_TRANSFER', ORDER_EDIT_TEXTS.transferNeedsProof)
    .optional(),
  /**
   * 'Troco para' of a cash order (reais, at least the new total); null: none; absent: a cash order keeps its
   * own (a new cash order has none). Only with cash (400 otherwise).
   */
  changeFor: z
    .number({ error: SELLING_TEXTS.changeForInvalid })
    .positive(SELLING_TEXTS.changeForInvalid)
    .max(1_000_000, SELLING_TEXTS.changeForInvalid)
    .nullable()
    .optional(),
  expectedTotal: z.number().min(0).optional(),
  dryRun: z.boolean().optional(),
});
export type OrderEditBody = z.infer<typeof orderEditBodySchema>;

/** The order after the edit (or as the preview would leave it), in reais. */
export const orderEditResultSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      code: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      total: z.number(),
      discount: z.number(),
      /** Added by this edit (priced now at the customer's level). */
      added: z.boolean(),
    }),
  ),
  typeOfDelivery: z.number().int(),
  isFastDelivery: z.boolean(),
  withWarranty: z.boolean(),
  itemsTotal: z.number(),
  shippingCost: z.number(),
  fastDeliveryTax: z.number(),
  warranty: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The total before this edit. */
  previousTotal: z.number(),
  /** What the confirmed payment parts hold (decision 0042), less the refunds owed or given back. */
  paid: z.number(),
  /** The refund this edit owes (or the preview would owe) the customer: the confirmed parts above the new total. */
  refund: z.number().optional(),
  /** How the order is paid (after the edit), its 'Troco para' and whether the card is charged on delivery. */
  payment: z.enum(PAYMENT_METHODS),
  changeFor: z.number().nullable(),
  cardOnDelivery: z.boolean(),
  /** The order's status (after the edit: a new method moves it as the checkout would place it). */
  statusKey: z.number().int(),
  changed: z.boolean(),
  dryRun: z.boolean(),
  replayed: z.boolean(),
  message: z.string(),
});
export type OrderEditResult = z.infer<typeof orderEditResultSchema>;

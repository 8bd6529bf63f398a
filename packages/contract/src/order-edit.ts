import { z } from 'zod';
import { saleDiscountsSchema } from './discounts';
import { idSchema } from './ids';
import { ORDER_STATUS } from './order-status';
import { SELLING_LIMITS, SELLING_TEXTS } from './selling';

/**
 * Changing an order after it is placed, before separation (issue 38 §5, decision 0044): PATCH /orders/{id}.
 * Which orders may change is decision 0041's rule (`orderDiscountChangeable`, plus no Pix received and the
 * payment parts covered); the totals are the checkout's (`quote`) and §3's (`applyDiscounts`).
 */

export const ORDER_EDIT_TEXTS = {
  /** From separation on: only what the workflow already offers. */
  separated:
    'O pedido já está em separação ou adiante: não pode mais ser alterado. Resta cancelá-lo ou registrar uma troca ou devolução.',
  /** Before separation, but its payment froze the total (a transfer's proof, a Pix waiting for approval, a card). */
  notChangeable:
    'Este pedido não pode ser alterado: só pedidos em dinheiro aguardando o estoquista, ou por Pix ainda não pago, antes da separação.',
  pixAlreadyReceived:
    'Este pedido já tem um Pix recebido: não pode mais ser alterado. Cancele-o ou registre uma troca.',
  /** The new total below what the confirmed and pending parts hold (decision 0042): never silently lose money. */
  belowPaid: (total: string, paid: string) =>
    `O novo total (${total}) fica abaixo do que já foi pago ou aguarda pagamento (${paid}). Estorne ou recuse uma parte do pagamento em 'Pagamentos' antes de alterar o pedido.`,
  noItems: 'O pedido precisa de ao menos um produto. Para desistir da venda, cancele o pedido.',
  itemsInvalid: 'Informe os produtos do pedido: cada um com quantidade inteira de no mínimo 1.',
  itemDuplicate: 'Informe cada produto uma vez só, com a quantidade total.',
  tooManyItems: `O pedido pode ter no máximo ${SELLING_LIMITS.maxCartItems} produtos diferentes.`,
  productNotFound: (id: number) => `Produto #${id} não encontrado.`,
  nothingChanged: 'Nada foi alterado no pedido.',
  edited: 'Pedido alterado.',
  preview: 'Prévia: nada foi gravado.',
  keyReused: 'Esta chave (Idempotency-Key) já foi usada em outra operação.',
  /** The history row. */
  historyNote: (parts: string) => `Pedido alterado: ${parts}.`,
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
  /** What the confirmed payment parts hold (decision 0042). */
  paid: z.number(),
  changed: z.boolean(),
  dryRun: z.boolean(),
  replayed: z.boolean(),
  message: z.string(),
});
export type OrderEditResult = z.infer<typeof orderEditResultSchema>;

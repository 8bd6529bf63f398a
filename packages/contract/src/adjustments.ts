import { z } from 'zod';
import { idSchema } from './ids';
import { labelledValues } from './labelled-values';
import { centsToReais, formatBRL } from './money';
import { ORDER_STATUS } from './order-status';
import { ORDER_TEXTS } from './orders-api';

/** Exchanges and returns of a delivered or finished order (issue 17 §5, decision 0012). */
export const ADJUSTMENT_KIND_LABELS = { EXCHANGE: 'Troca', RETURN: 'Devolução' };
export const ADJUSTMENT_KINDS = labelledValues(ADJUSTMENT_KIND_LABELS);
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** The statuses an order may be exchanged or returned from: delivered (Entregue) or finished (Finalizados). */
export const ADJUSTABLE_STATUSES = [ORDER_STATUS.ENTREGUE, ORDER_STATUS.FINALIZADOS] as const;

export const ADJUSTMENT_LIMITS = {
  maxItems: 100,
  maxQuantity: 100_000,
  maxComments: 500,
} as const;

/** Texts of exchanges and returns (server errors and the dialog's labels). */
export const ADJUSTMENT_TEXTS = {
  registerExchange: 'Registrar troca',
  registerReturn: 'Registrar devolução',
  exchangeRegistered: 'Troca registrada com sucesso.',
  returnRegistered: 'Devolução registrada com sucesso.',
  refund: 'Valor a devolver ao cliente',
  due: 'Valor a receber do cliente',
  noDifference: 'Sem diferença de valor',
  comments: 'Observações',
  courier: 'Motoboy que recolheu (opcional)',
  replacementProduct: 'Produto de reposição (opcional: o mesmo produto)',
  replacementImei: 'IMEI do aparelho de reposição',
  itemsRequired: 'Escolha ao menos um item.',
  imeiFormat: 'IMEI deve ter 15 dígitos.',
  orderNotAdjustable: (code: string, status: string) =>
    `O pedido ${code} está em "${status}": só um pedido entregue ou finalizado aceita troca ou devolução.`,
  productNotInOrder: (productId: number) => `O produto #${productId} não está neste pedido.`,
  tooMany: (product: string, sold: number, already: number, asked: number) =>
    `${product}: foram vendidas ${sold} ${sold === 1 ? 'unidade' : 'unidades'} neste pedido e ${already} já ${already === 1 ? 'voltou' : 'voltaram'} (troca ou devolução); não é possível registrar mais ${asked}.`,
  unitsRequired: (product: string) => `${product} controla IMEI: informe o IMEI de cada unidade (quantidade 1 cada).`,
  unitNotInOrder: (imei: string, code: string) => `O IMEI ${imei} não foi vendido no pedido ${code}.`,
  unitNotSerialized: (product: string) => `${product} não controla IMEI: informe só a quantidade.`,
  replacementOnReturn: 'Uma devolução não leva produto de reposição.',
  replacementImeiRequired: (product: string) => `${product} controla IMEI: informe o IMEI do aparelho de reposição.`,
  replacementUnitUnavailable: (imei: string, product: string) =>
    `O IMEI ${imei} não está em estoque como ${product}: escolha um aparelho em estoque para a reposição.`,
  replacementNotFound: 'Produto de reposição não encontrado.',
  delivererNotCourier: ORDER_TEXTS.delivererNotCourier,
  unitNotReturned: (imei: string, status: string) =>
    `O IMEI ${imei} não está em análise (${status}): só um aparelho devolvido pode ser liberado ou baixado.`,
  released: 'Aparelho liberado para o estoque.',
  writtenOff: 'Aparelho baixado.',
  release: 'Liberar para o estoque',
  writeOff: 'Dar baixa',
} as const;

const imeiSchema = z
  .string()
  .trim()
  .regex(/^\d{15}$/, ADJUSTMENT_TEXTS.imeiFormat);

/**
 * One line of an exchange or return: the order's product and how many units come back; a serialized
 * product names its unit (`imei`, quantity 1 each). An exchange may give another product
 * (`replacementProductId`, the same product when absent); a serialized replacement names its unit
 * (`replacementImei`, in stock).
 */
export const adjustmentItemSchema = z.strictObject({
  productId: idSchema('Informe um produto válido.'),
  quantity: z
    .number({ error: 'Informe a quantidade.' })
    .int('A quantidade deve ser um número inteiro.')
    .positive('A quantidade deve ser maior que zero.')
    .max(ADJUSTMENT_LIMITS.maxQuantity, `No máximo ${ADJUSTMENT_LIMITS.maxQuantity} unidades por item.`),
  imei: imeiSchema.optional(),
  replacementProductId: idSchema('Informe um produto de reposição válido.').optional(),
  replacementImei: imeiSchema.optional(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItemSchema>;

/** Body of POST /orders/adjustments. */
export const adjustmentBodySchema = z
  .strictObject({
    orderId: idSchema(ORDER_TEXTS.orderIdInvalid),
    kind: z.enum(ADJUSTMENT_KINDS, { error: 'Informe o tipo: EXCHANGE (troca) ou RETURN (devolução).' }),
    items: z
      .array(adjustmentItemSchema)
      .min(1, ADJUSTMENT_TEXTS.itemsRequired)
      .max(ADJUSTMENT_LIMITS.maxItems, `No máximo ${ADJUSTMENT_LIMITS.maxItems} itens.`),
    comments: z
      .string()
      .trim()
      .max(ADJUSTMENT_LIMITS.maxComments, `No máximo ${ADJUSTMENT_LIMITS.maxComments} caracteres.`)
      .nullable()
      .optional(),
    /** The courier who collected the goods (reports 10 and 11). */
    delivererId: idSchema('Informe um motoboy válido.').nullable().optional(),
    /**
     * The screen's key of this registration (a UUID made once per attempt): sent again after a lost answer,
     * the registration already made for the order is answered and nothing is written twice.
     */
    registration: z.uuid('Informe um identificador de registro válido (UUID).').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'RETURN') return;
    for (const [index, item] of body.items.entries()) {
      if (item.replacementProductId !== undefined || item.replacementImei !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['items', index], message: ADJUSTMENT_TEXTS.replacementOnReturn });
      }
    }
  });
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

/** One line registered, money in reais (two decimals). */
export const adjustmentLineSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  imei: z.string().nullable(),
  /** The unit price paid on the order. */
  unitPrice: z.number(),
  replacementProductId: z.number().int().nullable(),
  replacementProductName: z.string().nullable(),
  replacementImei: z.string().nullable(),
  /** The replacement's price for the customer's level, per unit (exchanges). */
  replacementUnitPrice: z.number().nullable(),
  /** Positive: the customer pays; negative: the customer is refunded. */
  difference: z.number(),
});
export type AdjustmentLine = z.infer<typeof adjustmentLineSchema>;

/** What POST /orders/adjustments answers (201). */
export const adjustmentResultSchema = z.object({
  registration: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  lines: z.array(adjustmentLineSchema),
  /** The sum of the lines: positive = amount due by the customer, negative = refund. */
  difference: z.number(),
  createdAt: z.iso.datetime(),
});
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

/** The dialog's sentence about the difference (reais): refund, amount due, or none. */
export function adjustmentDifferenceLabel(difference: number): string {
  if (difference < 0) return ADJUSTMENT_TEXTS.refund;
  if (difference > 0) return ADJUSTMENT_TEXTS.due;
  return ADJUSTMENT_TEXTS.noDifference;
}

/**
 * A registration's difference in words, from its cents: 'Valor a receber do cliente: R$ 10,00', 'Valor a
 * devolver ao cliente: R$ 3.118,50' or 'Sem diferença de valor' (the history note and the audit trail).
 */
export function describeAdjustmentDifference(cents: number): string {
  if (cents === 0) return ADJUSTMENT_TEXTS.noDifference;
  return `${adjustmentDifferenceLabel(cents)}: ${formatBRL(centsToReais(Math.abs(cents)))}`;
}

import { z } from 'zod';
import { idParamSchema } from './ids';

/**
 * Refunds (decision 0044's amendment): money an order owes its customer after its total went below its
 * confirmed parts, recorded as given back by cash or Pix.
 */

/** How a refund is given back: cash at the counter or a Pix to the customer. */
export const REFUND_METHODS = ['CASH', 'PIX'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_STATUSES = ['PENDING', 'DONE'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ORDER_REFUND_TEXTS = {
  owed: (amount: string) => `Reembolso a registrar: ${amount}`,
  done: (method: string, amount: string) => `Reembolso registrado (${method}): ${amount}`,
  reason: (from: string, to: string) => `Pedido alterado: total de ${from} para ${to}`,
  record: 'Registrar reembolso',
  recordTitle: 'Registrar reembolso',
  methodLabel: 'Forma do reembolso',
  noteLabel: 'Observação (opcional)',
  recorded: 'Reembolso registrado com sucesso.',
  recordFailed: 'Não foi possível registrar o reembolso, tente novamente mais tarde.',
  methodInvalid: "Forma do reembolso inválida: use 'CASH' (dinheiro) ou 'PIX'.",
  noteInvalid: 'Observação com no máximo 500 caracteres.',
  notFound: 'Reembolso não encontrado.',
  alreadyDone: 'Este reembolso já foi registrado.',
  /** The edit dialog and the discount: what the change would owe the customer. */
  willOwe: (amount: string) => `O cliente terá ${amount} a reembolsar.`,
  /** History notes. */
  owedNote: (amount: string, reason: string) => `Reembolso a registrar: ${amount} (${reason}).`,
  doneNote: (method: string, amount: string, note: string | null) =>
    `Reembolso registrado (${method}): ${amount}${note ? ` — ${note}` : ''}.`,
} as const;

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = { CASH: 'Dinheiro', PIX: 'Pix' };

/** POST /orders/{id}/refunds/{refundId}/done: how it was given back and an optional note. */
export const orderRefundDoneSchema = z.strictObject({
  method: z.enum(REFUND_METHODS, { error: ORDER_REFUND_TEXTS.methodInvalid }),
  note: z
    .string({ error: ORDER_REFUND_TEXTS.noteInvalid })
    .trim()
    .max(500, ORDER_REFUND_TEXTS.noteInvalid)
    .optional()
    .transform((note) => (note ? note : undefined)),
});
export type OrderRefundDone = z.infer<typeof orderRefundDoneSchema>;

export const orderRefundParamsSchema = z.object({
  id: idParamSchema(ORDER_REFUND_TEXTS.notFound),
  refundId: idParamSchema(ORDER_REFUND_TEXTS.notFound),
});

/** One refund as the API answers it (money in reais). */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  method: z.enum(REFUND_METHODS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderRefundAnswerSchema = z.object({
  data: orderRefundSchema,
  /** True when this answer repeats an earlier request with the same Idempotency-Key (or the refund was already done so). */
  replayed: z.boolean(),
});

import { z } from 'zod';
import { CARD_BRANDS, CARD_KINDS, type CardKind, type CardSettings, MAX_CARD_INSTALMENTS } from './card-payments';
import { idParamSchema } from './ids';
import { labelledValues } from './labelled-values';
import { centsToReais, formatBRL, hasTwoDecimals } from './money';
import { orderRefundSchema } from './order-refunds';
import type { PaymentMethod } from './order-status';

/**
 * Card numbers refused (`card-numbers.ts`), a card's kinds, settings and money (`card-payments.ts`) and the
 * refunds (`order-refunds.ts`) live in files of their own, re-exported here: './order-payments' still has them all.
 */
export * from './card-numbers';
export * from './card-payments';
export * from './order-refunds';

/**
 * Card and split payments (issue 38 §2, decision 0042): an order paid by one or more parts ('Pagamentos'),
 * each with its own method, amount and status. The order is paid when its confirmed parts sum exactly to its
 * total (`partsPayTotal`); a card part records brand, instalments, NSU and authorisation code, never the card
 * number, and the acquirer's fee and the days it takes to pay from the shop's card settings.
 */

/**
 * The order's methods paid when the goods are handed over (at the door or the counter), not before they are
 * packed: cash and a card (without its part recorded at the sale, 'Levar maquininha'). Parts may be recorded
 * on such an order after its payment statuses.
 */
export const PAID_AT_HANDOVER: readonly PaymentMethod[] = ['CASH', 'CARD'];

/** The methods of a part: cash at the counter, the order's Pix (a txid and BR Code of its own) or a card. */
export const PART_METHODS = ['CASH', 'PIX', 'CARD'] as const;
export type PartMethod = (typeof PART_METHODS)[number];
/**
 * Every method a part may have: those recorded by POST /orders/{id}/payments, and a used phone taken as part of
 * the payment (TRADE_IN, issue 42 §1), recorded only by accepting its trade-in.
 */
export const PART_KINDS = [...PART_METHODS, 'TRADE_IN'] as const;
export type PartKind = (typeof PART_KINDS)[number];
export const PART_METHOD_LABELS: Record<PartKind, string> = {
  CASH: 'Dinheiro',
  PIX: 'Pix',
  CARD: 'Cartão',
  TRADE_IN: 'Aparelho usado',
};

/**
 * A part's life: PENDING (a Pix part waiting for the bank), CONFIRMED (paid: a card the machine approved, cash
 * in hand, a Pix the bank told us of), REFUSED (a pending part given up) and REVERSED (a confirmed one given
 * back: a chargeback, a refund). Only CONFIRMED pays; PENDING holds its amount of the balance.
 */
export const PART_STATUS_LABELS = {
  PENDING: 'Aguardando',
  CONFIRMED: 'Confirmado',
  REFUSED: 'Recusado',
  REVERSED: 'Estornado',
};
export const PART_STATUSES = labelledValues(PART_STATUS_LABELS);
export type PartStatus = (typeof PART_STATUSES)[number];

export const ORDER_PAYMENT_TEXTS = {
  title: 'Pagamentos',
  add: 'Adicionar pagamento',
  balance: 'Saldo a pagar',
  paid: 'Pago',
  method: 'Forma',
  amount: 'Valor',
  status: 'Situação',
  brand: 'Bandeira',
  instalments: 'Parcelas',
  nsu: 'NSU',
  authorizationCode: 'Código de autorização',
  fee: 'Taxa',
  net: 'Líquido',
  cardKind: 'Tipo do cartão',
  cardKinds: { DEBIT: 'Débito', CREDIT: 'Crédito' } satisfies Record<CardKind, string>,
  none: 'Nenhum pagamento registrado.',
  pending: 'Aguardando',
  inFull: 'À vista',
  save: 'Registrar pagamento',
  cancel: 'Cancelar',
  added: 'Pagamento registrado com sucesso.',
  addFailed: 'Não foi possível registrar o pagamento, tente novamente mais tarde.',
  loadFailed: 'Não foi possível carregar os pagamentos.',
  noCardNumber: 'Nunca digite o número do cartão: só os dados do comprovante da maquininha.',
  settlesOn: (dates: string) => `Recebimento: ${dates}`,
  pixOfPart: (seq: number, amount: string) => `Pix da parte ${seq} (${amount}):`,
  amountInvalid: 'Informe um valor maior que zero, com no máximo duas casas decimais.',
  methodInvalid: "Forma de pagamento inválida: use 'CASH', 'PIX' ou 'CARD'.",
  cardRequired: 'Informe os dados do cartão: tipo, bandeira, NSU e código de autorização.',
  cardOnlyWithCard: 'Dados de cartão só existem no pagamento com cartão.',
  kindInvalid: "Tipo do cartão inválido: use 'DEBIT' (débito) ou 'CREDIT' (crédito).",
  brandInvalid: `Bandeira inválida: use ${CARD_BRANDS.join(', ')}.`,
  instalmentsInvalid: `Parcelas inválidas: de 1 a ${MAX_CARD_INSTALMENTS}.`,
  debitInstalments: 'Débito é sempre à vista (1 parcela).',
  cardTotalZero: 'Uma venda de R$ 0,00 não tem o que cobrar no cartão: finalize-a em dinheiro.',
  aboveMaxInstalments: (max: number) => `A loja parcela em no máximo ${max}×.`,
  nsuInvalid: 'NSU inválido: de 1 a 12 dígitos.',
  authorizationInvalid: 'Código de autorização inválido: de 1 a 12 letras e dígitos.',
  cardNumberRefused:
    'Não informe o número do cartão: registre só bandeira, parcelas, NSU e código de autorização do comprovante.',
  overpaid: (balance: string) => `O valor passa do saldo a pagar do pedido (${balance}).`,
  nothingDue: 'O pedido já está todo pago (ou com pagamentos aguardando).',
  notPayable: (code: string, status: string) => `O pedido ${code} não aceita pagamentos agora (${status}).`,
  alreadyPaidWhole: (code: string) => `O pedido ${code} já foi pago por inteiro.`,
  partNotFound: 'Pagamento não encontrado.',
  /** The courier's card at the door (decision 0042, its amendment). */
  cardAtDoorNotDue: (code: string) =>
    `O pedido ${code} não tem valor a cobrar na maquininha: entregue sem o comprovante e fale com a loja.`,
  cardAtDoorAmount: (typed: string, due: string) =>
    `O valor do comprovante (${typed}) não é o que falta receber no cartão (${due}): confira com a loja.`,
  cardAtDoorNote: (amount: string, nsu: string) =>
    `Cartão na entrega ${amount} (comprovante ${nsu}) registrado pelo motoboy`,
  /**
   * Cash always lands (decision 0075): cash handed over at the counter needs the open drawer of who takes it, when
   * the shop uses drawers (409 CASH_DRAWER_CLOSED).
   */
  drawerClosed: (amount: string) =>
    `Abra o seu caixa para receber ${amount} em dinheiro: o dinheiro entra no caixa de quem entrega o pedido.`,
  /** A sale split at checkout: a Pix part now, the rest by card at the door. */
  splitAmountInvalid:
    'Valor no cartão inválido: maior que zero e menor que o total, com no máximo duas casas decimais.',
  splitOnlyPix: 'A parte no cartão na entrega só existe no pagamento por Pix.',
  closeInvalid: "Situação inválida: use 'REFUSED' (recusado) ou 'REVERSED' (estornado).",
  refuseOnlyPending: 'Só um pagamento aguardando pode ser recusado.',
  /** A used phone taken as part of the payment (issue 42 §1) is the shop's already: not refused nor reversed here. */
  tradeInPartFixed: 'O aparelho usado recebido como pagamento já é da loja: esta parte não é recusada nem estornada.',
  reverseOnlyConfirmed: 'Só um pagamento confirmado pode ser estornado.',
  reasonRequired: 'Informe o motivo.',
  keyReused: 'Esta chave de idempotência já foi usada para outro pagamento. Recarregue e tente de novo.',
  /** History notes. */
  partNote: (method: string, amount: string, status: string) => `Pagamento ${method} de ${amount}: ${status}.`,
  pixPartNote: (amount: string, endToEndId: string) =>
    `Pix de ${amount} recebido pelo banco para uma parte do pagamento (E2E ${endToEndId}).`,
  paidByPartsNote: (total: string) => `Pagamento completo em partes: ${total}.`,
  closedNote: (method: string, amount: string, status: string, reason: string) =>
    `Pagamento ${method} de ${amount} ${status.toLowerCase()}: ${reason}. O saldo volta a ser devido.`,
  /** Settings. */
  settingsTitle: 'Cartões',
  settingsSaved: 'Configurações de cartão salvas com sucesso.',
  settingsSaveFailed: 'Não foi possível salvar as configurações de cartão, tente novamente mais tarde.',
  settingsSave: 'Salvar taxas de cartão',
  settingsText:
    'Taxa da adquirente (%) por tipo e número de parcelas e prazos de recebimento: cada pagamento com cartão guarda a taxa e o líquido do momento em que foi registrado.',
  maxInstalmentsLabel: 'Parcelamento máximo',
  debitFeeLabel: 'Débito (%)',
  debitDaysLabel: 'Prazo do débito (dias)',
  creditDaysLabel: 'Prazo por parcela (dias)',
  creditFeeLabel: (n: number) => (n === 1 ? 'Crédito à vista (%)' : `Crédito ${n}× (%)`),
  feeInvalid: 'Taxa inválida: de 0 a 100 %, com no máximo duas casas decimais.',
  daysInvalid: 'Prazo inválido: de 0 a 365 dias.',
  maxInstalmentsInvalid: `Parcelamento máximo inválido: de 1 a ${MAX_CARD_INSTALMENTS}.`,
  creditFeesInvalid: `Informe as ${MAX_CARD_INSTALMENTS} taxas de crédito (1× a ${MAX_CARD_INSTALMENTS}×).`,
} as const;

// ---------- the rule of 'paid' ----------

/**
 * What the parts of an order add up to: confirmed (paid, less the refunds owed or given back), pending (held),
 * and what is still due. `refundedCents`: the order's refunds, to record or recorded (decision 0044's amendment:
 * an edit that lowered the total below the confirmed parts owes the customer the excess), so the order stays
 * paid when its confirmed parts less its refunds are its total.
 */
export function partsBalance(
  totalCents: number,
  parts: ReadonlyArray<{ status: PartStatus; amountCents: number }>,
  refundedCents = 0,
): { confirmedCents: number; pendingCents: number; dueCents: number } {
  let confirmedCents = -refundedCents;
  let pendingCents = 0;
  for (const part of parts) {
    if (part.status === 'CONFIRMED') confirmedCents += part.amountCents;
    if (part.status === 'PENDING') pendingCents += part.amountCents;
  }
  return { confirmedCents, pendingCents, dueCents: totalCents - confirmedCents - pendingCents };
}

/**
 * THE rule of a split payment: the order is paid when its confirmed parts, less its refunds (owed or given
 * back), sum exactly to its total (to the cent).
 */
export function partsPayTotal(
  totalCents: number,
  parts: ReadonlyArray<{ status: PartStatus; amountCents: number }>,
  refundedCents = 0,
): boolean {
  return parts.length > 0 && partsBalance(totalCents, parts, refundedCents).confirmedCents === totalCents;
}

/**
 * THE rule of an order that moves on before it is paid in full (decision 0042's amendment): one charged by card
 * at the door ('Levar maquininha', `orders.card_on_delivery`) whose other parts were taken at the sale (a Pix
 * part): it settles its payment when every such part is confirmed (none pending, at least one paid); the rest
 * is the door's card (`dueAtHandoverCents`). Any other order: its confirmed parts pay the total (`partsPayTotal`).
 */
export function partsSettle(
  totalCents: number,
  parts: ReadonlyArray<{ status: PartStatus; amountCents: number }>,
  cardOnDelivery: boolean,
  refundedCents = 0,
): boolean {
  if (!cardOnDelivery) return partsPayTotal(totalCents, parts, refundedCents);
  const { confirmedCents, pendingCents } = partsBalance(totalCents, parts, refundedCents);
  return confirmedCents > 0 && pendingCents === 0;
}

/**
 * What is left to pay when the order is handed over, a cash order's (the courier's cash, the counter's) or a
 * card's charged at the door ('Levar maquininha'): the total less the parts already confirmed (a Pix part the
 * bank paid before the order left, a card part at the shop) net of refunds, never below 0. A pending part is
 * still due: it is not paid yet. Its SQL, for the board's grouped figures, is `DUE_AT_HANDOVER`
 * (payments/pix-received.service.ts).
 */
export function dueAtHandoverCents(
  totalCents: number,
  parts: ReadonlyArray<{ status: PartStatus; amountCents: number }>,
  refundedCents = 0,
): number {
  return Math.max(0, totalCents - partsBalance(totalCents, parts, refundedCents).confirmedCents);
}

/**
 * What an order owes its customer when its total is changed (decision 0044's amendment): the confirmed parts
 * less the refunds already owed, above the new total. Pending parts that no longer fit are refused instead
 * (`pendingCents > 0` and the parts above the total: the attendant refuses the pending part first).
 */
export function refundOwedCents(totalCents: number, held: { confirmedCents: number; pendingCents: number }): number {
  return Math.max(0, held.confirmedCents - totalCents);
}

// ---------- input ----------

/**
 * A part's amount in reais: more than R$ 0,00, two decimals, at most R$ 21 milhões. Every part's, whoever records
 * it: the payments route, the courier's receipt, the card of the counter's checkout (`isPartAmountCents`).
 */
const amountSchema = z
  .number({ error: ORDER_PAYMENT_TEXTS.amountInvalid })
  .gt(0, ORDER_PAYMENT_TEXTS.amountInvalid)
  .max(21_000_000, ORDER_PAYMENT_TEXTS.amountInvalid)
  .refine(hasTwoDecimals, ORDER_PAYMENT_TEXTS.amountInvalid);

/** Whether an amount worked out on the server (cents) may be a part's (`amountSchema`): never R$ 0,00. */
export function isPartAmountCents(cents: number): boolean {
  return Number.isSafeInteger(cents) && amountSchema.safeParse(centsToReais(cents)).success;
}

/**
 * A card's receipt rule beyond its fields: a débito is always 1× (instalments only on a crédito). Every card
 * typed (the payments route, the courier's receipt, the counter's checkout, a quote's card) through
 * `cardDataSchema` or `cardReceiptSchema`.
 */
function refuseDebitInstalments(card: { kind: CardKind; instalments: number }, ctx: z.RefinementCtx) {
  if (card.kind === 'DEBIT' && card.instalments !== 1) {
    ctx.addIssue({ code: 'custom', path: ['instalments'], message: ORDER_PAYMENT_TEXTS.debitInstalments });
  }
}

const cardFields = {
  kind: z.enum(CARD_KINDS, { error: ORDER_PAYMENT_TEXTS.kindInvalid }),
  brand: z.enum(CARD_BRANDS, { error: ORDER_PAYMENT_TEXTS.brandInvalid }),
  instalments: z
    .number({ error: ORDER_PAYMENT_TEXTS.instalmentsInvalid })
    .int(ORDER_PAYMENT_TEXTS.instalmentsInvalid)
    .min(1, ORDER_PAYMENT_TEXTS.instalmentsInvalid)
    .max(MAX_CARD_INSTALMENTS, ORDER_PAYMENT_TEXTS.instalmentsInvalid)
    .default(1),
  /** Número Sequencial Único of the machine's receipt. */
  nsu: z
    .string({ error: ORDER_PAYMENT_TEXTS.nsuInvalid })
    .trim()
    .regex(/^\d{1,12}$/, ORDER_PAYMENT_TEXTS.nsuInvalid),
  authorizationCode: z
    .string({ error: ORDER_PAYMENT_TEXTS.authorizationInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{1,12}$/, ORDER_PAYMENT_TEXTS.authorizationInvalid)
    .transform((code) => code.toUpperCase()),
};

/** The machine's receipt of a card: kind, brand, instalments (a débito 1×), NSU, authorisation code. */
export const cardDataSchema = z.strictObject(cardFields).superRefine(refuseDebitInstalments);
export type CardData = z.infer<typeof cardDataSchema>;

/**
 * The machine's receipt the courier types when he delivers a 'Levar maquininha' order (PATCH
 * /workflow/order/deliver, `cardReceipt`): the card fields and the amount charged, which must be exactly what
 * is due at the handover (`dueAtHandoverCents`).
 */
export const cardReceiptSchema = z
  .strictObject({ ...cardFields, amount: amountSchema })
  .superRefine(refuseDebitInstalments);
export type CardReceipt = z.infer<typeof cardReceiptSchema>;

/** A sale's card part for the door (reais, two decimals): POST /orders/checkout/pix/{id}'s `cardOnDeliveryAmount`. */
export const splitCardAmountSchema = z
  .number({ error: ORDER_PAYMENT_TEXTS.splitAmountInvalid })
  .gt(0, ORDER_PAYMENT_TEXTS.splitAmountInvalid)
  .max(21_000_000, ORDER_PAYMENT_TEXTS.splitAmountInvalid)
  .refine(hasTwoDecimals, ORDER_PAYMENT_TEXTS.splitAmountInvalid);

/**
 * POST /orders/{id}/payments: one part (method, amount in reais, card data for a card). Anything that looks
 * like a card number (`looksLikeCardData`) is refused before this schema (the API's input guard, its route's
 * `refusesCardData`).
 */
export const orderPaymentBodySchema = z
  .strictObject({
    method: z.enum(PART_METHODS, { error: ORDER_PAYMENT_TEXTS.methodInvalid }),
    amount: amountSchema,
    card: cardDataSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'CARD' && !body.card) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: ORDER_PAYMENT_TEXTS.cardRequired });
    }
    if (body.method !== 'CARD' && body.card) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: ORDER_PAYMENT_TEXTS.cardOnlyWithCard });
    }
  });
export type OrderPaymentBody = z.infer<typeof orderPaymentBodySchema>;

/** PATCH /orders/{id}/payments/{paymentId}: a pending part refused, or a confirmed one reversed, with the reason. */
export const orderPaymentCloseSchema = z.strictObject({
  status: z.enum(['REFUSED', 'REVERSED'], { error: ORDER_PAYMENT_TEXTS.closeInvalid }),
  reason: z
    .string({ error: ORDER_PAYMENT_TEXTS.reasonRequired })
    .trim()
    .min(1, ORDER_PAYMENT_TEXTS.reasonRequired)
    .max(500, ORDER_PAYMENT_TEXTS.reasonRequired),
});
export type OrderPaymentClose = z.infer<typeof orderPaymentCloseSchema>;

export const orderPaymentParamsSchema = z.object({
  id: idParamSchema(ORDER_PAYMENT_TEXTS.partNotFound),
  paymentId: idParamSchema(ORDER_PAYMENT_TEXTS.partNotFound),
});

// ---------- answers ----------

/** One part as the API answers it (money in reais). */
export const orderPaymentSchema = z.object({
  id: z.number().int(),
  /** 1, 2, … in the order. */
  seq: z.number().int(),
  method: z.enum(PART_KINDS),
  amount: z.number(),
  status: z.enum(PART_STATUSES),
  card: z
    .object({
      kind: z.enum(CARD_KINDS),
      brand: z.string(),
      instalments: z.number().int(),
      nsu: z.string(),
      authorizationCode: z.string(),
      /** The acquirer's fee (%) applied, its amount and what the shop receives. */
      feePercent: z.number(),
      fee: z.number(),
      net: z.number(),
      /** When the acquirer pays each instalment (YYYY-MM-DD) and how much. */
      settlements: z.array(z.object({ date: z.string(), amount: z.number() })),
    })
    .nullable(),
  /** A Pix part's own charge: its txid and BR Code (null when the shop's Pix receiver is not set). */
  pix: z.object({ txid: z.string(), payload: z.string().nullable(), endToEndId: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** Why it was refused or reversed, and when. */
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderPaymentsSchema = z.object({
  data: z.object({
    orderId: z.number().int(),
    total: z.number(),
    /** Confirmed parts (less the refunds owed or given back). */
    paid: z.number(),
    /** Pending parts (a Pix waiting for the bank). */
    pending: z.number(),
    /** total − paid − pending: what a new part may be at most. */
    due: z.number(),
    /** The confirmed parts, less the refunds, sum exactly to the total. */
    paidInFull: z.boolean(),
    /**
     * Whether a new part would be taken now (decision 0075): something is due and the order is not final, nor paid
     * whole by its Pix, nor one paid before it moved on. False: the box shows what was paid, no balance to pay.
     */
    takesParts: z.boolean(),
    parts: z.array(orderPaymentSchema),
    /** Money owed back to the customer after a lowered total (to record or recorded; decision 0044). */
    refunds: z.array(orderRefundSchema).optional(),
  }),
});
export type OrderPayments = z.infer<typeof orderPaymentsSchema>['data'];

export const orderPaymentAnswerSchema = z.object({
  data: orderPaymentSchema,
  /** The order's status key after the part (its payment-settling move made when the part completed the total). */
  orderStatusKey: z.number().int(),
  /** True when this answer repeats an earlier request with the same Idempotency-Key. */
  replayed: z.boolean(),
});

// ---------- settings ----------

const feeSchema = z
  .number({ error: ORDER_PAYMENT_TEXTS.feeInvalid })
  .min(0, ORDER_PAYMENT_TEXTS.feeInvalid)
  .max(100, ORDER_PAYMENT_TEXTS.feeInvalid)
  .refine(hasTwoDecimals, ORDER_PAYMENT_TEXTS.feeInvalid);
const daysSchema = z
  .number({ error: ORDER_PAYMENT_TEXTS.daysInvalid })
  .int(ORDER_PAYMENT_TEXTS.daysInvalid)
  .min(0, ORDER_PAYMENT_TEXTS.daysInvalid)
  .max(365, ORDER_PAYMENT_TEXTS.daysInvalid);

export const cardSettingsSchema = z.strictObject({
  maxInstalments: z
    .number({ error: ORDER_PAYMENT_TEXTS.maxInstalmentsInvalid })
    .int(ORDER_PAYMENT_TEXTS.maxInstalmentsInvalid)
    .min(1, ORDER_PAYMENT_TEXTS.maxInstalmentsInvalid)
    .max(MAX_CARD_INSTALMENTS, ORDER_PAYMENT_TEXTS.maxInstalmentsInvalid),
  debitFee: feeSchema,
  creditFees: z
    .array(feeSchema, { error: ORDER_PAYMENT_TEXTS.creditFeesInvalid })
    .length(MAX_CARD_INSTALMENTS, ORDER_PAYMENT_TEXTS.creditFeesInvalid),
  debitDays: daysSchema,
  creditDays: daysSchema,
}) satisfies z.ZodType<CardSettings>;

export const cardSettingsEnvelopeSchema = z.object({ data: cardSettingsSchema });

/** A part as the orders list reads it (the SQL's JSON of `order_payments`, cents). */
export interface PartFacts {
  method: PartMethod;
  amount: number;
  status: PartStatus;
  kind: CardKind | null;
  brand: string | null;
  instalments: number | null;
  fee: number | null;
  /** Cash the courier collected at the door on delivering (decision 0075): his to hand over at the settlement. */
  door?: boolean;
}

/** A card in words: 'Crédito 3× Visa', 'Débito Elo' (the history, the audit, the details, the PDF, the CSV). */
export function describeCard(kind: CardKind, instalments: number | null, brand: string | null): string {
  const times = kind === 'CREDIT' ? ` ${instalments ?? 1}×` : '';
  return `${ORDER_PAYMENT_TEXTS.cardKinds[kind]}${times}${brand ? ` ${brand}` : ''}`;
}

/**
 * Every part of an order in one line, for the orders CSV: 'Pix R$ 5.000,00 Confirmado; Cartão Crédito 3× Visa
 * R$ 5.147,41 (taxa R$ 179,64) Confirmado'.
 */
export function describePaymentParts(parts: readonly PartFacts[]): string {
  return parts
    .map((part) => {
      const card =
        part.method === 'CARD' && part.kind ? ` ${describeCard(part.kind, part.instalments, part.brand)}` : '';
      const fee = part.fee !== null && part.method === 'CARD' ? ` (taxa ${formatBRL(centsToReais(part.fee))})` : '';
      return `${PART_METHOD_LABELS[part.method]}${card} ${formatBRL(centsToReais(part.amount))}${fee} ${PART_STATUS_LABELS[part.status]}`;
    })
    .join('; ');
}

/** 3.49 → '3,49', 0 → '0,00': a card fee's percentage as the settings and the details write it. */
export function formatFeePercent(feePercent: number): string {
  return feePercent.toFixed(2).replace('.', ',');
}

/** '3,49 % (R$ 179,64)': the fee as the details and the PDF write it. */
export function describeCardFee(feePercent: number, feeReais: number): string {
  return `${formatFeePercent(feePercent)} % (${formatBRL(feeReais)})`;
}

import { z } from 'zod';
import { formatDay } from './clock';
import { noteDocumentSchema } from './customers';
import { saleDiscountsSchema } from './discounts';
import { isValidPhone, localPhoneDigits } from './documents';
import { idSchema } from './ids';
import { labelledValues } from './labelled-values';
import { centsToReais, formatBRL, reaisToCents } from './money';
import { cardDataSchema } from './order-payments';
import { pagedSchema } from './paging';
import { DEFAULT_QUOTE_WHATSAPP_TEMPLATE, fillWhatsAppMessage, type QuoteWhatsAppPlaceholder } from './whatsapp';

/**
 * Quotes ('Orçamento', issue 38 §4, decision 0043): a sale's cart saved for a customer (or a walk-in's name
 * and phone), its lines at the unit prices and discounts of the moment, frozen until its last valid day.
 * Quotes reserve no stock; 'Converter em pedido' checks the stock again and places the order through the
 * checkout at the frozen figures.
 */

/** What is stored: OPEN, CONVERTED (with its order), CANCELLED. EXPIRED is an OPEN quote past its last day. */
export const QUOTE_STATUS_LABELS = {
  OPEN: 'Aberto',
  CONVERTED: 'Convertido',
  EXPIRED: 'Vencido',
  CANCELLED: 'Cancelado',
};
export const QUOTE_STATUSES = labelledValues(QUOTE_STATUS_LABELS);
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Days a quote stays valid by default (the shop's setting, `bo:manage:settings`). */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;
export const MAX_QUOTE_VALIDITY_DAYS = 90;

export const QUOTE_TEXTS = {
  notFound: 'Orçamento não encontrado.',
  idInvalid: 'Número de orçamento inválido.',
  customerInvalid: 'Informe o cliente do orçamento.',
  empty: 'O orçamento precisa de ao menos um produto: o carrinho está vazio.',
  lineInvalid: 'Informe produto e quantidade (1 a 999) de cada linha.',
  lineDuplicate: 'Informe cada produto uma vez só.',
  walkInNameRequired: 'Informe o nome de quem pediu o orçamento (consumidor final).',
  walkInOnly: 'Nome e telefone avulsos são só para o consumidor final; o cliente cadastrado já tem os seus.',
  nameInvalid: 'Informe um nome de 2 a 120 caracteres.',
  phoneInvalid: 'Informe o telefone com DDD (10 ou 11 dígitos).',
  expired: (day: string) => `Este orçamento venceu em ${day}: faça um novo orçamento com os preços de hoje.`,
  alreadyConverted: (code: string) => `Este orçamento já foi convertido no pedido ${code}.`,
  cancelled: 'Este orçamento foi cancelado.',
  saved: (id: number) => `Orçamento nº ${id} salvo.`,
  converted: (code: string) => `Orçamento convertido no pedido ${code}.`,
  validityInvalid: `Informe a validade de 1 a ${MAX_QUOTE_VALIDITY_DAYS} dias.`,
  validitySaved: 'Validade dos orçamentos salva.',
  paymentInvalid: 'Forma de pagamento inválida: Dinheiro, Pix ou Cartão.',
  statusInvalid: 'Filtro de situação inválido.',
  cancelReasonInvalid: 'Informe o motivo do cancelamento (3 a 300 caracteres).',
  alreadyCancelled: 'Este orçamento já foi cancelado.',
  convertedNotCancelled: (code: string) =>
    `Este orçamento já foi convertido no pedido ${code}: cancele o pedido, não o orçamento.`,
  cancelledOne: (id: number) => `Orçamento nº ${id} cancelado.`,
  templateSaved: 'Mensagem do orçamento salva.',
} as const;

/** A walk-in's phone with DDD, checked as every phone is (documents.ts), kept as its 10 or 11 digits. */
const phoneSchema = z
  .string({ error: QUOTE_TEXTS.phoneInvalid })
  .refine(isValidPhone, QUOTE_TEXTS.phoneInvalid)
  .transform(localPhoneDigits);

/** A quote line when given instead of the cart. */
export const quoteLineInputSchema = z.object({
  productId: idSchema(QUOTE_TEXTS.lineInvalid),
  quantity: z
    .number({ error: QUOTE_TEXTS.lineInvalid })
    .int(QUOTE_TEXTS.lineInvalid)
    .min(1, QUOTE_TEXTS.lineInvalid)
    .max(999, QUOTE_TEXTS.lineInvalid),
});

/** Body of POST /quotes: the customer's current cart (no `lines`) or the lines given, with the sale's choices. */
export const quoteCreateBodySchema = z.object({
  customerId: idSchema(QUOTE_TEXTS.customerInvalid),
  /** A walk-in's ('Consumidor final') name and phone: no registration (decision 0040). */
  walkIn: z
    .object({
      name: z
        .string({ error: QUOTE_TEXTS.nameInvalid })
        .trim()
        .min(2, QUOTE_TEXTS.nameInvalid)
        .max(120, QUOTE_TEXTS.nameInvalid),
      phone: phoneSchema.optional(),
    })
    .optional(),
  typeOfDelivery: z.union([z.literal(1), z.literal(2)]),
  withWarranty: z.boolean(),
  isFastDelivery: z.boolean(),
  discounts: saleDiscountsSchema.optional(),
  /** Absent: the customer's cart as it is (emptied once saved). */
  lines: z
    .array(quoteLineInputSchema)
    .min(1, QUOTE_TEXTS.empty)
    .max(100)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, QUOTE_TEXTS.lineDuplicate)
    .optional(),
});
export type QuoteCreateBody = z.infer<typeof quoteCreateBodySchema>;

export const quoteItemSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Frozen unit price (reais). */
  unitPrice: z.number(),
  /** quantity × unitPrice. */
  totalPrice: z.number(),
  /** The line's own discount plus its share of the order's (reais). */
  discount: z.number(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

/** The shop as the quote's PDF prints it (each empty until saved in 'Configurações da Empresa'). */
export const quoteShopSchema = z.object({
  name: z.string(),
  cnpj: z.string().nullable(),
  address: z.string().nullable(),
});
export type QuoteShop = z.infer<typeof quoteShopSchema>;

export const quoteSchema = z.object({
  id: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  customerId: z.number().int(),
  /** The customer's name, or the walk-in's name given with the quote. */
  customerName: z.string(),
  /** The customer's phone, or the walk-in's (digits; null when none). */
  phone: z.string().nullable(),
  walkIn: z.boolean(),
  sellerName: z.string(),
  typeOfDelivery: z.number().int(),
  withWarranty: z.boolean(),
  isFastDelivery: z.boolean(),
  items: z.array(quoteItemSchema),
  itemsTotal: z.number(),
  shipping: z.number(),
  fastDeliveryTax: z.number(),
  warranty: z.number(),
  discount: z.number(),
  total: z.number(),
  createdAt: z.string(),
  /** Last valid business day (YYYY-MM-DD). */
  validUntil: z.string(),
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  convertedAt: z.string().nullable(),
  /** When it was cancelled (ISO) and why; absent or null unless CANCELLED. */
  cancelledAt: z.string().nullable().optional(),
  cancelReason: z.string().nullable().optional(),
  /**
   * The shop's name, CNPJ and address as 'Configurações da Empresa' saved them (the PDF's header, as the order's
   * PDF prints them); one quote only.
   */
  shop: quoteShopSchema.optional(),
  /** The message 'Enviar pelo WhatsApp' sends: the quotes' template of 'Configurações', filled; one quote only. */
  whatsAppMessage: z.string().optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A row of GET /quotes (no items). */
export const quoteRowSchema = quoteSchema
  .omit({ items: true, shop: true, whatsAppMessage: true })
  .extend({ itemCount: z.number().int() });
export type QuoteRow = z.infer<typeof quoteRowSchema>;

export const QUOTE_PAGE_SIZE = 20;

export const quoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(QUOTE_PAGE_SIZE),
  /** Words of the customer's (or walk-in's) name, the phone, or the quote's number. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(['OPEN', 'CONVERTED', 'EXPIRED', 'CANCELLED'], { error: QUOTE_TEXTS.statusInvalid }).optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
export const quotePageSchema = pagedSchema(quoteRowSchema);

/**
 * Body of POST /quotes/{id}/convert: how the order is paid (cash, the order's Pix, or a card — with the
 * machine's receipt paid now, without it 'Levar maquininha'); the delivery, warranty and discounts are the
 * quote's. `expectedTotal`, when sent, must be the quote's total.
 */
export const quoteConvertBodySchema = z.object({
  payment: z.enum(['CASH', 'PIX', 'CARD'], { error: QUOTE_TEXTS.paymentInvalid }),
  card: cardDataSchema.optional(),
  changeFor: z.number().positive().max(1_000_000).optional(),
  noteDocument: noteDocumentSchema.optional(),
  expectedTotal: z.number().min(0).optional(),
});
export type QuoteConvertBody = z.infer<typeof quoteConvertBodySchema>;

export const quoteValiditySchema = z.object({
  days: z
    .number({ error: QUOTE_TEXTS.validityInvalid })
    .int(QUOTE_TEXTS.validityInvalid)
    .min(1, QUOTE_TEXTS.validityInvalid)
    .max(MAX_QUOTE_VALIDITY_DAYS, QUOTE_TEXTS.validityInvalid),
});
export type QuoteValidity = z.infer<typeof quoteValiditySchema>;

/** Body of POST /quotes/{id}/cancel: why (3 to 300 characters, kept and audited). */
export const quoteCancelBodySchema = z.object({
  reason: z
    .string({ error: QUOTE_TEXTS.cancelReasonInvalid })
    .trim()
    .min(3, QUOTE_TEXTS.cancelReasonInvalid)
    .max(300, QUOTE_TEXTS.cancelReasonInvalid),
});
export type QuoteCancelBody = z.infer<typeof quoteCancelBodySchema>;

/**
 * The quote's status as answered: an OPEN quote whose last valid day (`validUntil`, YYYY-MM-DD) is before
 * `today` (the business day) is EXPIRED. Computed, never written (decision 0043).
 */
export function quoteStatusOn(
  stored: 'OPEN' | 'CONVERTED' | 'CANCELLED',
  validUntil: string,
  today: string,
): QuoteStatus {
  if (stored === 'OPEN' && validUntil < today) return 'EXPIRED';
  return stored;
}

type QuoteForMessage = Pick<
  Quote,
  'id' | 'customerName' | 'items' | 'total' | 'validUntil' | 'shipping' | 'fastDeliveryTax' | 'warranty'
>;

/**
 * The value of each of the quotes' placeholders (`QUOTE_WHATSAPP_PLACEHOLDERS`): each line with its frozen price
 * less its discount, the delivery and warranty ('' when none: their lines are left out), the total, the last day.
 */
export function quoteWhatsAppValues(
  quote: QuoteForMessage,
  shop: string | null,
): Record<QuoteWhatsAppPlaceholder, string> {
  const delivery = centsToReais(reaisToCents(quote.shipping) + reaisToCents(quote.fastDeliveryTax));
  return {
    cliente: quote.customerName,
    numero: String(quote.id),
    loja: shop?.trim() ?? '',
    itens: quote.items
      .map(
        (item) =>
          `• ${item.quantity} × ${item.name}: ${formatBRL(centsToReais(reaisToCents(item.totalPrice) - reaisToCents(item.discount)))}`,
      )
      .join('\n'),
    entrega: delivery > 0 ? formatBRL(delivery) : '',
    garantia: quote.warranty > 0 ? formatBRL(quote.warranty) : '',
    total: formatBRL(quote.total),
    validade: formatDay(quote.validUntil),
  };
}

/**
 * The quote's WhatsApp message: the quotes' template ('Configurações', the default until edited) filled by the
 * order messages' own `fillWhatsAppMessage`. Sent with `whatsAppLink`.
 */
export function quoteWhatsAppMessage(
  quote: QuoteForMessage,
  shop: string | null,
  template: string = DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
): string {
  return fillWhatsAppMessage(template, quoteWhatsAppValues(quote, shop));
}

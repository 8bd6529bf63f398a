import { z } from 'zod';
import { noteDocumentSchema } from './customers';
import { saleDiscountsSchema } from './discounts';
import { idSchema } from './ids';
import { isValidImei } from './imei';
import { centsToReais, formatBRL, hasTwoDecimals } from './money';
import { cardDataSchema } from './order-payments';
import { ORDER_STATUS_KEYS } from './order-status';
import { pagedSchema } from './paging';
import { CREDIT_TEXTS, parseCreditTerms } from './receivables';

/**
 * 'Balcão' (issue 54 §1, decision 0074): the counter's point of sale. One call sells and hands over: the goods
 * leave the stock, every payment is recorded as received (cash into the clerk's open drawer, cards with their
 * machine receipts), the order is finalized at once (no separation, no packing photo: the customer is standing
 * there) and its NFC-e queued when the shop emits on handover. POST /api/counter/sales. With a Pix part the sale
 * waits for the bank's confirmation of that part (its QR), then is handed over by the system.
 */
export const COUNTER_LIMITS = {
  /** Different products in one sale (the cart's limit). */
  maxLines: 100,
  /** Payments of one sale. */
  maxPayments: 10,
  /** Units of one product in one sale. */
  maxQuantity: 10_000,
} as const;

export const COUNTER_TEXTS = {
  title: 'Balcão',
  productInvalid: 'Produto inválido.',
  idempotencyKeyInvalid: 'Identificador da venda inválido; recarregue a página e tente novamente.',
  customerInvalid: 'Cliente inválido.',
  amountInvalid: 'Valor inválido: informe um valor maior que zero, com no máximo dois decimais.',
  receivedInvalid: 'Valor recebido inválido: informe um valor com no máximo dois decimais.',
  quantityInvalid: 'Quantidade inválida: informe um número inteiro de 1 a 10.000.',
  imeiInvalid: 'IMEI inválido: são 15 dígitos com o dígito verificador correto.',
  noLines: 'Inclua ao menos um produto na venda.',
  tooManyLines: 'No máximo 100 produtos diferentes por venda.',
  lineDuplicate: 'Cada produto entra uma vez na venda: altere a quantidade da linha que já existe.',
  noPayments: 'Informe ao menos um pagamento.',
  tooManyPayments: 'No máximo 10 pagamentos por venda.',
  receivedOnlyCash: "'Valor recebido' só se informa no pagamento em dinheiro.",
  paymentsDiffer: (paid: string, total: string) =>
    `Os pagamentos somam ${paid}, mas o total da venda é ${total}: ajuste os valores antes de concluir.`,
  receivedBelowCash: (received: string, cash: string) =>
    `O valor recebido (${received}) não cobre a parte em dinheiro (${cash}).`,
  drawerClosed: 'Abra o seu caixa para receber em dinheiro: o dinheiro da venda entra no caixa de quem vende.',
  historyNote: 'Venda no balcão: entregue ao cliente na hora.',
  onePix: 'Um só pagamento em Pix por venda: o cliente paga o Pix de uma vez pelo QR.',
  tradeInInvalid: 'Avaliação de usado inválida.',
  tradeInTwice: 'Cada aparelho usado entra uma vez nos pagamentos.',
  tradeInNotAllowed: 'Receber aparelho usado como pagamento exige a permissão de pedidos ou de vendas.',
  creditAlone: "Um só pagamento 'A prazo' por venda, e não junto com Pix.",
  creditHeldWithParts: (reason: string) =>
    `${reason} Com outros pagamentos a venda não fica aguardando: venda tudo 'A prazo' (aguarda a aprovação do gerente) ou diminua a parte a prazo.`,
  creditNeedsCustomer: "Venda 'A prazo' só para cliente cadastrado com crédito: escolha o cliente.",
  creditHeldNote:
    'Venda no balcão a prazo: aguardando a aprovação de crédito do gerente; a mercadoria sai quando aprovada.',
  creditHandOverNote: 'Venda no balcão: crédito aprovado, entregue ao cliente.',
  pixWaitingNote: (amount: string) =>
    `Venda no balcão: aguardando o Pix de ${amount} (o cliente paga pelo QR; a mercadoria sai quando o banco confirmar).`,
  pixHandOverNote: 'Venda no balcão: Pix confirmado, entregue ao cliente.',
  pixNotPaidYet:
    'Venda no balcão: o Pix dela ainda não foi recebido. A mercadoria só sai quando o banco confirmar o Pix (ou cancele a venda).',
  pixReceiverMissing:
    'Para receber Pix no balcão cadastre uma chave Pix ativa e o nome e a cidade do recebedor nas configurações.',
  notACounterSale: 'Venda no balcão não encontrada.',
  cancelledPixNote: (reason: string) => `Venda no balcão cancelada antes do Pix: ${reason}`,
  cancelDrawerClosed: (amount: string) =>
    `Abra o seu caixa para devolver ${amount} em dinheiro: o dinheiro sai do caixa de quem cancela a venda.`,
} as const;

const amount = (message: string) =>
  z.number({ error: message }).gt(0, message).max(21_000_000, message).refine(hasTwoDecimals, message);

/** A line of the counter sale: a product, how many, and the IMEIs of its units when the product is serialized. */
export const counterLineSchema = z.strictObject({
  productId: idSchema(COUNTER_TEXTS.productInvalid),
  quantity: z
    .number({ error: COUNTER_TEXTS.quantityInvalid })
    .int(COUNTER_TEXTS.quantityInvalid)
    .min(1, COUNTER_TEXTS.quantityInvalid)
    .max(COUNTER_LIMITS.maxQuantity, COUNTER_TEXTS.quantityInvalid),
  /** One per unit of a serialized product (the scanned IMEIs); absent for the others. */
  imeis: z
    .array(
      z
        .string({ error: COUNTER_TEXTS.imeiInvalid })
        .trim()
        .refine((imei) => isValidImei(imei), COUNTER_TEXTS.imeiInvalid),
    )
    .max(COUNTER_LIMITS.maxQuantity)
    .optional(),
});
export type CounterLine = z.infer<typeof counterLineSchema>;

/** A payment at the counter: cash (with what the customer handed over), or a card with its machine receipt. */
export const counterPaymentSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('CASH'),
    amount: amount(COUNTER_TEXTS.amountInvalid),
    /** 'Valor recebido': what the customer handed over (at least the cash due); the change is the rest. */
    received: z
      .number({ error: COUNTER_TEXTS.receivedInvalid })
      .min(0, COUNTER_TEXTS.receivedInvalid)
      .max(21_000_000, COUNTER_TEXTS.receivedInvalid)
      .refine(hasTwoDecimals, COUNTER_TEXTS.receivedInvalid)
      .optional(),
  }),
  z.strictObject({ method: z.literal('CARD'), amount: amount(COUNTER_TEXTS.amountInvalid), card: cardDataSchema }),
  /**
   * Pix paid from the customer's phone at the counter: the sale waits (its goods already held for it) for the bank to
   * confirm this part (its own txid and BR Code), then is handed over by the system. One per sale.
   */
  z.strictObject({ method: z.literal('PIX'), amount: amount(COUNTER_TEXTS.amountInvalid) }),
  /**
   * A used phone given as payment (decision 0078): an open trade-in of this customer (or of nobody) ready to accept
   * (value agreed, IMEI checked, signed), accepted in the sale as the seminovo `productId`; `amount` its value as the
   * clerk saw it (the server refuses another).
   */
  /**
   * 'A prazo' (decision 0078): the registered customer's credit on one of his plans ('30/60/90'), as 'Vendas' takes it
   * (his limit and days late: held for a manager's approval above them). Alone, or the rest after cash, cards and a
   * used phone (its instalments split this amount, his exposure counts it); one a sale, never with a Pix. A sale
   * above his limit waits for the manager only when all of it is on credit.
   */
  z.strictObject({
    method: z.literal('CREDIT'),
    amount: amount(COUNTER_TEXTS.amountInvalid),
    terms: z
      .string({ error: CREDIT_TEXTS.termsInvalid })
      .max(60, CREDIT_TEXTS.termsInvalid)
      .transform((text, ctx) => {
        const days = parseCreditTerms(text);
        if (!days) {
          ctx.addIssue({ code: 'custom', message: CREDIT_TEXTS.termsInvalid });
          return z.NEVER;
        }
        return days;
      }),
  }),
  z.strictObject({
    method: z.literal('TRADE_IN'),
    amount: amount(COUNTER_TEXTS.amountInvalid),
    tradeInId: idSchema(COUNTER_TEXTS.tradeInInvalid),
    productId: idSchema(COUNTER_TEXTS.productInvalid),
  }),
]);
export type CounterPayment = z.infer<typeof counterPaymentSchema>;

/** POST /api/counter/sales. */
export const counterSaleBodySchema = z
  .strictObject({
    /** A registered customer; absent: the clerk's own 'Consumidor final' (decision 0040). */
    customerId: idSchema(COUNTER_TEXTS.customerInvalid).optional(),
    /** 'CPF na nota' of a walk-in. */
    noteDocument: noteDocumentSchema.optional(),
    items: z
      .array(counterLineSchema)
      .min(1, COUNTER_TEXTS.noLines)
      .max(COUNTER_LIMITS.maxLines, COUNTER_TEXTS.tooManyLines)
      .refine(
        (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
        COUNTER_TEXTS.lineDuplicate,
      ),
    /** The line and order discounts, within the seller's maximum (or with a manager's approval). */
    discounts: saleDiscountsSchema.optional(),
    discountApprovalId: idSchema().optional(),
    payments: z
      .array(counterPaymentSchema)
      .min(1, COUNTER_TEXTS.noPayments)
      .max(COUNTER_LIMITS.maxPayments, COUNTER_TEXTS.tooManyPayments)
      .refine((payments) => payments.filter((payment) => payment.method === 'PIX').length <= 1, COUNTER_TEXTS.onePix)
      .refine((payments) => {
        const ids = payments.flatMap((payment) => (payment.method === 'TRADE_IN' ? [payment.tradeInId] : []));
        return new Set(ids).size === ids.length;
      }, COUNTER_TEXTS.tradeInTwice)
      .refine((payments) => {
        const methods = payments.map((payment) => payment.method);
        const credits = methods.filter((method) => method === 'CREDIT').length;
        return credits === 0 || (credits === 1 && !methods.includes('PIX'));
      }, COUNTER_TEXTS.creditAlone),
    /** The total the clerk saw: refused (409 STALE_DATA) when the server's differs. */
    expectedTotal: z.number().min(0).optional(),
    /** Same as the Idempotency-Key header (the header wins). */
    /** A UUID, as every checkout's (`checkout_requests` keeps it as one). */
    idempotencyKey: z.uuid({ error: COUNTER_TEXTS.idempotencyKeyInvalid }).optional(),
  })
  .refine((body) => body.customerId !== undefined || !body.payments.some((payment) => payment.method === 'CREDIT'), {
    message: COUNTER_TEXTS.creditNeedsCustomer,
    path: ['customerId'],
  });
export type CounterSaleBody = z.output<typeof counterSaleBodySchema>;
export type CounterSaleInput = z.input<typeof counterSaleBodySchema>;

/** A counter sale's Pix part: what the customer pays from his phone, its txid and, while it waits, its BR Code. */
export const counterPixSchema = z.object({
  amount: z.number(),
  txid: z.string(),
  /** 'Pix Copia e Cola' (the QR's text); null once the part is no longer waiting. */
  payload: z.string().nullable(),
  status: z.enum(['PENDING', 'CONFIRMED', 'REFUSED', 'REVERSED']),
});
export type CounterPix = z.infer<typeof counterPixSchema>;

const statusKeySchema = z
  .number()
  .int()
  .refine((key) => (ORDER_STATUS_KEYS as number[]).includes(key));

export const counterSaleResponseSchema = z.object({
  data: z.object({
    orderId: z.number().int(),
    code: z.string(),
    /** Finalizados; with a Pix part, where the sale waits for the bank (Processando or Aguardando comprovante). */
    statusKey: statusKeySchema,
    total: z.number(),
    /** 'Troco': what the clerk hands back (cash received minus the cash part). */
    change: z.number(),
    /** The drawer that took the cash, when there was cash. */
    registerName: z.string().nullable(),
    /** The Pix part the sale waits for; null without one. */
    pix: counterPixSchema.nullable(),
    replayed: z.boolean(),
  }),
});
export type CounterSaleResponse = z.infer<typeof counterSaleResponseSchema>['data'];

/** GET /api/counter/sales/{orderId}: where a counter sale is (the Pix dialog asks until it is Finalizados). */
export const counterSaleStateSchema = z.object({
  data: z.object({
    orderId: z.number().int(),
    code: z.string(),
    statusKey: statusKeySchema,
    pix: counterPixSchema.nullable(),
  }),
});
export type CounterSaleState = z.infer<typeof counterSaleStateSchema>['data'];

/** GET /api/counter/sales/waiting-pix: today's counter sales waiting for their Pix, a page at a time. */
export const COUNTER_WAITING_PAGE_SIZE = 10;
export const counterWaitingQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(COUNTER_WAITING_PAGE_SIZE),
});
export type CounterWaitingQuery = z.infer<typeof counterWaitingQuerySchema>;

/** A counter sale waiting for its Pix, as 'Vendas aguardando Pix' lists it and reopens its QR. */
export const counterWaitingSaleSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  statusKey: statusKeySchema,
  total: z.number(),
  /** What its cash and card parts took: what a cancellation gives back. */
  cash: z.number(),
  card: z.number(),
  customer: z.string(),
  seller: z.string().nullable(),
  createdAt: z.string(),
  pix: counterPixSchema,
});
export type CounterWaitingSale = z.infer<typeof counterWaitingSaleSchema>;
export const counterWaitingPageSchema = z.object({ data: pagedSchema(counterWaitingSaleSchema) });
export type CounterWaitingPage = z.infer<typeof counterWaitingPageSchema>['data'];

/**
 * How a counter sale's payments add up (integer cents): the sum must be the total; a cash payment's 'valor
 * recebido', when given, at least its amount. Answers the change and the cash taken, or the refusal's text.
 */
export function counterPaymentsCheck(
  totalCents: number,
  payments: ReadonlyArray<{
    method: 'CASH' | 'CARD' | 'PIX' | 'TRADE_IN' | 'CREDIT';
    amountCents: number;
    receivedCents?: number | undefined;
  }>,
): { ok: true; changeCents: number; cashCents: number } | { ok: false; message: string } {
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  if (paidCents !== totalCents) {
    return {
      ok: false,
      message: COUNTER_TEXTS.paymentsDiffer(formatBRL(centsToReais(paidCents)), formatBRL(centsToReais(totalCents))),
    };
  }
  const cash = payments.filter((payment) => payment.method === 'CASH');
  const cashCents = cash.reduce((sum, payment) => sum + payment.amountCents, 0);
  const receivedCents = cash.reduce((sum, payment) => sum + (payment.receivedCents ?? payment.amountCents), 0);
  if (receivedCents < cashCents) {
    return {
      ok: false,
      message: COUNTER_TEXTS.receivedBelowCash(
        formatBRL(centsToReais(receivedCents)),
        formatBRL(centsToReais(cashCents)),
      ),
    };
  }
  return { ok: true, changeCents: receivedCents - cashCents, cashCents };
}

/**
 * The counter's 'Comprovante de venda' (80 mm, GET /api/orders/{id}/receipt.pdf) when the sale has no NFC-e to
 * print: the shop, the sale, its items, discounts, total and payments (the cash received and the change), and
 * that it is not a fiscal document.
 */
export const COUNTER_RECEIPT_TEXTS = {
  title: 'Comprovante de venda',
  order: (code: string) => `Pedido ${code}`,
  seller: 'Vendedor',
  customer: 'Cliente',
  noteDocument: 'CPF/CNPJ',
  items: 'Itens',
  item: (quantity: number, unit: string) => `${quantity} × ${unit}`,
  itemDiscount: 'Desconto',
  subtotal: 'Subtotal',
  discount: 'Descontos',
  total: 'Total',
  payments: 'Pagamentos',
  received: 'Valor recebido',
  change: 'Troco',
  noFiscalValue: 'Documento sem valor fiscal',
  thanks: 'Obrigado pela preferência!',
  notFound: 'Pedido não encontrado.',
} as const;

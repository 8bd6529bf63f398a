import { z } from 'zod';
import { idSchema } from './ids';
import { type OrderStatusKey, PAYMENT_SETTLING_MOVES } from './order-status';
import { pageQueryParams } from './paging';
import { PIX_PARTICIPANT_NAMES } from './pix-participants';

import { normalizeEndToEndId } from './proof';

export {
  type EndToEndParts,
  normalizeEndToEndId,
  PROOF_TEXTS,
  parseEndToEndId,
  proofEndToEndIdSchema,
} from './proof';

/**
 * Payments the bank tells us about: the Banco Central's Pix API webhook (`POST {webhookUrl}/pix`), the Pix
 * received and how each was matched to an order. The bank's fields keep the API's Portuguese names.
 */

/** Where the bank calls: `/api/payments/pix/webhook/{secret}/pix` (the secret is the only credential). */
export const PIX_WEBHOOK_BASE = '/payments/pix/webhook';

/**
 * The statuses in which an order waits for its payment, a Pix received for it can pay it: where the table's
 * payment-settling moves start (`PAYMENT_SETTLING_MOVES`: Processando, Aguardando comprovante, Aguardando
 * aprovação).
 */
export const PIX_PAYABLE_STATUSES: readonly OrderStatusKey[] = PAYMENT_SETTLING_MOVES.map((t) => t.from).sort(
  (a, b) => a - b,
);

/** A Pix pays an order only for exactly its total (the webhook's match, a match by hand, 'Confirmar Pix recebido'). */
export function pixPaysTotal(pixAmountCents: number, orderTotalCents: number): boolean {
  return pixAmountCents === orderTotalCents;
}

/**
 * A Pix the bank confirmed waits for an employee's click (issue 35 §4, decision 0037): it paid this order
 * (matched), 'Pix automático' did not confirm it (`confirmedAt` null), the bank gave nothing of it back, and
 * the order still waits for its payment. The bell's `pix_waiting`, the chip of its row and the badge of its
 * status card say so; the SQL of the same rule is `pixWaitingOrders` / `PIX_WAITING` in the API, over the
 * partial index `pix_received_waiting` (migration 0049).
 */
export function pixAwaitsConfirmation(
  status: number,
  pix: { confirmedAt: string | null; refunded?: number } | null | undefined,
): boolean {
  if (!pix) return false;
  return (
    PIX_PAYABLE_STATUSES.includes(status as OrderStatusKey) && pix.confirmedAt === null && (pix.refunded ?? 0) === 0
  );
}

/** An E2E id (EndToEndId of the Pix API): 32 letters and digits. */
export const END_TO_END_ID = /^[A-Za-z0-9]{32}$/;

/** An amount of the Pix API: reais with a point and two decimals ('110.00'). */
const PIX_AMOUNT = /^\d{1,10}\.\d{2}$/;
const pixTime = z.iso.datetime({ offset: true });

/** The states of a refund (`devolucoes[].status` of the Pix API): only DEVOLVIDO has given the money back. */
export const PIX_REFUND_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;

/** One refund of a Pix (schema `Devolucao` of the Pix API): its amount, its state and when it was settled. */
export const pixRefundSchema = z.looseObject({
  id: z.string().max(35).optional(),
  rtrId: z.string().regex(END_TO_END_ID).optional(),
  valor: z.string().regex(PIX_AMOUNT),
  horario: z.looseObject({ solicitacao: pixTime.optional(), liquidacao: pixTime.optional() }).optional(),
  status: z.enum(PIX_REFUND_STATUSES),
});
export type PixRefund = z.infer<typeof pixRefundSchema>;

/**
 * One Pix of the webhook's body (schema `Pix` of the Banco Central's OpenAPI): its E2E id (upper-cased, as
 * every E2E id is kept), the txid of the charge it paid, the amount ('110.00'), when it was paid, the
 * payer's message and its refunds (`devolucoes`: a list, or one object as the API document's example).
 * Other fields (componentesValor, chave…) are allowed and not kept.
 */
export const pixWebhookEntrySchema = z.looseObject({
  endToEndId: z.string().regex(END_TO_END_ID).overwrite(normalizeEndToEndId),
  txid: z
    .string()
    .regex(/^[A-Za-z0-9]{1,35}$/)
    .optional(),
  valor: z.string().regex(PIX_AMOUNT),
  horario: pixTime,
  infoPagador: z.string().max(140).optional(),
  devolucoes: z.union([z.array(pixRefundSchema).max(100), pixRefundSchema]).optional(),
  /**
   * What the amount is made of (the API's `componentesValor`): of a cobv's Pix, the original and the fine and
   * interest the PSP computed on the day of payment, less any discount or rebate (decision 0094).
   */
  componentesValor: z
    .looseObject({
      original: z.looseObject({ valor: z.string().regex(PIX_AMOUNT) }).optional(),
      multa: z.looseObject({ valor: z.string().regex(PIX_AMOUNT) }).optional(),
      juros: z.looseObject({ valor: z.string().regex(PIX_AMOUNT) }).optional(),
      desconto: z.looseObject({ valor: z.string().regex(PIX_AMOUNT) }).optional(),
      abatimento: z.looseObject({ valor: z.string().regex(PIX_AMOUNT) }).optional(),
    })
    .optional(),
});
export type PixWebhookEntry = z.infer<typeof pixWebhookEntrySchema>;

/** '110.00' as cents, exactly (the string is checked first: digits, a point, two decimals). */
export function pixAmountCents(valor: string): number {
  const [reais = '0', cents = '00'] = valor.split('.');
  return Number(reais) * 100 + Number(cents);
}

/**
 * When a Pix's `horario` is believable: not before 2020 (Pix opened in November 2020; the API document's
 * own examples are of September) and at most a day after it reached us (a bank's clock a little ahead).
 * A year 0000 or 9999 is a broken entry, skipped like any other.
 */
export const PIX_EARLIEST_TIME = new Date('2020-01-01T00:00:00Z');
export const PIX_LATEST_AHEAD_MS = 86_400_000;
export function pixTimeIsBelievable(paidAt: Date, receivedAt: Date): boolean {
  const time = paidAt.getTime();
  return time >= PIX_EARLIEST_TIME.getTime() && time <= receivedAt.getTime() + PIX_LATEST_AHEAD_MS;
}

/** The money a Pix's refunds gave back (the DEVOLVIDO ones), in cents, and when the last of them settled. */
export function pixRefunded(entry: PixWebhookEntry): { cents: number; at: Date | null } {
  const refunds = entry.devolucoes === undefined ? [] : [entry.devolucoes].flat();
  let cents = 0;
  let at: Date | null = null;
  for (const refund of refunds) {
    if (refund.status !== 'DEVOLVIDO') continue;
    cents += pixAmountCents(refund.valor);
    const settled = refund.horario?.liquidacao ?? refund.horario?.solicitacao;
    if (settled && (at === null || new Date(settled) > at)) at = new Date(settled);
  }
  return { cents, at };
}

/** The body: `{ pix: [...] }` as the standard says, or the bare array some banks send. Entries are checked one by one. */
export const pixWebhookBodySchema = z.union([
  // Other keys are dropped, never copied (one named `__proto__` would become the object's prototype).
  z.object({ pix: z.array(z.unknown()).max(1000) }),
  z.array(z.unknown()).max(1000),
]);

export const pixWebhookAnswerSchema = z.object({
  /** Pix stored now (new E2E ids). */
  received: z.number(),
  /** Pix already stored (a replay): nothing changed. */
  repeated: z.number(),
  /** Entries that are not a Pix of the standard (or not storable, or of an unbelievable time): logged, not stored. */
  ignored: z.number(),
  /** Pix whose refund ('devolucoes', DEVOLVIDO) was recorded now: the order's payment is marked refunded. */
  refunded: z.number(),
});

/** Why a Pix received confirmed no order. */
export const PIX_UNMATCHED_REASONS = [
  'NO_TXID',
  'UNKNOWN_TXID',
  'AMOUNT_MISMATCH',
  'NOT_WAITING',
  'ALREADY_PAID',
] as const;
export type PixUnmatchedReason = (typeof PIX_UNMATCHED_REASONS)[number];

export const PIX_RECEIVED_STATES = ['matched', 'unmatched'] as const;
export type PixReceivedState = (typeof PIX_RECEIVED_STATES)[number];

export const PAYMENT_TEXTS = {
  webhookNotFound: 'Endereço de webhook desconhecido.',
  webhookInvalid: 'Corpo do webhook Pix inválido: esperado { pix: [...] } ou uma lista de Pix.',
  pixNotFound: 'Pix não encontrado.',
  orderNotFound: 'Pedido não encontrado.',
  stateInvalid: "Situação inválida: use 'matched' ou 'unmatched'.",
  pageInvalid: 'Página inválida.',
  itemsInvalid: 'Quantidade de itens inválida (1 a 100).',
  orderIdInvalid: 'Pedido inválido.',
  alreadyMatched: 'Este Pix já foi identificado.',
  /** Why a Pix did not pay an order (the list's column, and the refusal of a match by hand). */
  unmatched: {
    NO_TXID: 'Pix sem txid: não indica o pedido.',
    UNKNOWN_TXID: 'Nenhum pedido com este txid.',
    AMOUNT_MISMATCH: 'Valor diferente do total do pedido.',
    NOT_WAITING: 'O pedido não aguarda pagamento.',
    ALREADY_PAID: 'O pedido já tem um Pix recebido.',
  } satisfies Record<PixUnmatchedReason, string>,
  amountMismatch: (amount: string, total: string) =>
    `O valor do Pix (${amount}) é diferente do total do pedido (${total}).`,
  notWaiting: (code: string, status: string) => `O pedido ${code} não aguarda pagamento (${status}).`,
  alreadyPaid: (code: string) => `O pedido ${code} já tem um Pix recebido.`,
  paidInParts: (code: string) => `O pedido ${code} é pago em partes: cada Pix deve usar o txid da sua parte.`,
  /** The history note of a payment confirmed by a Pix. */
  confirmedNote: (endToEndId: string) => `Pix automático: pagamento recebido pelo banco (E2E ${endToEndId}).`,
  matchedByHandNote: (endToEndId: string) => `Pix recebido identificado manualmente (E2E ${endToEndId}).`,
  /** The history note of a refund the bank made ('devolucoes'): the order's status stays, the attendants decide. */
  refundedNote: (refunded: string, amount: string, endToEndId: string) =>
    `Pix devolvido ao pagador pelo banco: ${refunded} de ${amount} (E2E ${endToEndId}).`,
  refundedNotMatchable: 'Este Pix foi devolvido ao pagador: não paga nenhum pedido.',
  /** The bell's notification of a refund (kind pix_refunded). */
  refundedTitle: 'Pix devolvido',
  refundedBody: (refunded: string, amount: string, order: string | null) =>
    `${refunded} de ${amount} devolvidos ao pagador${order ? ` do pedido ${order}` : ''}: o pagamento foi estornado.`,
  pixReceived: 'Pix recebido',
  /** The bell's notification of a Pix the bank confirmed that waits for an employee's click (kind pix_waiting). */
  waitingTitle: 'Pix recebido aguardando confirmação',
  waitingBody: (amount: string, order: string) =>
    `O banco confirmou o Pix de ${amount} do pedido ${order}: confira e confirme o pagamento para o pedido seguir.`,
  /** The chip of its row and the badge of its status card on the orders screen. */
  waitingChip: 'Pix recebido',
  waitingCard: (count: number) => (count === 1 ? '1 Pix recebido' : `${count} Pix recebidos`),
  webhookUrl: 'URL do webhook Pix',
  webhookRenewed: 'Nova URL do webhook Pix criada: cadastre-a no banco.',
} as const;

/** A Pix received, as the list answers it. */
export const pixReceivedSchema = z.object({
  endToEndId: z.string(),
  txid: z.string().nullable(),
  amount: z.number(),
  paidAt: z.string(),
  payer: z.string().nullable(),
  state: z.enum(PIX_RECEIVED_STATES),
  order: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** Why it paid no order (unmatched), else null. */
  reason: z.enum(PIX_UNMATCHED_REASONS).nullable(),
  /** When the order's payment was confirmed with it (at once with 'Pix automático', else by an attendant). */
  confirmedAt: z.string().nullable(),
  receivedAt: z.string(),
  /** Reais the bank gave back to the payer (its refunds, DEVOLVIDO), 0 when none. */
  refunded: z.number().optional(),
  /** When the last refund settled, or null. */
  refundedAt: z.string().nullable().optional(),
});
export type PixReceived = z.infer<typeof pixReceivedSchema>;

const pixReceivedPaging = pageQueryParams(PAYMENT_TEXTS, { maxPage: 100_000, maxItems: 100 });
export const pixReceivedQuerySchema = z.object({
  state: z.enum(PIX_RECEIVED_STATES, { error: PAYMENT_TEXTS.stateInvalid }).optional(),
  page: pixReceivedPaging.page.default(0),
  items: pixReceivedPaging.items.default(10),
});

export const pixReceivedListSchema = z.object({ data: z.array(pixReceivedSchema), total: z.number() });
export type PixReceivedList = z.infer<typeof pixReceivedListSchema>;
export type PixReceivedQuery = z.infer<typeof pixReceivedQuerySchema>;

/** Matching a Pix that named no waiting order to one by hand (same checks as the webhook's). */
export const pixMatchBodySchema = z.strictObject({ orderId: idSchema(PAYMENT_TEXTS.orderIdInvalid) });

export const pixWebhookInfoSchema = z.object({ data: z.object({ url: z.string(), secret: z.string() }) });

/**
 * The names customers know the banks their proofs come from most often by; any other Pix participant is
 * shown by the Banco Central's short name (PIX_PARTICIPANT_NAMES), and an unknown ISPB as such.
 */
export const PIX_PARTICIPANTS: Readonly<Record<string, string>> = {
  '00000000': 'Banco do Brasil',
  '00000208': 'BRB - Banco de Brasília',
  '00360305': 'Caixa Econômica Federal',
  '00416968': 'Banco Inter',
  '01181521': 'Sicredi',
  '02038232': 'Sicoob',
  '04902979': 'Banco da Amazônia',
  '07237373': 'Banco do Nordeste',
  '08561701': 'PagSeguro',
  '10573521': 'Mercado Pago',
  '10664513': 'Agibank',
  '16501555': 'Stone',
  '18236120': 'Nubank',
  '22896431': 'PicPay',
  '30306294': 'BTG Pactual',
  '31872495': 'C6 Bank',
  '58160789': 'Banco Safra',
  '60701190': 'Itaú Unibanco',
  '60746948': 'Bradesco',
  '90400888': 'Santander',
  '92702067': 'Banrisul',
  '92894922': 'Banco Original',
};

/** The payer bank's name for a proof, or its ISPB when it is not a Pix participant of the Banco Central's list. */
export function pixParticipantName(ispb: string): string {
  return PIX_PARTICIPANTS[ispb] ?? PIX_PARTICIPANT_NAMES[ispb] ?? `ISPB ${ispb}`;
}

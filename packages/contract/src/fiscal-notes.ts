import { z } from 'zod';
import { idSchema } from './ids';
import { labelledValues } from './labelled-values';
import { ORDER_STATUS, type OrderStatusKey } from './order-status';

/**
 * The notes BackOffice emits (issue 41 §2–3, decision 0057): NF-e (55) and NFC-e (65) of an order, what the SEFAZ
 * answered, their cancellation and correction letters, and the voiding of skipped numbers.
 */

export const FISCAL_NOTE_STATUS_LABELS = {
  SIGNED: 'Aguardando a SEFAZ',
  PROCESSING: 'Em processamento',
  AUTHORIZED: 'Autorizada',
  REJECTED: 'Rejeitada',
  DENIED: 'Denegada',
  CONTINGENCY: 'Em contingência',
  CANCELLED: 'Cancelada',
  UNKNOWN: 'Sem resposta da SEFAZ (substituída em contingência)',
  VOIDED: 'Número inutilizado',
};
export const FISCAL_NOTE_STATUSES = labelledValues(FISCAL_NOTE_STATUS_LABELS);
export type FiscalNoteStatus = (typeof FISCAL_NOTE_STATUSES)[number];

/** The events of a note: cancellation (110111), correction letter (110110), cancellation by substitution (110112). */
export const FISCAL_NOTE_EVENT_LABELS = {
  CANCEL: 'Cancelamento',
  CORRECTION: 'Carta de correção',
  SUBSTITUTION: 'Cancelamento por substituição',
};
export const FISCAL_NOTE_EVENT_TYPES = labelledValues(FISCAL_NOTE_EVENT_LABELS);
export type FiscalNoteEventType = (typeof FISCAL_NOTE_EVENT_TYPES)[number];

/** The orders that may have a note: sold (paid, or to be paid on delivery or on credit), not cancelled nor held. */
export const INVOICEABLE_ORDER_STATUSES: readonly OrderStatusKey[] = [
  ORDER_STATUS.AGUARDANDO_ESTOQUISTA,
  ORDER_STATUS.EM_PREPARACAO,
  ORDER_STATUS.AGUARDANDO_MOTOBOY,
  ORDER_STATUS.EM_ENTREGA,
  ORDER_STATUS.ENTREGUE,
  ORDER_STATUS.AGUARDANDO_CLIENTE,
  ORDER_STATUS.FINALIZADOS,
  ORDER_STATUS.ENTREGA_IMEDIATA,
  ORDER_STATUS.EM_ENTREGA_IMEDIATA,
];

/**
 * The NF-e's cancellation window, 24 hours of the authorisation in every state; the NFC-e's is 30 minutes. The
 * table by model and state, with its sources, is the API's fiscal/nfe/cancellation-windows.ts; a note's
 * `cancellableUntil` is what the screen shows.
 */
export const CANCEL_WINDOW_HOURS = 24;
export const CANCEL_REASON_MIN = 15;
export const CORRECTION_TEXT_MIN = 15;
export const CORRECTION_TEXT_MAX = 1000;
export const MAX_CORRECTIONS = 20;

export const FISCAL_NOTE_TEXTS = {
  title: 'Notas fiscais',
  orderNotFound: 'Pedido não encontrado.',
  noteNotFound: 'Nota fiscal não encontrada.',
  orderNotInvoiceable: (status: string) => `Um pedido ${status} não tem nota fiscal.`,
  orderHasNote: (number: number, status: string) => `O pedido já tem a nota nº ${number} (${status}).`,
  orderHasRejected: (number: number) =>
    `O pedido tem a nota nº ${number} rejeitada: corrija o que a SEFAZ apontou e use 'Enviar de novo', ou inutilize o número em 'Lacunas de numeração' para emitir uma nota nova.`,
  modelInvalid: 'Modelo inválido: 55 (NF-e) ou 65 (NFC-e).',
  issuerMissing: "Configure o emitente em 'Configurações' → 'Fiscal' antes de emitir.",
  schemaRefused: (problem: string) => `A nota não segue o leiaute da SEFAZ: ${problem}`,
  /** A published SEFAZ rule the note breaks (issue 55), caught before sending: the rule's code and what to fix. */
  ruleRefused: (message: string, code: number) => `A SEFAZ recusaria esta nota (regra ${code}): ${message}`,
  unavailable: 'A SEFAZ não respondeu. A nota ficou assinada e será enviada de novo: tente em alguns minutos.',
  contingency:
    'A SEFAZ não respondeu: a NFC-e foi emitida em contingência offline e será enviada assim que ela voltar.',
  notRetriable: (status: string) => `Uma nota ${status} não é enviada de novo.`,
  voidedNotRetriable: (number: number) =>
    `O número ${number} desta nota foi inutilizado: ela não é enviada de novo. Emita uma nota nova para o pedido.`,
  cancelReason: `Informe o motivo do cancelamento (${CANCEL_REASON_MIN} a 255 caracteres).`,
  cancelNotAuthorized: 'Só uma nota autorizada pode ser cancelada.',
  /** The window by model and state (apps/api fiscal/nfe/cancellation-windows.ts): '30 minutos', '24 horas'. */
  cancelWindow: (model: string, window: string, deadline: string) =>
    `O prazo de cancelamento da ${model} (${window} da autorização) terminou em ${deadline}: emita uma nota de devolução.`,
  correctionText: `Informe a correção (${CORRECTION_TEXT_MIN} a ${CORRECTION_TEXT_MAX} caracteres).`,
  correctionOnlyNfe: 'A carta de correção é só da NF-e autorizada.',
  correctionsFull: `Uma nota recebe no máximo ${MAX_CORRECTIONS} cartas de correção.`,
  eventRefused: (code: number, reason: string) => `A SEFAZ recusou o evento: ${code} — ${reason}`,
  voidingRange: 'Informe o intervalo de números: do menor ao maior, no máximo 10.000 números.',
  voidingReason: `Informe o motivo da inutilização (${CANCEL_REASON_MIN} a 255 caracteres).`,
  voidingUsed: (number: number) => `O número ${number} já foi usado numa nota: não pode ser inutilizado.`,
  /** A voiding refused before anything is sent (issue 56 §1): the numbers of the range that hold a note. */
  voidingHoldsNotes: (notes: string) =>
    `Não é possível inutilizar: ${notes}. Só números nunca usados ou de notas rejeitadas podem ser inutilizados.`,
  noteInWords: (number: number, status: string) => `a nota nº ${number} está ${status}`,
  /** A voiding refused before anything is sent: the numbers of the range voided before. */
  voidingAlreadyVoided: (numbers: string, protocol: string | null) =>
    `Não é possível inutilizar: ${numbers} já inutilizado antes${protocol ? ` (protocolo ${protocol})` : ''}. Escolha só números ainda não inutilizados.`,
  /** The justification of the voiding of an unanswered NFC-e's number the SEFAZ never received (15+ characters). */
  unknownVoidReason: 'NFC-e sem resposta da SEFAZ, substituida por outra emitida em contingencia offline',
  /** The justification of the cancellation by substitution (110112) of an unanswered NFC-e the SEFAZ had authorised. */
  substitutionReason: 'NFC-e sem resposta da SEFAZ, substituida pela NFC-e emitida em contingencia offline',
  unknownFate: (number: number) =>
    `A SEFAZ não respondeu à NFC-e nº ${number}: ela foi substituída por uma NFC-e em contingência com outro número. Quando a SEFAZ voltar, a nº ${number} será cancelada por substituição ou terá o número inutilizado.`,
  gapsTitle: 'Lacunas de numeração',
  gapKinds: { GAP: 'Número não usado', REJECTED: 'Nota rejeitada' } as Record<'GAP' | 'REJECTED', string>,
  gapsEmpty:
    'Nenhuma lacuna: cada número usado foi autorizado, cancelado ou inutilizado, ou aguarda a SEFAZ (em contingência ou sem resposta).',
  gapVoid: 'Inutilizar',
  gapsBellTitle: 'Lacunas de numeração a inutilizar',
  /** One item per month of the gaps (`month` 'YYYY-MM', written 'MM/AAAA'). */
  gapsBellBody: (count: number, month: string) => {
    const when = `${month.slice(5, 7)}/${month.slice(0, 4)}`;
    return count === 1
      ? `1 número de nota de ${when} não foi autorizado nem inutilizado: inutilize-o em 'Notas fiscais' → 'Lacunas de numeração'.`
      : `${count} números de notas de ${when} não foram autorizados nem inutilizados: inutilize-os em 'Notas fiscais' → 'Lacunas de numeração'.`;
  },
  voidingRefused: (code: number, reason: string) => `A SEFAZ recusou a inutilização: ${code} — ${reason}`,
  emitted: (number: number) => `Nota nº ${number} autorizada.`,
  numberUsed: (number: number, series: number) =>
    `O número ${number} da série ${series} já está numa nota: ajuste o próximo número em 'Configurações' → 'Fiscal'.`,
  emailNotAuthorized: 'Só uma nota autorizada é enviada por e-mail.',
  emailMissing: 'O cliente não tem e-mail: informe para quem enviar.',
  emailInvalid: 'Informe um e-mail válido.',
  emailSubject: (model: string, number: number, shop: string) => `${model} nº ${number} — ${shop}`,
  emailText: (model: string, number: number, key: string, shop: string) =>
    `Olá,\n\nSegue a ${model} nº ${number} da sua compra na ${shop}, com o DANFE (PDF) e o XML.\n\nChave de acesso: ${key}\nConsulte em https://www.nfe.fazenda.gov.br/portal ou no site da SEFAZ do seu estado.\n\n${shop}`,
  /** A registered cancellation or correction letter, mailed to whoever the note went to (issue 56 §3). */
  eventEmailSubject: (event: string, model: string, number: number, shop: string) =>
    `${event} da ${model} nº ${number} — ${shop}`,
  eventEmailText: (event: string, model: string, number: number, key: string, protocol: string, shop: string) =>
    `Olá,\n\nA SEFAZ registrou o evento '${event}' da ${model} nº ${number} da sua compra na ${shop} (protocolo ${protocol}). Segue o XML do evento.\n\nChave de acesso: ${key}\nConsulte em https://www.nfe.fazenda.gov.br/portal ou no site da SEFAZ do seu estado.\n\n${shop}`,
  eventNames: { CANCEL: 'Cancelamento', CORRECTION: 'Carta de correção' } as Record<string, string>,
  monthInvalid: 'Informe o mês como AAAA-MM.',
  sent: (to: string) => `Nota enviada para ${to}.`,
};

export const fiscalNoteEmailBodySchema = z.strictObject({
  to: z.email({ error: FISCAL_NOTE_TEXTS.emailInvalid }).max(254, FISCAL_NOTE_TEXTS.emailInvalid).optional(),
});

export const fiscalNotesMonthQuerySchema = z.strictObject({
  month: z
    .string({ error: FISCAL_NOTE_TEXTS.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FISCAL_NOTE_TEXTS.monthInvalid),
});

const reason = (message: string) =>
  z.string({ error: message }).trim().min(CANCEL_REASON_MIN, message).max(255, message);

/** Body of POST /fiscal/notes: the order's note, of the model given or the one its customer takes. */
export const fiscalNoteEmitBodySchema = z.strictObject({
  orderId: idSchema(FISCAL_NOTE_TEXTS.orderNotFound),
  model: z.union([z.literal(55), z.literal(65)], { error: FISCAL_NOTE_TEXTS.modelInvalid }).optional(),
});
export type FiscalNoteEmitBody = z.infer<typeof fiscalNoteEmitBodySchema>;

export const fiscalNoteCancelBodySchema = z.strictObject({ reason: reason(FISCAL_NOTE_TEXTS.cancelReason) });

export const fiscalNoteCorrectionBodySchema = z.strictObject({
  text: z
    .string({ error: FISCAL_NOTE_TEXTS.correctionText })
    .trim()
    .min(CORRECTION_TEXT_MIN, FISCAL_NOTE_TEXTS.correctionText)
    .max(CORRECTION_TEXT_MAX, FISCAL_NOTE_TEXTS.correctionText),
});

export const fiscalVoidingBodySchema = z
  .strictObject({
    model: z.union([z.literal(55), z.literal(65)], { error: FISCAL_NOTE_TEXTS.modelInvalid }),
    series: z.number({ error: FISCAL_NOTE_TEXTS.voidingRange }).int().min(0).max(999),
    from: z.number({ error: FISCAL_NOTE_TEXTS.voidingRange }).int().min(1).max(999_999_999),
    to: z.number({ error: FISCAL_NOTE_TEXTS.voidingRange }).int().min(1).max(999_999_999),
    reason: reason(FISCAL_NOTE_TEXTS.voidingReason),
  })
  .refine((body) => body.to >= body.from && body.to - body.from < 10_000, {
    message: FISCAL_NOTE_TEXTS.voidingRange,
    path: ['to'],
  });
export type FiscalVoidingBody = z.infer<typeof fiscalVoidingBodySchema>;

export const fiscalNoteEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(FISCAL_NOTE_EVENT_TYPES),
  sequence: z.number().int(),
  text: z.string(),
  statusCode: z.number().int().nullable(),
  statusReason: z.string().nullable(),
  protocol: z.string().nullable(),
  registeredAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FiscalNoteEvent = z.infer<typeof fiscalNoteEventSchema>;

export const fiscalNoteSchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  model: z.union([z.literal(55), z.literal(65)]),
  series: z.number().int(),
  number: z.number().int(),
  environment: z.union([z.literal(1), z.literal(2)]),
  contingency: z.boolean(),
  accessKey: z.string(),
  status: z.enum(FISCAL_NOTE_STATUSES),
  statusCode: z.number().int().nullable(),
  statusReason: z.string().nullable(),
  protocol: z.string().nullable(),
  authorizedAt: z.string().nullable(),
  /** An authorised note: the last moment its cancellation is accepted (its model's and state's window). */
  cancellableUntil: z.string().nullable(),
  issuedAt: z.string(),
  total: z.number(),
  recipient: z.object({ document: z.string().nullable(), name: z.string().nullable() }),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  events: z.array(fiscalNoteEventSchema),
});
export type FiscalNote = z.infer<typeof fiscalNoteSchema>;

export const fiscalNotesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** The number, the key, the customer's name or document, or the order's code. */
  search: z.string().trim().max(60).optional(),
  orderId: z.coerce.number().int().positive().optional(),
  status: z.enum(FISCAL_NOTE_STATUSES).optional(),
  model: z.coerce
    .number()
    .pipe(z.union([z.literal(55), z.literal(65)]))
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type FiscalNotesQuery = z.infer<typeof fiscalNotesQuerySchema>;

export const fiscalNotePageSchema = z.object({
  items: z.array(fiscalNoteSchema.omit({ events: true })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FiscalNotePage = z.infer<typeof fiscalNotePageSchema>;

export const fiscalVoidingSchema = z.object({
  id: z.number().int(),
  model: z.union([z.literal(55), z.literal(65)]),
  series: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  reason: z.string(),
  statusCode: z.number().int().nullable(),
  statusReason: z.string().nullable(),
  protocol: z.string().nullable(),
  createdAt: z.string(),
});
export type FiscalVoiding = z.infer<typeof fiscalVoidingSchema>;

/** An order handed over whose automatic note could not be emitted (GET /fiscal/notes/requests). */
export const fiscalEmissionRequestSchema = z.object({
  order: z.object({ id: z.number().int(), code: z.string() }),
  /** Tries so far (three at most). */
  attempts: z.number().int(),
  /** Why the last one was refused, in the shop's words. */
  error: z.string(),
  requestedAt: z.string(),
});
export type FiscalEmissionRequest = z.infer<typeof fiscalEmissionRequestSchema>;

/** Query of GET /fiscal/notes/gaps: the numbering's gaps and rejected numbers, by model, series and month. */
export const fiscalNoteGapsQuerySchema = z.strictObject({
  model: z.coerce
    .number()
    .pipe(z.union([z.literal(55), z.literal(65)]))
    .optional(),
  series: z.coerce.number().int().min(0).max(999).optional(),
  month: z
    .string({ error: FISCAL_NOTE_TEXTS.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FISCAL_NOTE_TEXTS.monthInvalid)
    .optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type FiscalNoteGapsQuery = z.infer<typeof fiscalNoteGapsQuerySchema>;

/**
 * A run of numbers of a series neither authorised, cancelled, denied nor voided (issue 56 §1): never used (GAP: the
 * month is the one of the first note after it) or a rejected note's (REJECTED: its note and order). Voided with
 * 'Inutilizar' (POST /fiscal/voidings).
 */
export const fiscalNoteGapSchema = z.object({
  kind: z.enum(['GAP', 'REJECTED']),
  model: z.union([z.literal(55), z.literal(65)]),
  series: z.number().int(),
  month: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  note: z.object({ id: z.number().int(), order: z.string().nullable() }).nullable(),
});
export type FiscalNoteGap = z.infer<typeof fiscalNoteGapSchema>;

export const fiscalNoteGapPageSchema = z.object({
  items: z.array(fiscalNoteGapSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FiscalNoteGapPage = z.infer<typeof fiscalNoteGapPageSchema>;

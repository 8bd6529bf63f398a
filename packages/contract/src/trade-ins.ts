import { z } from 'zod';
import { isValidCpf } from './documents';
import { idParamSchema } from './ids';
import { labelledValues } from './labelled-values';
import { hasTwoDecimals } from './money';
import { pagedSchema } from './paging';

/**
 * Used phones taken in ('Avaliação de usado', issue 42 §1, decision 0058): the seller's phone evaluated by a
 * price table and the checklist's defects, checked against the stolen-phone list, signed for, and taken as part of
 * an order's payment or bought outright; it enters the stock as a seminovo unit in preparation.
 */

export const TRADE_IN_STATUS_LABELS = {
  OPEN: 'Em avaliação',
  ACCEPTED: 'Aceito',
  BLOCKED: 'Impedido',
  CANCELLED: 'Cancelado',
};
export const TRADE_IN_STATUSES = labelledValues(TRADE_IN_STATUS_LABELS);
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];

/** How a trade-in was paid to its seller: as part of an order's payment, or bought outright in cash or by Pix. */
export const TRADE_IN_SETTLEMENT_LABELS = {
  ORDER: 'Parte do pagamento de um pedido',
  CASH: 'Compra em dinheiro',
  PIX: 'Compra por Pix',
};
export const TRADE_IN_SETTLEMENTS = labelledValues(TRADE_IN_SETTLEMENT_LABELS);
export type TradeInSettlement = (typeof TRADE_IN_SETTLEMENTS)[number];

/** The stolen-phone check's answer (consultaaparelhoimpedido.com.br). */
export const TRADE_IN_CHECK_LABELS = { REGULAR: 'Regular', IMPEDIDO: 'Impedido' };
export const TRADE_IN_CHECK_RESULTS = labelledValues(TRADE_IN_CHECK_LABELS);
export type TradeInCheckResult = (typeof TRADE_IN_CHECK_RESULTS)[number];
/** Where the attendant checks an IMEI: Anatel's list has no public API (decision 0058). */
export const STOLEN_PHONE_CHECK_URL = 'https://www.consultaaparelhoimpedido.com.br/';

export const SCREEN_CONDITION_LABELS = {
  OK: 'Perfeita',
  SCRATCHED: 'Riscada',
  CRACKED: 'Trincada',
};
export const SCREEN_CONDITIONS = labelledValues(SCREEN_CONDITION_LABELS);
export type ScreenCondition = (typeof SCREEN_CONDITIONS)[number];
export const BODY_CONDITION_LABELS = {
  OK: 'Sem marcas',
  MARKED: 'Marcas de uso',
  DAMAGED: 'Amassada ou quebrada',
};
export const BODY_CONDITIONS = labelledValues(BODY_CONDITION_LABELS);
export type BodyCondition = (typeof BODY_CONDITIONS)[number];

/** Battery health below this (%) is a defect. */
export const LOW_BATTERY_BELOW = 80;

/** The defects of the checklist that lower the offer, each by the shop's deduction. */
export const TRADE_IN_DEFECT_LABELS = {
  SCREEN_SCRATCHED: 'Tela riscada',
  SCREEN_CRACKED: 'Tela trincada',
  BODY_MARKED: 'Carcaça com marcas de uso',
  BODY_DAMAGED: 'Carcaça amassada ou quebrada',
  BATTERY_LOW: `Bateria abaixo de ${LOW_BATTERY_BELOW} %`,
  BIOMETRICS: 'Face ID/biometria não funciona',
  CAMERA: 'Câmera com defeito',
  CHARGING: 'Não carrega',
};
export const TRADE_IN_DEFECTS = labelledValues(TRADE_IN_DEFECT_LABELS);
export type TradeInDefect = (typeof TRADE_IN_DEFECTS)[number];

/** The deductions a new shop starts with (cents), until a manager types its own. */
export const DEFAULT_TRADE_IN_DEDUCTIONS: Record<TradeInDefect, number> = {
  SCREEN_SCRATCHED: 15_000,
  SCREEN_CRACKED: 40_000,
  BODY_MARKED: 10_000,
  BODY_DAMAGED: 25_000,
  BATTERY_LOW: 15_000,
  BIOMETRICS: 30_000,
  CAMERA: 25_000,
  CHARGING: 20_000,
};

/** Days of warranty a seminovo is sold with, unless the shop sets another. */
export const DEFAULT_USED_WARRANTY_DAYS = 90;

/** A trade-in's code as the shop says it: 'AV-00042'. */
export function tradeInCode(id: number): string {
  return `AV-${String(id).padStart(5, '0')}`;
}

/** A phone in words: 'Apple iPhone 12 128 GB'. */
export function tradeInPhoneName(phone: { brand: string; model: string; storage: number }): string {
  return `${phone.brand} ${phone.model} ${phone.storage} GB`;
}

export const TRADE_IN_LIMITS = { maxPhotos: 6, maxText: 80, maxReason: 500, maxSearch: 80 } as const;

export const TRADE_IN_TEXTS = {
  title: 'Avaliação de usado',
  listTitle: 'Aparelhos usados',
  notFound: 'Avaliação não encontrada.',
  priceNotFound: 'Preço da tabela não encontrado.',
  imeiInvalid: (imei: string) => `IMEI inválido: ${imei} (dígito verificador não confere).`,
  imeiRepeated: 'Os dois IMEIs do aparelho são iguais.',
  imeisOfTwoUnits: 'Os dois IMEIs informados são de dois aparelhos diferentes do nosso cadastro.',
  cpfInvalid: 'CPF do vendedor inválido.',
  nameRequired: 'Informe o nome do vendedor.',
  brandRequired: 'Informe a marca.',
  modelRequired: 'Informe o modelo.',
  storageInvalid: 'Informe o armazenamento em GB (de 1 a 4096).',
  batteryInvalid: 'Saúde da bateria: de 0 a 100 %.',
  valueInvalid: 'Informe um valor de zero ou mais, com no máximo duas casas decimais.',
  reasonRequired: 'Informe o motivo.',
  pictureRequired: 'Envie a imagem.',
  tooManyPhotos: `No máximo ${TRADE_IN_LIMITS.maxPhotos} fotos.`,
  customerNotFound: 'Cliente não encontrado.',
  notOpen: (code: string, status: string) => `A avaliação ${code} não está em aberto (${status}).`,
  noTablePrice: 'Este modelo não está na tabela de preços: o valor é definido por quem gerencia a avaliação de usados.',
  aboveOffer: (offer: string) =>
    `Valor acima da oferta (${offer}): só quem gerencia a avaliação de usados pode aumentá-lo.`,
  valueMissing: 'Defina o valor do aparelho antes de continuar.',
  checkMissing: 'Consulte o IMEI na lista de aparelhos impedidos antes de continuar: sem consulta, sem compra.',
  blocked: (imei: string) =>
    `O IMEI ${imei} consta como impedido: a avaliação foi encerrada e o aparelho não é aceito.`,
  accountLinked: 'A conta iCloud/Google ainda está no aparelho: peça ao vendedor que a remova antes da compra.',
  signatureMissing: 'Colha a assinatura do vendedor no termo de compra antes de aceitar o aparelho.',
  alreadyChecked: 'O IMEI já foi consultado nesta avaliação.',
  unitInStock: (imei: string, product: string) => `O IMEI ${imei} é de um aparelho no nosso estoque (${product}).`,
  /** 409 IMEI_DUPLICATE: another trade-in of the same IMEI was accepted at the same moment (its unit came first). */
  imeiInAnotherTradeIn: (imei: string) =>
    `O IMEI ${imei} acabou de entrar no estoque por outra avaliação de usado: esta não foi aceita. Atualize e confira.`,
  productNotUsed: 'Escolha um produto seminovo que controla IMEI.',
  /** 'Balcão' (decision 0078): the trade-in given as payment is another customer's. */
  otherCustomer: (code: string) => `A avaliação ${code} é de outro cliente: escolha uma avaliação deste cliente.`,
  valueChanged: (code: string, value: string) =>
    `O valor da avaliação ${code} mudou para ${value}: atualize o pagamento antes de concluir.`,
  productNotFound: 'Produto não encontrado.',
  orderRequired: 'Informe o pedido em que o aparelho entra como parte do pagamento.',
  orderOnlyWithOrder: 'O pedido só é informado quando o aparelho entra como parte do pagamento.',
  valueAboveDue: (value: string, due: string) =>
    `O valor do aparelho (${value}) passa do saldo a pagar do pedido (${due}): compre-o à parte ou ajuste o valor.`,
  valueZero: 'Um aparelho de valor zero não entra como pagamento nem é comprado.',
  notPreparing: 'O aparelho não está em preparação.',
  released: 'Aparelho liberado para venda.',
  created: 'Avaliação registrada com sucesso.',
  accepted: 'Aparelho aceito com sucesso.',
  cashReason: (code: string) => `Compra de aparelho usado ${code}`,
  payableDescription: (code: string, phone: string) => `Compra de aparelho usado ${code} (${phone})`,
  partNote: (code: string, value: string) => `Aparelho usado ${code} recebido como parte do pagamento: ${value}.`,
  historyEntered: (code: string) => `Recebido na avaliação de usado ${code} (em preparação)`,
  historyReleased: 'Liberado para venda (seminovo)',
  noHistory: 'Nenhuma avaliação.',
} as const;

/** The term the seller signs ('Termo de compra de aparelho usado'). */
export const TRADE_IN_TERM_TEXTS = {
  title: 'Termo de compra de aparelho usado',
  buyer: 'Comprador',
  seller: 'Vendedor',
  phone: 'Aparelho',
  checks: 'Verificações',
  price: 'Valor',
  checkLine: (result: string, at: string, by: string) =>
    `Consulta de aparelho impedido (consultaaparelhoimpedido.com.br): ${result} em ${at}, por ${by}.`,
  declaration: (seller: string, cpf: string, phone: string, value: string) =>
    `Eu, ${seller}, CPF ${cpf}, declaro ser o legítimo proprietário do aparelho ${phone}, adquirido de forma lícita, livre de ônus, e que o vendo à loja pelo valor de ${value}, respondendo civil e criminalmente pela veracidade desta declaração.`,
  signature: 'Assinatura do vendedor',
  notSigned: 'Não assinado',
  generated: (at: string) => `Gerado em ${at}`,
} as const;

// ---------- the evaluation ----------

export const tradeInChecklistSchema = z.strictObject({
  screen: z.enum(SCREEN_CONDITIONS),
  body: z.enum(BODY_CONDITIONS),
  batteryHealth: z
    .number({ error: TRADE_IN_TEXTS.batteryInvalid })
    .int(TRADE_IN_TEXTS.batteryInvalid)
    .min(0, TRADE_IN_TEXTS.batteryInvalid)
    .max(100, TRADE_IN_TEXTS.batteryInvalid),
  /** Face ID / fingerprint works. */
  biometrics: z.boolean(),
  camera: z.boolean(),
  charging: z.boolean(),
  /** The iCloud / Google account is removed (a phone still tied to one cannot be resold). */
  accountRemoved: z.boolean(),
});
export type TradeInChecklist = z.infer<typeof tradeInChecklistSchema>;

/** The checklist's defects, in the table's order. */
export function tradeInDefects(checklist: TradeInChecklist): TradeInDefect[] {
  const found = new Set<TradeInDefect>();
  if (checklist.screen === 'SCRATCHED') found.add('SCREEN_SCRATCHED');
  if (checklist.screen === 'CRACKED') found.add('SCREEN_CRACKED');
  if (checklist.body === 'MARKED') found.add('BODY_MARKED');
  if (checklist.body === 'DAMAGED') found.add('BODY_DAMAGED');
  if (checklist.batteryHealth < LOW_BATTERY_BELOW) found.add('BATTERY_LOW');
  if (!checklist.biometrics) found.add('BIOMETRICS');
  if (!checklist.camera) found.add('CAMERA');
  if (!checklist.charging) found.add('CHARGING');
  return TRADE_IN_DEFECTS.filter((defect) => found.has(defect));
}

/**
 * The offer for a phone (decision 0058): its table price minus the shop's deduction for each defect of its
 * checklist, never below zero; no offer (null) when the model is not in the table.
 * Example: iPhone 12 128 GB R$ 1.500,00 − R$ 150,00 (tela riscada) − R$ 150,00 (bateria abaixo de 80 %) =
 * R$ 1.200,00.
 */
export function tradeInOffer(
  tablePriceCents: number | null,
  checklist: TradeInChecklist,
  deductions: Record<TradeInDefect, number>,
): { deductions: Array<{ defect: TradeInDefect; cents: number }>; offerCents: number | null } {
  const lines = tradeInDefects(checklist).map((defect) => ({ defect, cents: deductions[defect] }));
  if (tablePriceCents === null) return { deductions: lines, offerCents: null };
  const total = lines.reduce((sum, line) => sum + line.cents, 0);
  return { deductions: lines, offerCents: Math.max(0, tablePriceCents - total) };
}

// ---------- schemas ----------

const text = (required: string) => z.string({ error: required }).trim().min(1, required).max(TRADE_IN_LIMITS.maxText);
const imeiField = z
  .string()
  .trim()
  .regex(/^\d{15}$/, 'IMEI deve ter 15 dígitos.');
const picture = z.string({ error: TRADE_IN_TEXTS.pictureRequired }).min(1, TRADE_IN_TEXTS.pictureRequired);
const reais = z
  .number({ error: TRADE_IN_TEXTS.valueInvalid })
  .min(0, TRADE_IN_TEXTS.valueInvalid)
  .max(1_000_000, TRADE_IN_TEXTS.valueInvalid)
  .refine(hasTwoDecimals, TRADE_IN_TEXTS.valueInvalid);
const storage = z
  .number({ error: TRADE_IN_TEXTS.storageInvalid })
  .int(TRADE_IN_TEXTS.storageInvalid)
  .min(1, TRADE_IN_TEXTS.storageInvalid)
  .max(4096, TRADE_IN_TEXTS.storageInvalid);
const reason = z
  .string({ error: TRADE_IN_TEXTS.reasonRequired })
  .trim()
  .min(1, TRADE_IN_TEXTS.reasonRequired)
  .max(TRADE_IN_LIMITS.maxReason);

export const tradeInPhoneSchema = z.strictObject({
  brand: text(TRADE_IN_TEXTS.brandRequired),
  model: text(TRADE_IN_TEXTS.modelRequired),
  /** GB. */
  storage,
});

/** POST /trade-ins/evaluate: the offer for a phone and its checklist, nothing saved. */
export const tradeInEvaluateBodySchema = tradeInPhoneSchema.extend({ checklist: tradeInChecklistSchema });
export type TradeInEvaluateBody = z.infer<typeof tradeInEvaluateBodySchema>;

export const tradeInEvaluationSchema = z.object({
  /** The table's price (reais), or null when the model is not in it. */
  tablePrice: z.number().nullable(),
  deductions: z.array(z.object({ defect: z.enum(TRADE_IN_DEFECTS), label: z.string(), amount: z.number() })),
  /** The table price less the deductions (reais); null without a table price. */
  offer: z.number().nullable(),
});
export type TradeInEvaluation = z.infer<typeof tradeInEvaluationSchema>;

/** POST /trade-ins: the seller, the phone, its checklist and photos; the value (reais) defaults to the offer. */
export const tradeInCreateBodySchema = tradeInEvaluateBodySchema
  .extend({
    customerId: z.number().int().positive().optional(),
    sellerName: text(TRADE_IN_TEXTS.nameRequired).pipe(z.string().max(120)),
    sellerCpf: z
      .string({ error: TRADE_IN_TEXTS.cpfInvalid })
      .trim()
      .refine((value) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value) && isValidCpf(value), TRADE_IN_TEXTS.cpfInvalid)
      .transform((value) => value.replace(/\D/g, '')),
    colour: z.string().trim().max(TRADE_IN_LIMITS.maxText).optional(),
    imei: imeiField,
    imei2: imeiField.optional(),
    photos: z.array(picture).max(TRADE_IN_LIMITS.maxPhotos, TRADE_IN_TEXTS.tooManyPhotos).optional(),
    value: reais.optional(),
  })
  .refine((body) => body.imei2 === undefined || body.imei2 !== body.imei, {
    path: ['imei2'],
    message: TRADE_IN_TEXTS.imeiRepeated,
  });
export type TradeInCreateBody = z.infer<typeof tradeInCreateBodySchema>;

/** PUT /trade-ins/{id}/value: the value agreed (lower than the offer by anyone; higher only by a manager). */
export const tradeInValueBodySchema = z.strictObject({ value: reais });
/** POST /trade-ins/{id}/check: the stolen-phone list's answer and its screenshot (base64 JPEG/PNG). */
export const tradeInCheckBodySchema = z.strictObject({
  result: z.enum(TRADE_IN_CHECK_RESULTS),
  screenshot: picture,
});
export type TradeInCheckBody = z.infer<typeof tradeInCheckBodySchema>;
/** POST /trade-ins/{id}/sign: the seller's signature drawn on screen (PNG base64). */
export const tradeInSignBodySchema = z.strictObject({ signature: picture });
/** POST /trade-ins/{id}/accept: the seminovo product it becomes, and how the seller is paid. */
export const tradeInAcceptBodySchema = z
  .strictObject({
    productId: z.number().int().positive(),
    settlement: z.enum(TRADE_IN_SETTLEMENTS),
    orderId: z.number().int().positive().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.settlement === 'ORDER' && body.orderId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: TRADE_IN_TEXTS.orderRequired });
    }
    if (body.settlement !== 'ORDER' && body.orderId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: TRADE_IN_TEXTS.orderOnlyWithOrder });
    }
  });
export type TradeInAcceptBody = z.infer<typeof tradeInAcceptBodySchema>;
export const tradeInCancelBodySchema = z.strictObject({ reason });
export const tradeInIdParamsSchema = z.object({ id: idParamSchema(TRADE_IN_TEXTS.notFound) });

export const tradeInListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  items: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(TRADE_IN_STATUSES).optional(),
  /** Code, IMEI, seller's name or CPF, model. */
  search: z.string().trim().max(TRADE_IN_LIMITS.maxSearch).optional(),
  customerId: z.coerce.number().int().positive().optional(),
});
export type TradeInListQuery = z.infer<typeof tradeInListQuerySchema>;

const ref = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const tradeInSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(TRADE_IN_STATUSES),
  sellerName: z.string(),
  phone: z.string(),
  imei: z.string(),
  offer: z.number().nullable(),
  value: z.number().nullable(),
  settlement: z.enum(TRADE_IN_SETTLEMENTS).nullable(),
  createdAt: z.iso.datetime(),
});
export type TradeInSummary = z.infer<typeof tradeInSummarySchema>;
export const tradeInPageSchema = pagedSchema(tradeInSummarySchema);

export const tradeInSchema = tradeInSummarySchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sellerCpf: z.string(),
  brand: z.string(),
  model: z.string(),
  storage: z.number().int(),
  colour: z.string().nullable(),
  imei2: z.string().nullable(),
  checklist: tradeInChecklistSchema,
  evaluation: tradeInEvaluationSchema,
  valueSetBy: z.string().nullable(),
  check: z
    .object({ result: z.enum(TRADE_IN_CHECK_RESULTS), at: z.iso.datetime(), by: z.string(), screenshot: z.string() })
    .nullable(),
  signedAt: z.iso.datetime().nullable(),
  signature: z.string().nullable(),
  photos: z.array(z.string()),
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  product: ref.nullable(),
  /** The unit it became: its status ('PREPARING' until released for sale). */
  unitStatus: z.string().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  cancelReason: z.string().nullable(),
  /** The phone of ours this IMEI already is (sold by us, under warranty, traded before), if any. */
  knownUnit: z
    .object({
      product: ref,
      status: z.string(),
      order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
      warrantyEndsAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** What is still needed before it can be accepted, in the shop's words (empty: it can be). */
  missing: z.array(z.string()),
});
export type TradeIn = z.infer<typeof tradeInSchema>;

/** The columns of GET /trade-ins/export.csv ('aparelhos-usados.csv'): the list's, one trade-in a line. */
export const TRADE_IN_CSV_HEADERS = [
  'Código',
  'Data',
  'Vendedor',
  'Aparelho',
  'IMEI',
  'Oferta',
  'Valor',
  'Pagamento',
  'Situação',
] as const;

// ---------- the price table and settings ----------

export const tradeInPriceSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  model: z.string(),
  storage: z.number().int(),
  price: z.number(),
});
export type TradeInPrice = z.infer<typeof tradeInPriceSchema>;
/** POST /trade-ins/prices: a model's price, added or replaced (the same brand, model and storage). */
export const tradeInPriceBodySchema = tradeInPhoneSchema.extend({ price: reais });
export type TradeInPriceBody = z.infer<typeof tradeInPriceBodySchema>;
export const tradeInPricesQuerySchema = z.object({
  search: z.string().trim().max(TRADE_IN_LIMITS.maxSearch).optional(),
});

export const tradeInSettingsSchema = z.strictObject({
  /** Reais per defect. */
  deductions: z.strictObject(
    Object.fromEntries(TRADE_IN_DEFECTS.map((defect) => [defect, reais])) as Record<TradeInDefect, typeof reais>,
  ),
  warrantyDays: z
    .number({ error: 'Garantia do seminovo: de 0 a 3650 dias.' })
    .int('Garantia do seminovo: de 0 a 3650 dias.')
    .min(0, 'Garantia do seminovo: de 0 a 3650 dias.')
    .max(3650, 'Garantia do seminovo: de 0 a 3650 dias.'),
});
export type TradeInSettings = z.infer<typeof tradeInSettingsSchema>;

/** A month-by-month report's days (YYYY-MM-DD, both included): the used phones', the repairs'. */
export const monthlyReportQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
  })
  .refine((query) => query.to >= query.from, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['to'],
  });

/** GET /trade-ins/report: trade-ins accepted by month, and the margin of those resold. */
export const tradeInReportQuerySchema = monthlyReportQuerySchema;
export const tradeInReportRowSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  count: z.number().int(),
  /** What the shop paid for them (reais). */
  paid: z.number(),
  /** Of those, how many were sold again, for how much, and the margin (sale − cost). */
  resold: z.number().int(),
  resoldRevenue: z.number(),
  resoldMargin: z.number(),
});
export type TradeInReportRow = z.infer<typeof tradeInReportRowSchema>;
export const tradeInReportSchema = z.object({ data: z.array(tradeInReportRowSchema) });

import { z } from 'zod';
import { calendarDaySchema } from './calendar-day';
import { formatBusinessDate } from './clock';
import { EMPLOYEE_FUNCS, type EmployeeFunc } from './employee-funcs';
import { idSchema } from './ids';
import { isValidImei } from './imei';
import { labelledValues } from './labelled-values';
import { formatBRL, hasTwoDecimals } from './money';
import { PAYMENT_METHODS } from './order-status';
import { type AccessRule, allows, PERMISSIONS, type PermissionKey } from './permissions';

/**
 * Repairs ('Assistência técnica', issue 42 §2, decision 0059): a service order (ordem de serviço, 'OS') for a
 * customer's device, its statuses and the table of its moves (who may make each), its estimate (parts from stock
 * and labour), its billing as an order, the repair warranty, the public status page and the texts.
 */

/** The statuses of a service order, in the order a repair goes through them. */
export const REPAIR_STATUS_LABELS = {
  RECEIVED: 'Recebido',
  DIAGNOSIS: 'Em diagnóstico',
  AWAITING_APPROVAL: 'Aguardando aprovação',
  APPROVED: 'Aprovado',
  REFUSED: 'Recusado',
  IN_REPAIR: 'Em reparo',
  READY: 'Pronto para retirada',
  DELIVERED: 'Entregue',
  RETURNED: 'Devolvido sem reparo',
};
export const REPAIR_STATUSES = labelledValues(REPAIR_STATUS_LABELS);
export type RepairStatus = (typeof REPAIR_STATUSES)[number];

/** Statuses a service order no longer leaves: the device went back to its owner. */
export const FINAL_REPAIR_STATUSES: readonly RepairStatus[] = ['DELIVERED', 'RETURNED'];
/** Open service orders: every status but the final ones (the lists, the late ones). */
export const OPEN_REPAIR_STATUSES: readonly RepairStatus[] = REPAIR_STATUSES.filter(
  (status) => !FINAL_REPAIR_STATUSES.includes(status),
);
/** The technician's queue ('Minhas tarefas'): what waits for his bench. */
export const TECHNICIAN_QUEUE_STATUSES: readonly RepairStatus[] = ['RECEIVED', 'DIAGNOSIS', 'APPROVED', 'IN_REPAIR'];

export const REPAIR_ACTION_LABELS = {
  startDiagnosis: 'Iniciar diagnóstico',
  sendEstimate: 'Enviar orçamento',
  approve: 'Aprovar orçamento',
  refuse: 'Recusar orçamento',
  startRepair: 'Iniciar reparo',
  finishRepair: 'Concluir reparo',
  deliver: 'Entregar ao cliente',
  returnDevice: 'Devolver sem reparo',
};
export const REPAIR_ACTIONS = labelledValues(REPAIR_ACTION_LABELS);
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

/**
 * What a move needs besides being allowed: the estimate's lines, the payment the approval names (one when something
 * is due, none when nothing is), the customer's signature, a reason.
 */
export type RepairRequirement = 'estimate' | 'payment' | 'signature' | 'reason';
/**
 * What a move does besides the status, its history row and audit, in the row's order: the estimate written (its
 * parts priced); the estimate's parts leave stock (REPAIR ledger rows naming the service order) and the bill is
 * placed as an order; the bill handed over with the device (refused while it waits for its payment); the
 * signature stored; the device's password erased; the repair warranty started. The server runs exactly what a row
 * names, on the engine both state machines share (apps/api/src/lib/step-registry.ts), and refuses to start with a
 * name nothing handles.
 */
export type RepairEffect =
  | 'writeEstimate'
  | 'takeParts'
  | 'bill'
  | 'handOverBill'
  | 'storeSignature'
  | 'erasePassword'
  | 'startWarranty';

export interface RepairTransition {
  from: RepairStatus;
  to: RepairStatus;
  action: RepairAction;
  /** Any of these permissions allows the move (full:access always does). */
  permissions: readonly PermissionKey[];
  /** The functions whose own work the move is: their employees make it without the permission. */
  functions: readonly EmployeeFunc[];
  requires: readonly RepairRequirement[];
  does: readonly RepairEffect[];
}

const REPAIRS = [PERMISSIONS.repairs] as const;
const T = EMPLOYEE_FUNCS.TECHNICIAN;
/** The bench's moves: the technician (his function is enough) or whoever holds 'Assistência técnica'. */
const BENCH = { permissions: REPAIRS, functions: [T] } as const;
/** The counter's moves (the customer's answer, handing the device back): 'Assistência técnica' only. */
const COUNTER = { permissions: REPAIRS, functions: [] } as const;

/** Every move of a service order: the one table the server applies and the screens read for their buttons. */
export const REPAIR_TRANSITIONS: readonly RepairTransition[] = [
  { from: 'RECEIVED', to: 'DIAGNOSIS', action: 'startDiagnosis', ...BENCH, requires: [], does: [] },
  {
    from: 'DIAGNOSIS',
    to: 'AWAITING_APPROVAL',
    action: 'sendEstimate',
    ...BENCH,
    requires: ['estimate'],
    does: ['writeEstimate'],
  },
  {
    from: 'AWAITING_APPROVAL',
    to: 'APPROVED',
    action: 'approve',
    ...COUNTER,
    requires: ['payment'],
    does: ['takeParts', 'bill'],
  },
  { from: 'AWAITING_APPROVAL', to: 'REFUSED', action: 'refuse', ...COUNTER, requires: [], does: [] },
  { from: 'APPROVED', to: 'IN_REPAIR', action: 'startRepair', ...BENCH, requires: [], does: [] },
  { from: 'IN_REPAIR', to: 'READY', action: 'finishRepair', ...BENCH, requires: [], does: [] },
  {
    from: 'READY',
    to: 'DELIVERED',
    action: 'deliver',
    ...COUNTER,
    requires: ['signature'],
    does: ['handOverBill', 'storeSignature', 'erasePassword', 'startWarranty'],
  },
  ...(['RECEIVED', 'DIAGNOSIS', 'REFUSED'] as const).map(
    (from): RepairTransition => ({
      from,
      to: 'RETURNED',
      action: 'returnDevice',
      ...COUNTER,
      requires: from === 'REFUSED' ? [] : ['reason'],
      does: ['erasePassword'],
    }),
  ),
];

/** The move of `action` from `status`, if the table has one. */
export function findRepairTransition(status: RepairStatus, action: RepairAction): RepairTransition | undefined {
  return REPAIR_TRANSITIONS.find((t) => t.from === status && t.action === action);
}

/** Whether an employee (his permissions and function) may make this move. */
export function mayMakeRepairMove(transition: RepairTransition, held: readonly string[], func?: number | null) {
  return allows(transition, held, func);
}

/** The moves this employee may make now on a service order in `status` (the screens' buttons). */
export function availableRepairActions(status: RepairStatus, held: readonly string[], func?: number | null) {
  return REPAIR_TRANSITIONS.filter((t) => t.from === status && mayMakeRepairMove(t, held, func)).map((t) => t.action);
}

/** Who may call a move's route (plugins/auth.ts): read from the table, never written twice. */
export function repairActionAccess(actions: readonly RepairAction[]): AccessRule {
  const moves = REPAIR_TRANSITIONS.filter((t) => actions.includes(t.action));
  return {
    permissions: [...new Set(moves.flatMap((t) => t.permissions))],
    functions: [...new Set(moves.flatMap((t) => t.functions))],
  };
}

/**
 * Who reads service orders (lists, one order, the receipt, the technician's queue) and the device's password (each
 * reading audited): the desk and the bench.
 */
export const REPAIRS_READ_ACCESS: AccessRule = { permissions: [...REPAIRS], functions: [T] };
/** Who opens service orders, edits them, exports them and sets the repair warranty: 'Assistência técnica'. */
export const REPAIRS_MANAGE_ACCESS: AccessRule = { permissions: [...REPAIRS], functions: [] };
/** Who reads 'Assistência por mês' (GET /repairs/report): whoever reads reports, and 'Assistência técnica'. */
export const REPAIRS_REPORT_ACCESS: AccessRule = { permissions: [PERMISSIONS.reports, ...REPAIRS], functions: [] };

/** The repair warranty's days by default (the shop's setting) and their range. */
export const DEFAULT_REPAIR_WARRANTY_DAYS = 90;
export const REPAIR_WARRANTY_DAYS_RANGE = { min: 1, max: 730 } as const;

/** Limits of a service order's fields. */
export const REPAIR_LIMITS = {
  text: 2000,
  shortText: 200,
  checklist: 30,
  photos: 6,
  parts: 20,
  partQuantity: 99,
  /** Labour and a part's price: R$ 99.999,99 at most. */
  maxAmount: 99_999.99,
  page: 100,
} as const;

/** Whose warranty covers the repair: our own sale's (the phone is a unit we sold), an earlier repair's, none. */
export const REPAIR_WARRANTY_SOURCES = ['SALE', 'REPAIR'] as const;
export type RepairWarrantySource = (typeof REPAIR_WARRANTY_SOURCES)[number];

export const REPAIR_TEXTS = {
  notFound: 'Ordem de serviço não encontrada.',
  idInvalid: 'Número de ordem de serviço inválido.',
  customerInvalid: 'Informe o cliente da ordem de serviço.',
  customerNotFound: 'Cliente não encontrado.',
  imeiInvalid: 'IMEI inválido (15 dígitos, o último o dígito verificador).',
  modelRequired: 'Informe o modelo do aparelho.',
  problemRequired: 'Informe o problema relatado pelo cliente.',
  textTooLong: `Texto longo demais (até ${REPAIR_LIMITS.text} caracteres).`,
  shortTextTooLong: `Texto longo demais (até ${REPAIR_LIMITS.shortText} caracteres).`,
  checklistTooLong: `No máximo ${REPAIR_LIMITS.checklist} itens no checklist.`,
  checklistItemInvalid: 'Cada item do checklist precisa de um nome (até 200 caracteres) e se está OK.',
  photosTooMany: `No máximo ${REPAIR_LIMITS.photos} fotos.`,
  photoInvalid: 'Envie cada foto em base64.',
  dateInvalid: 'Informe a data prevista como AAAA-MM-DD.',
  datePast: 'A data prevista não pode ser anterior a hoje.',
  amountInvalid: `Informe um valor de R$ 0,00 a ${formatBRL(REPAIR_LIMITS.maxAmount)}, com até duas casas decimais.`,
  partsTooMany: `No máximo ${REPAIR_LIMITS.parts} peças por orçamento.`,
  partInvalid: `Informe produto e quantidade (1 a ${REPAIR_LIMITS.partQuantity}) de cada peça.`,
  partRepeated: 'Informe cada peça uma vez só.',
  partNotFound: (id: number) => `Peça não encontrada: produto ${id}.`,
  partArchived: (name: string) => `${name} está arquivado e não pode ser usado como peça.`,
  partSerialized: (name: string) => `${name} controla IMEI: um aparelho não é peça de reparo.`,
  estimateEmpty: 'O orçamento precisa de peças ou de mão de obra.',
  paymentRequired: 'Informe a forma de pagamento do reparo.',
  paymentInvalid: 'Forma de pagamento inválida para um reparo (use CASH, PIX, CARD ou BANK_TRANSFER).',
  paymentNotDue: 'Reparo em garantia: não há o que pagar; não informe forma de pagamento.',
  signatureRequired: 'A assinatura do cliente é obrigatória para entregar o aparelho.',
  reasonRequired: 'Informe o motivo da devolução sem reparo.',
  moveRefused: (status: string, action: string) =>
    `Não é possível "${action}" uma ordem de serviço com status "${status}".`,
  moveNotYours: 'Você não tem permissão para esta etapa da ordem de serviço.',
  stale: 'A ordem de serviço mudou desde que foi aberta. Atualize a tela e tente de novo.',
  notEditable: 'A ordem de serviço já foi entregue ou devolvida e não pode mais ser alterada.',
  warrantyDaysInvalid: `Informe de ${REPAIR_WARRANTY_DAYS_RANGE.min} a ${REPAIR_WARRANTY_DAYS_RANGE.max} dias de garantia.`,
  technicianInvalid: 'O técnico precisa ser um funcionário ativo com a função Técnico.',
  statusTokenInvalid: 'Link de acompanhamento inválido.',
  devicePasswordNone: 'Esta ordem de serviço não tem senha ou padrão de desbloqueio guardado.',
  devicePasswordErased: 'A senha ou padrão de desbloqueio foi apagado na saída do aparelho.',
  devicePasswordUnreadable:
    'A senha ou padrão guardado não pode ser aberto: foi guardado com outra chave do servidor. Peça ao cliente de novo.',
  tooManyRequests: 'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente de novo.',
  queryInvalid: 'Filtro inválido.',
  /** The bill's history note and the ledger rows' note. */
  billNote: (number: number) => `Reparo: ordem de serviço OS ${number}`,
  billHandedOverNote: (number: number) => `Aparelho da OS ${number} entregue ao cliente`,
  billUnpaid: (code: string, status: string) =>
    `O pagamento do reparo (pedido ${code}, ${status}) ainda não foi confirmado: o aparelho só sai depois dele.`,
  partsNote: (number: number) => `Peças da OS ${number}`,
  receiptTitle: 'Ordem de serviço',
  receiptFooter: (at: string) => `Emitido em ${at}. Acompanhe o reparo pelo QR code, sem login.`,
  /** The bell. */
  lateTitle: 'Ordem de serviço atrasada',
  lateBody: (number: number, customer: string, date: string) =>
    `OS ${number} de ${customer}: prevista para ${date}, ainda não está pronta.`,
  warrantyCovers: (source: RepairWarrantySource, until: string) =>
    source === 'SALE'
      ? `Em garantia da nossa venda até ${until}: sem custo para o cliente.`
      : `Em garantia de reparo anterior até ${until}: sem custo para o cliente.`,
} as const;

/** What the customer reads at each status (the public page, the WhatsApp message), without internal words. */
export const REPAIR_CUSTOMER_PHRASES: Record<RepairStatus, string> = {
  RECEIVED: 'Recebemos o seu aparelho.',
  DIAGNOSIS: 'O seu aparelho está em diagnóstico.',
  AWAITING_APPROVAL: 'O orçamento do reparo está pronto e aguarda a sua aprovação.',
  APPROVED: 'Orçamento aprovado: o reparo vai começar.',
  REFUSED: 'Orçamento recusado: o aparelho aguarda a retirada.',
  IN_REPAIR: 'O seu aparelho está em reparo.',
  READY: 'O seu aparelho está pronto para retirada.',
  DELIVERED: 'Aparelho entregue. Obrigado!',
  RETURNED: 'Aparelho devolvido sem reparo.',
};

// ---------- schemas ----------

const text = (max: number, message: string) => z.string().trim().max(max, message);
const amountSchema = z
  .number({ error: REPAIR_TEXTS.amountInvalid })
  .min(0, REPAIR_TEXTS.amountInvalid)
  .max(REPAIR_LIMITS.maxAmount, REPAIR_TEXTS.amountInvalid)
  .refine(hasTwoDecimals, REPAIR_TEXTS.amountInvalid);
const daySchema = calendarDaySchema(REPAIR_TEXTS.dateInvalid);
const photoSchema = z.string({ error: REPAIR_TEXTS.photoInvalid }).min(1, REPAIR_TEXTS.photoInvalid);

export const repairImeiSchema = z
  .string({ error: REPAIR_TEXTS.imeiInvalid })
  .trim()
  .refine(isValidImei, REPAIR_TEXTS.imeiInvalid);

export const repairChecklistItemSchema = z.strictObject(
  { item: z.string().trim().min(1).max(REPAIR_LIMITS.shortText), ok: z.boolean() },
  { error: REPAIR_TEXTS.checklistItemInvalid },
);

/** Body of POST /repairs: the service order as the counter opens it. */
export const repairCreateBodySchema = z.strictObject({
  customerId: idSchema(REPAIR_TEXTS.customerInvalid),
  imei: repairImeiSchema,
  model: text(REPAIR_LIMITS.shortText, REPAIR_TEXTS.shortTextTooLong).min(1, REPAIR_TEXTS.modelRequired),
  /** The device's password or unlock pattern: kept hidden (never answered), erased when the device leaves. */
  devicePassword: text(REPAIR_LIMITS.shortText, REPAIR_TEXTS.shortTextTooLong).optional(),
  problem: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).min(1, REPAIR_TEXTS.problemRequired),
  /** Condition on arrival: a checklist (screen, buttons, camera…) and free notes. */
  checklist: z.array(repairChecklistItemSchema).max(REPAIR_LIMITS.checklist, REPAIR_TEXTS.checklistTooLong).default([]),
  conditionNotes: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  accessories: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  /** Photos of the device on arrival, base64 JPEG/PNG/WebP. */
  photos: z.array(photoSchema).max(REPAIR_LIMITS.photos, REPAIR_TEXTS.photosTooMany).default([]),
  /** The estimated date, YYYY-MM-DD (a business day). */
  estimatedDate: daySchema,
  /** The technician in charge (function Técnico), if known now. */
  technicianId: idSchema(REPAIR_TEXTS.technicianInvalid).nullish(),
});
export type RepairCreateBody = z.input<typeof repairCreateBodySchema>;

/** Body of PATCH /repairs/{id}: what the counter may correct while the device is with us (absent: unchanged). */
export const repairUpdateBodySchema = z.strictObject({
  expectedUpdatedAt: z.iso.datetime({ offset: true }).optional(),
  model: text(REPAIR_LIMITS.shortText, REPAIR_TEXTS.shortTextTooLong).min(1, REPAIR_TEXTS.modelRequired).optional(),
  problem: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).min(1, REPAIR_TEXTS.problemRequired).optional(),
  accessories: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  conditionNotes: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  estimatedDate: daySchema.optional(),
  technicianId: idSchema(REPAIR_TEXTS.technicianInvalid).nullable().optional(),
});
export type RepairUpdateBody = z.input<typeof repairUpdateBodySchema>;

export const repairPartInputSchema = z.strictObject(
  {
    productId: idSchema(REPAIR_TEXTS.partInvalid),
    quantity: z.number().int().min(1).max(REPAIR_LIMITS.partQuantity),
    /** The part's price to the customer; absent: the product's list price. */
    unitPrice: amountSchema.optional(),
  },
  { error: REPAIR_TEXTS.partInvalid },
);

/** Repair payment methods: what the counter takes for a repair's bill (no sale on credit). */
export const REPAIR_PAYMENT_METHODS = PAYMENT_METHODS.filter((m) => m !== 'CREDIT') as readonly (
  | 'CASH'
  | 'BANK_TRANSFER'
  | 'PIX'
  | 'CARD'
)[];

/** Body of a move (POST /repairs/{id}/{action}). */
export const repairMoveBodySchema = z.strictObject({
  /** The status the screen saw: a move from another one is refused (409 STALE_DATA). */
  expectedStatus: z.enum(REPAIR_STATUSES).optional(),
  note: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  /** sendEstimate: the diagnosis, the parts from stock and the labour (reais). */
  diagnosis: text(REPAIR_LIMITS.text, REPAIR_TEXTS.textTooLong).optional(),
  parts: z
    .array(repairPartInputSchema)
    .max(REPAIR_LIMITS.parts, REPAIR_TEXTS.partsTooMany)
    .refine((parts) => new Set(parts.map((p) => p.productId)).size === parts.length, REPAIR_TEXTS.partRepeated)
    .optional(),
  labour: amountSchema.optional(),
  /** approve: how the customer pays the bill (not for a repair under warranty). */
  payment: z.enum(REPAIR_PAYMENT_METHODS, { error: REPAIR_TEXTS.paymentInvalid }).optional(),
  /** deliver: the customer's signature, base64 PNG. */
  signature: photoSchema.optional(),
});
export type RepairMoveBody = z.input<typeof repairMoveBodySchema>;

export const repairSettingsBodySchema = z.strictObject({
  warrantyDays: z
    .number({ error: REPAIR_TEXTS.warrantyDaysInvalid })
    .int(REPAIR_TEXTS.warrantyDaysInvalid)
    .min(REPAIR_WARRANTY_DAYS_RANGE.min, REPAIR_TEXTS.warrantyDaysInvalid)
    .max(REPAIR_WARRANTY_DAYS_RANGE.max, REPAIR_TEXTS.warrantyDaysInvalid),
});
export const repairSettingsSchema = z.object({ data: z.object({ warrantyDays: z.number().int() }) });

/** GET /repairs: the lists (open by status, late, a technician's, by IMEI) and their paging. */
export const repairListQuerySchema = z.object({
  status: z.enum(REPAIR_STATUSES, { error: REPAIR_TEXTS.queryInvalid }).optional(),
  /** true: only the open ones past their estimated date. */
  late: z
    .enum(['true', 'false'], { error: REPAIR_TEXTS.queryInvalid })
    .transform((v) => v === 'true')
    .optional(),
  /** true: the final ones too (delivered, returned). */
  all: z
    .enum(['true', 'false'], { error: REPAIR_TEXTS.queryInvalid })
    .transform((v) => v === 'true')
    .optional(),
  technicianId: z.coerce.number({ error: REPAIR_TEXTS.queryInvalid }).int().positive().max(2_147_483_647).optional(),
  imei: z
    .string()
    .regex(/^\d{15}$/, REPAIR_TEXTS.imeiInvalid)
    .optional(),
  /** The customer's name or the model (every word), the service order's number, or the start of an IMEI. */
  search: z.string().trim().max(80, REPAIR_TEXTS.queryInvalid).optional(),
  page: z.coerce.number({ error: REPAIR_TEXTS.queryInvalid }).int().min(0).max(1_000_000).default(0),
  items: z.coerce.number({ error: REPAIR_TEXTS.queryInvalid }).int().min(1).max(REPAIR_LIMITS.page).default(20),
});
export type RepairListQuery = z.input<typeof repairListQuerySchema>;

export const repairPartSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** What one unit cost the shop (a repair under warranty: the warranty's cost). */
  unitCost: z.number(),
  total: z.number(),
});

export const repairSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(REPAIR_STATUSES),
  statusLabel: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  imei: z.string(),
  model: z.string(),
  problem: z.string(),
  technician: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  estimatedDate: z.string(),
  late: z.boolean(),
  total: z.number(),
  underWarranty: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RepairSummary = z.infer<typeof repairSummarySchema>;

export const repairSchema = repairSummarySchema.extend({
  /** Whether a password or pattern is kept (the value itself only by GET /repairs/{id}/device-password, audited). */
  hasDevicePassword: z.boolean(),
  checklist: z.array(z.object({ item: z.string(), ok: z.boolean() })),
  conditionNotes: z.string().nullable(),
  accessories: z.string().nullable(),
  /** Signed links to the arrival photos and the delivery signature. */
  photos: z.array(z.string()),
  signature: z.string().nullable(),
  diagnosis: z.string().nullable(),
  parts: z.array(repairPartSchema),
  labour: z.number(),
  partsTotal: z.number(),
  /** Whose warranty covers it (the customer pays nothing), and until when. */
  warranty: z.object({ source: z.enum(REPAIR_WARRANTY_SOURCES), until: z.iso.datetime() }).nullable(),
  /**
   * The order that bills the repair (approval of a paid repair): how it is paid and what it still asks at the
   * counter (reais; its total less its confirmed parts): the delivery dialog's 'Receber R$ 500,00 em dinheiro'.
   */
  order: z
    .object({ id: z.number().int(), code: z.string(), paymentMethod: z.enum(PAYMENT_METHODS), due: z.number() })
    .nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** The repair's own warranty (from the delivery, the setting's days). */
  repairWarrantyEndsAt: z.iso.datetime().nullable(),
  statusUrl: z.string(),
  whatsAppLink: z.string().nullable(),
  actions: z.array(z.enum(REPAIR_ACTIONS)),
  history: z.array(
    z.object({
      status: z.enum(REPAIR_STATUSES),
      statusLabel: z.string(),
      at: z.iso.datetime(),
      employee: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type Repair = z.infer<typeof repairSchema>;

export const repairResponseSchema = z.object({ data: repairSchema });

/** GET /repairs/{id}/device-password: the password or pattern left, for the technician and the counter (audited). */
export const repairDevicePasswordSchema = z.object({ devicePassword: z.string() });
export type RepairDevicePassword = z.infer<typeof repairDevicePasswordSchema>;
export const repairDevicePasswordResponseSchema = z.object({ data: repairDevicePasswordSchema });
export const repairListSchema = z.object({ data: z.array(repairSummarySchema), total: z.number().int() });

/** GET /repairs/status/{token}: the public page — only the status and its dates, nothing about the person. */
export const repairPublicStatusSchema = z.object({
  number: z.number().int(),
  status: z.enum(REPAIR_STATUSES),
  statusLabel: z.string(),
  message: z.string(),
  receivedAt: z.iso.datetime(),
  estimatedDate: z.string(),
  updatedAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  warrantyEndsAt: z.iso.datetime().nullable(),
  history: z.array(z.object({ status: z.enum(REPAIR_STATUSES), statusLabel: z.string(), at: z.iso.datetime() })),
  /** Who to call about it (issue 54): the shop's name, phone (digits, DDD first) and address, null when not set. */
  shop: z.object({ name: z.string().nullable(), phone: z.string().nullable(), address: z.string().nullable() }),
});
export type RepairPublicStatus = z.infer<typeof repairPublicStatusSchema>;

/** The token of the public page: 32 URL-safe random characters (192 bits), nothing to guess from. */
export const REPAIR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** The path's token: any short text, so that a malformed one counts as a miss of the page's limit (404 like a guess). */
export const repairTokenParamSchema = z.object({ token: z.string().max(200, REPAIR_TEXTS.statusTokenInvalid) });

/** A device's repair warranties by IMEI (also for a phone that is not one of our units). */
export const repairWarrantySchema = z.object({
  repairId: z.number().int(),
  number: z.number().int(),
  model: z.string(),
  deliveredAt: z.iso.datetime(),
  warrantyEndsAt: z.iso.datetime(),
  warrantyDaysLeft: z.number().int(),
});
export type RepairWarranty = z.infer<typeof repairWarrantySchema>;
export const repairWarrantiesSchema = z.object({ data: z.array(repairWarrantySchema) });

/** The CSV export's columns. */
export const REPAIR_CSV_HEADERS = [
  'OS',
  'Situação',
  'Cliente',
  'IMEI',
  'Aparelho',
  'Técnico',
  'Entrada',
  'Previsão',
  'Atrasada',
  'Custo em garantia',
  'Peças',
  'Mão de obra',
  'Total',
] as const;

/** An instant as DD/MM/YYYY in the business's zone. */
export const repairDate = (at: Date | string) => formatBusinessDate(new Date(at));

/** GET /repairs/parts and /repairs/customers: what the estimate's and the service order's pickers search. */
export const repairLookupQuerySchema = z.object({
  search: z.string().trim().max(REPAIR_LIMITS.shortText).default(''),
});
/** A part the estimate may take: a product that is not a phone, not archived, with its list price and stock. */
export const repairPartOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  price: z.number(),
  stock: z.number().int(),
});
export type RepairPartOption = z.infer<typeof repairPartOptionSchema>;
/** A customer the service order may be opened for. */
export const repairCustomerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  document: z.string(),
});
export type RepairCustomerOption = z.infer<typeof repairCustomerOptionSchema>;

/** GET /repairs/report: the repair counter month by month (business time). */
export const repairReportRowSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Service orders opened in the month. */
  received: z.number().int(),
  /** Devices delivered repaired in the month. */
  delivered: z.number().int(),
  /** Of those, what the customers paid (labour and parts, reais) and what those parts cost the shop. */
  billed: z.number(),
  partsCost: z.number(),
  /** Of those, the repairs under our sale's or an earlier repair's warranty, and what their parts cost the shop. */
  warranty: z.number().int(),
  warrantyCost: z.number(),
});
export type RepairReportRow = z.infer<typeof repairReportRowSchema>;
export const repairReportSchema = z.object({ data: z.array(repairReportRowSchema) });

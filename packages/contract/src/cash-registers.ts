import { z } from 'zod';
import { idSchema } from './ids';
import { labelledValues } from './labelled-values';
import { centsToReais, hasTwoDecimals } from './money';
import { pagedSchema } from './paging';

/**
 * The cash drawer ('Caixa', issue 40 §3, decision 0053). A register ('Caixa balcão 1') is opened by an operator
 * with a float, receives the cash the shop takes in while it is open, and is closed with the amount counted.
 * One session open per register and per operator; a session is its operator's own. The one place these rules
 * are written: the server keeps them and the web shows them.
 */

/**
 * What moves a session's cash. In: the float (the session's own field, not an entry), SALE (a counter sale paid
 * in cash), SETTLEMENT (a courier's 'acerto'), INSTALMENT (an instalment paid in cash: the receivables, issue 40
 * §2), TOP_UP ('suprimento'). Out: REMOVAL ('sangria', reason required), REFUND (cash given back for a sale),
 * TRADE_IN (a used phone bought) and SUPPLIER_PAYMENT (a supplier's note paid on the spot in cash, decision 0090).
 */
export const CASH_ENTRY_KIND_LABELS = {
  SALE: 'Venda em dinheiro',
  SETTLEMENT: 'Acerto de motoboy',
  INSTALMENT: 'Parcela recebida',
  TOP_UP: 'Suprimento',
  REMOVAL: 'Sangria',
  REFUND: 'Devolução em dinheiro',
  TRADE_IN: 'Compra de aparelho usado',
  SUPPLIER_PAYMENT: 'Nota de fornecedor paga no ato',
};
export const CASH_ENTRY_KINDS = labelledValues(CASH_ENTRY_KIND_LABELS);
export type CashEntryKind = (typeof CASH_ENTRY_KINDS)[number];

/** The kinds that take cash out of the drawer. */
export const CASH_OUT_KINDS: readonly CashEntryKind[] = ['REMOVAL', 'REFUND', 'TRADE_IN', 'SUPPLIER_PAYMENT'];

/** What each kind leaving the drawer is called in a refusal ('A sangria passa do dinheiro esperado…'). */
const CASH_OUT_SUBJECTS: Partial<Record<CashEntryKind, string>> = {
  REMOVAL: 'A sangria',
  REFUND: 'A devolução em dinheiro',
  TRADE_IN: 'O pagamento do aparelho usado',
  SUPPLIER_PAYMENT: 'O pagamento da nota do fornecedor',
};

/** The kinds an operator types on the register's screen; the others come from sales, settlements and instalments. */
export const TYPED_CASH_ENTRY_KINDS = ['TOP_UP', 'REMOVAL'] as const;
export type TypedCashEntryKind = (typeof TYPED_CASH_ENTRY_KINDS)[number];

export function isCashOut(kind: CashEntryKind): boolean {
  return CASH_OUT_KINDS.includes(kind);
}

/**
 * What the drawer should hold, in cents: the float plus every entry in, less every entry out. Float 200,00 +
 * cash sales 1.350,00 + a courier's cash 480,00 + top-up 50,00 − removal 1.000,00 = R$ 1.080,00.
 */
export function expectedCashCents(
  floatCents: number,
  entries: readonly { kind: CashEntryKind; amountCents: number }[],
): number {
  return entries.reduce(
    (sum, entry) => sum + (isCashOut(entry.kind) ? -entry.amountCents : entry.amountCents),
    floatCents,
  );
}

/** A session's closing: the difference (counted − expected; negative when cash is missing) and what it needs. */
export interface CashClosing {
  expectedCents: number;
  countedCents: number;
  differenceCents: number;
  /** Any difference needs a reason. */
  needsReason: boolean;
  /** A difference above the tolerance (either way) needs a manager's approval. */
  needsApproval: boolean;
}

export function cashClosing(expectedCents: number, countedCents: number, toleranceCents: number): CashClosing {
  const differenceCents = countedCents - expectedCents;
  return {
    expectedCents,
    countedCents,
    differenceCents,
    needsReason: differenceCents !== 0,
    needsApproval: Math.abs(differenceCents) > toleranceCents,
  };
}

/** A session's state: OPEN (receiving), CLOSED (counted; no approval needed or approved), PENDING_APPROVAL. */
export const CASH_SESSION_STATUS_LABELS = {
  OPEN: 'Aberto',
  PENDING_APPROVAL: 'Diferença aguardando aprovação',
  CLOSED: 'Fechado',
};
export const CASH_SESSION_STATUSES = labelledValues(CASH_SESSION_STATUS_LABELS);
export type CashSessionStatus = (typeof CASH_SESSION_STATUSES)[number];

/** The shop's drawer settings: the difference a closing may have without approval (R$ 0,00 unless set). */
export const DEFAULT_CASH_TOLERANCE_CENTS = 0;
/** The largest float, entry or count, in reais (R$ 1 milhão). */
export const CASH_MAX_AMOUNT = 1_000_000;
export const CASH_SESSION_PAGE_SIZE = 20;

export const CASH_TEXTS = {
  title: 'Caixa',
  registerNotFound: 'Caixa não encontrado.',
  sessionNotFound: 'Sessão de caixa não encontrada.',
  idInvalid: 'Número de caixa inválido.',
  nameInvalid: 'Informe o nome do caixa (1 a 60 caracteres).',
  nameTaken: (name: string) => `Já existe um caixa chamado ${name}.`,
  amountInvalid: 'Informe um valor com no máximo duas casas decimais.',
  positiveInvalid: 'Informe um valor maior que zero, com no máximo duas casas decimais.',
  amountTooHigh: 'Valor alto demais.',
  kindInvalid: "Tipo de lançamento inválido: use 'TOP_UP' (suprimento) ou 'REMOVAL' (sangria).",
  reasonInvalid: 'Informe o motivo (3 a 300 caracteres).',
  reasonRequired: 'Informe o motivo.',
  removalReasonRequired: 'Informe o motivo da sangria.',
  /** A sangria deposited in the bank (decision 0099). */
  depositAccount: 'Depositado na conta (opcional)',
  depositNone: 'Não é depósito bancário',
  depositReason: 'Depósito bancário',
  depositHelp: 'Escolha a conta se o dinheiro vai ao banco: a conciliação bancária o espera nela.',
  depositOnlyRemoval: 'Só uma sangria pode ser depósito bancário.',
  depositAccountInvalid: 'Conta bancária do depósito inválida.',
  depositAccountNotFound: 'Conta bancária do depósito não encontrada ou desativada.',
  depositTo: (account: string) => `Depositado em ${account}`,
  differenceReasonRequired: 'Há diferença entre o contado e o esperado: informe o motivo.',
  inactive: (name: string) => `O ${name} está desativado.`,
  activeInvalid: "Informe se o caixa está ativo ('active': true ou false).",
  nothingToChange: 'Informe o novo nome do caixa ou se ele está ativo.',
  deactivateOpen: (name: string, operator: string) =>
    `O ${name} está aberto por ${operator}: feche-o antes de desativá-lo.`,
  alreadyOpen: (name: string, operator: string) => `O ${name} já está aberto por ${operator}.`,
  operatorHasOpen: (name: string) => `Você já tem um caixa aberto: ${name}. Feche-o antes de abrir outro.`,
  notOpen: (name: string) => `O ${name} está fechado: abra-o antes de lançar.`,
  notYours: (name: string, operator: string) => `O ${name} está aberto por ${operator}: só ele lança nele.`,
  notYourRegister: 'O caixa escolhido não está aberto por você.',
  keyReused: 'Esta chave (Idempotency-Key) já foi usada em outro caixa.',
  openRequired: 'Abra o seu caixa para receber dinheiro.',
  /** Cash leaving the drawer (a removal, cash given back, a used phone paid in cash) above what it should hold. */
  outAboveCash: (kind: CashEntryKind, available: string) =>
    `${CASH_OUT_SUBJECTS[kind] ?? 'A saída'} passa do dinheiro esperado no caixa (${available}).`,
  /** The same refusal to an operator counting blind (decision 0078): the amount is not told. */
  outAboveCashBlind: (kind: CashEntryKind) =>
    `${CASH_OUT_SUBJECTS[kind] ?? 'A saída'} passa do dinheiro esperado no caixa: confira a gaveta com o gerente.`,
  notPending: 'Esta sessão não tem diferença aguardando aprovação.',
  ownApproval: 'Você não pode aprovar a diferença do seu próprio caixa.',
  closerApproval: 'Quem contou e fechou o caixa não pode aprovar a própria diferença.',
  approvalForbidden: 'Só quem tem Crédito e cobrança aprova a diferença de um caixa.',
  toleranceInvalid: 'Informe a tolerância em reais, de 0,00 a 1.000,00.',
  opened: (name: string) => `${name} aberto.`,
  closed: (name: string) => `${name} fechado.`,
  closedPending: (name: string) => `${name} fechado: a diferença aguarda a aprovação de um gerente.`,
  approved: 'Diferença aprovada.',
  created: (name: string) => `${name} criado.`,
  updated: (name: string) => `${name} salvo.`,
  /** The closing report (PDF). */
  reportTitle: 'Fechamento de caixa',
} as const;

const money = (min: 'zero' | 'positive') =>
  z
    .number({ error: min === 'zero' ? CASH_TEXTS.amountInvalid : CASH_TEXTS.positiveInvalid })
    .min(0, CASH_TEXTS.amountInvalid)
    .refine((value) => min === 'zero' || value > 0, CASH_TEXTS.positiveInvalid)
    .max(CASH_MAX_AMOUNT, CASH_TEXTS.amountTooHigh)
    .refine(hasTwoDecimals, CASH_TEXTS.amountInvalid);

const reasonSchema = z
  .string({ error: CASH_TEXTS.reasonInvalid })
  .trim()
  .max(300, CASH_TEXTS.reasonInvalid)
  .refine((value) => value === '' || value.length >= 3, CASH_TEXTS.reasonInvalid)
  .transform((value) => value || null);

const registerName = z
  .string({ error: CASH_TEXTS.nameInvalid })
  .trim()
  .min(1, CASH_TEXTS.nameInvalid)
  .max(60, CASH_TEXTS.nameInvalid);

/** Body of POST /cash-registers: a new register. */
export const cashRegisterCreateBodySchema = z.strictObject({ name: registerName });

/** Body of PATCH /cash-registers/{id}: a new name, active or not (a closed register only is deactivated). */
export const cashRegisterUpdateBodySchema = z
  .strictObject({
    name: registerName.optional(),
    active: z.boolean({ error: CASH_TEXTS.activeInvalid }).optional(),
  })
  .refine((body) => body.name !== undefined || body.active !== undefined, CASH_TEXTS.nothingToChange);
export type CashRegisterUpdate = z.infer<typeof cashRegisterUpdateBodySchema>;

/** Body of POST /cash-registers/{id}/open: the float (troco inicial) in reais, 0 allowed. */
export const cashOpenBodySchema = z.strictObject({ float: money('zero') });

/** Body of POST /cash-registers/{id}/entries: a top-up or a removal typed by the operator. */
export const cashEntryBodySchema = z
  .strictObject({
    kind: z.enum(TYPED_CASH_ENTRY_KINDS, { error: CASH_TEXTS.kindInvalid }),
    amount: money('positive'),
    reason: reasonSchema.nullable().optional(),
    /** A sangria deposited in the bank: the shop's account it goes to (decision 0099). */
    depositAccountId: z
      .number({ error: CASH_TEXTS.depositAccountInvalid })
      .int(CASH_TEXTS.depositAccountInvalid)
      .positive(CASH_TEXTS.depositAccountInvalid)
      .nullable()
      .optional(),
  })
  .refine((body) => body.kind !== 'REMOVAL' || !!body.reason, {
    error: CASH_TEXTS.removalReasonRequired,
    path: ['reason'],
  })
  .refine((body) => body.kind === 'REMOVAL' || body.depositAccountId == null, {
    error: CASH_TEXTS.depositOnlyRemoval,
    path: ['depositAccountId'],
  });
export type CashEntryBody = z.input<typeof cashEntryBodySchema>;

/** Body of POST /cash-registers/{id}/close: the amount counted, and the reason of a difference. */
export const cashCloseBodySchema = z.strictObject({
  counted: money('zero'),
  reason: reasonSchema.nullable().optional(),
});
export type CashCloseBody = z.input<typeof cashCloseBodySchema>;

/** Body of POST /cash-registers/sessions/{id}/approve: an optional note of the approver. */
export const cashApproveBodySchema = z.strictObject({ note: reasonSchema.nullable().optional() });

/** Body of PUT /cash-registers/settings. */
export const cashSettingsSchema = z.strictObject({
  tolerance: z
    .number({ error: CASH_TEXTS.toleranceInvalid })
    .min(0, CASH_TEXTS.toleranceInvalid)
    .max(1000, CASH_TEXTS.toleranceInvalid)
    .refine(hasTwoDecimals, CASH_TEXTS.toleranceInvalid),
});
export type CashSettings = z.infer<typeof cashSettingsSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const cashEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CASH_ENTRY_KINDS),
  /** Reais, always positive: the kind says whether it came in or went out. */
  amount: z.number(),
  reason: z.string().nullable(),
  /** The order of a counter sale or refund. */
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  /** The courier run of a settlement. */
  runId: z.number().int().nullable(),
  /** A sangria deposited in the bank: the shop's account (decision 0099); null otherwise. */
  depositAccount: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  employee: person,
  createdAt: z.string(),
});
export type CashEntry = z.infer<typeof cashEntrySchema>;

/** A session's sums by kind, in reais, and what the drawer should hold now (or held at its closing). */
export const cashTotalsSchema = z.object({
  float: z.number(),
  byKind: z.record(z.enum(CASH_ENTRY_KINDS), z.number()),
  in: z.number(),
  out: z.number(),
  /**
   * 'Esperado no caixa'. Absent while the session is open for a reader without the permission that approves drawer
   * differences: the operator counts blind (issue 54 §9, decision 0078).
   */
  expected: z.number().optional(),
});
export type CashTotals = z.infer<typeof cashTotalsSchema>;

export const cashSessionSchema = z.object({
  id: z.number().int(),
  register: person,
  operator: person,
  status: z.enum(CASH_SESSION_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  totals: cashTotalsSchema,
  counted: z.number().nullable(),
  /** counted − expected: negative when cash is missing. */
  difference: z.number().nullable(),
  closeReason: z.string().nullable(),
  closedBy: person.nullable(),
  approvedBy: person.nullable(),
  approvedAt: z.string().nullable(),
  approvalNote: z.string().nullable(),
});
export type CashSession = z.infer<typeof cashSessionSchema>;

export const cashSessionDetailsSchema = cashSessionSchema.extend({ entries: z.array(cashEntrySchema) });
export type CashSessionDetails = z.infer<typeof cashSessionDetailsSchema>;

export const cashRegisterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** The open session, with its totals so far; null when the register is closed. */
  openSession: cashSessionSchema.nullable(),
  /** When the last session was closed, null if never. */
  lastClosedAt: z.string().nullable(),
});
export type CashRegister = z.infer<typeof cashRegisterSchema>;

/** GET /cash-registers: the registers, the caller's open session, the sessions waiting for approval, the tolerance. */
export const cashOverviewSchema = z.object({
  registers: z.array(cashRegisterSchema),
  /** The caller's open session id, null when he has none. */
  mySessionId: z.number().int().nullable(),
  pendingApprovals: z.number().int(),
  tolerance: z.number(),
});
export type CashOverview = z.infer<typeof cashOverviewSchema>;

export const CASH_SESSION_FILTERS = ['open', 'pending', 'closed'] as const;
export type CashSessionFilter = (typeof CASH_SESSION_FILTERS)[number];

export const cashSessionsQuerySchema = z.object({
  registerId: z.coerce.number().int().positive().optional(),
  status: z.enum(CASH_SESSION_FILTERS).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(CASH_SESSION_PAGE_SIZE),
});
export type CashSessionsQuery = z.infer<typeof cashSessionsQuerySchema>;

export const cashSessionPageSchema = pagedSchema(cashSessionSchema);
export type CashSessionPage = z.infer<typeof cashSessionPageSchema>;

export const cashIdParamsSchema = z.object({ id: idSchema(CASH_TEXTS.idInvalid) });

/** The totals of a session from its float and entries (cents in, reais out). */
export function cashTotals(
  floatCents: number,
  entries: readonly { kind: CashEntryKind; amountCents: number }[],
): CashTotals {
  const byKind = Object.fromEntries(CASH_ENTRY_KINDS.map((kind) => [kind, 0])) as Record<CashEntryKind, number>;
  let inCents = 0;
  let outCents = 0;
  for (const entry of entries) {
    byKind[entry.kind] += entry.amountCents;
    if (isCashOut(entry.kind)) outCents += entry.amountCents;
    else inCents += entry.amountCents;
  }
  return {
    float: centsToReais(floatCents),
    byKind: Object.fromEntries(CASH_ENTRY_KINDS.map((kind) => [kind, centsToReais(byKind[kind])])) as Record<
      CashEntryKind,
      number
    >,
    in: centsToReais(inCents),
    out: centsToReais(outCents),
    expected: centsToReais(expectedCashCents(floatCents, entries)),
  };
}

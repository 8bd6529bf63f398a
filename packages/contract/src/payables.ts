import { z } from 'zod';
import { calendarDaySchema } from './calendar-day';
import { DEBT_STATUSES, DEBT_WEEK_DAYS, type DebtStatus } from './debt-situation';
import { digitsParamSchema, idSchema } from './ids';
import { labelledValues } from './labelled-values';
import { hasTwoDecimals } from './money';
import { pagedSchema } from './paging';

/**
 * Bills to pay ('Contas a pagar', issue 39 §3 and §4, decision 0047). A bill is what the shop owes someone on
 * a day: an instalment of a supplier's note, or a bill typed by hand (rent, fuel…) with a category. It is paid
 * by one or more payments (partial payments), each of which may be undone with a reason; what is open is the
 * amount less the payments not undone. A credit from a supplier (a phone sent back) is a negative bill: the
 * supplier owes the shop; it is settled the same way (a payment received back, or 'Compensação').
 */

export const PAYABLE_CATEGORY_LABELS = {
  COMPRA: 'Compra de mercadoria',
  DEVOLUCAO: 'Crédito de devolução',
  ALUGUEL: 'Aluguel',
  COMBUSTIVEL: 'Combustível',
  FRETE: 'Frete e entregas',
  SALARIOS: 'Salários',
  IMPOSTOS: 'Impostos',
  SERVICOS: 'Serviços',
  TARIFAS: 'Tarifas bancárias',
  OUTROS: 'Outros',
};
export const PAYABLE_CATEGORIES = labelledValues(PAYABLE_CATEGORY_LABELS);
export type PayableCategory = (typeof PAYABLE_CATEGORIES)[number];

/** The categories a bill typed by hand may have ('Crédito de devolução' comes only from a return). */
export const TYPED_PAYABLE_CATEGORIES = PAYABLE_CATEGORIES.filter((c) => c !== 'DEVOLUCAO');

export const PAYABLE_PAYMENT_METHOD_LABELS = {
  PIX: 'Pix',
  BOLETO: 'Boleto',
  TRANSFERENCIA: 'Transferência',
  DINHEIRO: 'Dinheiro',
  CARTAO: 'Cartão',
  CHEQUE: 'Cheque',
  COMPENSACAO: 'Compensação',
};
export const PAYABLE_PAYMENT_METHODS = labelledValues(PAYABLE_PAYMENT_METHOD_LABELS);
export type PayablePaymentMethod = (typeof PAYABLE_PAYMENT_METHODS)[number];

/** A bill's situation on the business's today (`debtStatus`): OVERDUE is OPEN past its due day. */
export const PAYABLE_STATUSES = DEBT_STATUSES;
export type PayableStatus = DebtStatus;
export const PAYABLE_STATUS_LABELS: Record<PayableStatus, string> = {
  OPEN: 'Em aberto',
  OVERDUE: 'Vencida',
  PAID: 'Paga',
  CANCELED: 'Cancelada',
};

/**
 * The list's filters by situation (business time zone): open (every open bill), overdue (open, due before
 * today), dueToday (open, due today), dueThisWeek (open, due from today to today + 6: the dashboard's 'next
 * 7 days'), paid, canceled. None: every bill.
 */
export const PAYABLE_FILTERS = ['open', 'overdue', 'dueToday', 'dueThisWeek', 'paid', 'canceled'] as const;
export type PayableFilter = (typeof PAYABLE_FILTERS)[number];
export const PAYABLE_FILTER_LABELS: Record<PayableFilter, string> = {
  dueToday: 'Vencem hoje',
  dueThisWeek: 'Esta semana',
  overdue: 'Vencidas',
  open: 'Em aberto',
  paid: 'Pagas',
  canceled: 'Canceladas',
};

/** Days of 'A pagar nos próximos 7 dias' and of 'Esta semana': today and the 6 days after it. */
export const PAYABLE_WEEK_DAYS = DEBT_WEEK_DAYS;
export const PAYABLE_PAGE_SIZE = 25;
/** The largest bill or payment, in reais (R$ 100 milhões). */
export const PAYABLE_MAX_AMOUNT = 100_000_000;

export const PAYABLE_TEXTS = {
  notFound: 'Conta a pagar não encontrada.',
  idInvalid: 'Número de conta inválido.',
  paymentNotFound: 'Pagamento não encontrado nesta conta.',
  supplierNotFound: 'Fornecedor não encontrado.',
  supplierInvalid: 'Fornecedor inválido.',
  categoryInvalid: 'Categoria inválida.',
  descriptionInvalid: 'Informe a descrição da conta (1 a 300 caracteres).',
  documentNumberInvalid: 'Número do documento longo demais (até 60 caracteres).',
  dueDateInvalid: 'Informe o vencimento (data válida).',
  paidOnInvalid: 'Informe a data do pagamento (data válida).',
  paidOnFuture: 'A data do pagamento não pode ser depois de hoje.',
  amountInvalid: 'Informe um valor maior que zero, com até 2 casas decimais.',
  amountTooHigh: 'Valor alto demais.',
  methodInvalid: 'Forma de pagamento inválida.',
  accountInvalid: 'Conta de saída longa demais (até 100 caracteres).',
  /** 'Conta de saída' is one of the shop's accounts (Configurações, informações bancárias), active (issue 54 §8). */
  accountNotFound: 'Conta de saída não encontrada ou desativada: escolha uma das contas da empresa.',
  fineInvalid: 'Informe a multa em reais, zero ou mais, com até 2 casas decimais.',
  interestInvalid: 'Informe os juros em reais, zero ou mais, com até 2 casas decimais.',
  discountInvalid: 'Informe o desconto em reais, zero ou mais, com até 2 casas decimais.',
  discountAboveOpen: (open: string) => `O desconto passa do que está em aberto nesta conta (${open}).`,
  discountAbovePrincipal: 'O desconto não pode passar do valor pago da conta (principal).',
  noteInvalid: 'Observação longa demais (até 500 caracteres).',
  reasonInvalid: 'Informe o motivo (3 a 300 caracteres).',
  filterInvalid: 'Filtro de situação inválido.',
  periodInvalid: 'Período inválido: informe datas válidas, o início antes do fim.',
  noInstalments: 'Informe ao menos uma parcela.',
  creditNeedsSupplier: 'Um crédito precisa do fornecedor que o deve.',
  overpaid: (open: string) => `O valor passa do que está em aberto nesta conta (${open}).`,
  alreadyPaid: 'Esta conta já está paga.',
  canceled: 'Esta conta foi cancelada.',
  alreadyUndone: 'Este pagamento já foi desfeito.',
  cancelHasPayments: 'Esta conta tem pagamentos: desfaça-os antes de cancelar.',
  created: (id: number) => `Conta nº ${id} lançada.`,
  paid: 'Pagamento registrado.',
  undone: 'Pagamento desfeito.',
  canceledOne: (id: number) => `Conta nº ${id} cancelada.`,
} as const;

/** An amount in reais at the API edge: above zero, two decimals at most. */
export const payableAmountSchema = z
  .number({ error: PAYABLE_TEXTS.amountInvalid })
  .gt(0, PAYABLE_TEXTS.amountInvalid)
  .max(PAYABLE_MAX_AMOUNT, PAYABLE_TEXTS.amountTooHigh)
  .refine(hasTwoDecimals, PAYABLE_TEXTS.amountInvalid);

/** A charge or a discount of a payment, in reais: zero or more, two decimals at most (issue 54 §8). */
const extraSchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(PAYABLE_MAX_AMOUNT, PAYABLE_TEXTS.amountTooHigh)
    .refine(hasTwoDecimals, message)
    .optional();

const reasonSchema = z
  .string({ error: PAYABLE_TEXTS.reasonInvalid })
  .trim()
  .min(3, PAYABLE_TEXTS.reasonInvalid)
  .max(300, PAYABLE_TEXTS.reasonInvalid);

/** Body of POST /payables: a bill typed by hand. */
export const payableCreateBodySchema = z.object({
  supplierId: idSchema(PAYABLE_TEXTS.supplierNotFound).nullable().optional(),
  category: z.enum(TYPED_PAYABLE_CATEGORIES as [PayableCategory, ...PayableCategory[]], {
    error: PAYABLE_TEXTS.categoryInvalid,
  }),
  description: z
    .string({ error: PAYABLE_TEXTS.descriptionInvalid })
    .trim()
    .min(1, PAYABLE_TEXTS.descriptionInvalid)
    .max(300, PAYABLE_TEXTS.descriptionInvalid),
  documentNumber: z
    .string({ error: PAYABLE_TEXTS.documentNumberInvalid })
    .trim()
    .max(60, PAYABLE_TEXTS.documentNumberInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  dueDate: calendarDaySchema(PAYABLE_TEXTS.dueDateInvalid),
  amount: payableAmountSchema,
});
export type PayableCreateBody = z.input<typeof payableCreateBodySchema>;
export type PayableCreateInput = z.output<typeof payableCreateBodySchema>;

/**
 * Body of POST /payables/{id}/payments: one payment, full or partial. `amount` is the principal, what settles
 * the bill's open amount; `fine` (multa), `interest` (juros) and `discount` (desconto) are recorded beside it,
 * so what left the account is amount + fine + interest − discount (issue 54 §8). `accountId`: one of the shop's
 * active accounts ('Conta de saída'); `account`, free text, is still read from the calls before it.
 */
export const payablePaymentBodySchema = z.object({
  paidOn: calendarDaySchema(PAYABLE_TEXTS.paidOnInvalid),
  method: z.enum(PAYABLE_PAYMENT_METHODS, { error: PAYABLE_TEXTS.methodInvalid }),
  accountId: idSchema(PAYABLE_TEXTS.accountNotFound).nullable().optional(),
  fine: extraSchema(PAYABLE_TEXTS.fineInvalid),
  interest: extraSchema(PAYABLE_TEXTS.interestInvalid),
  discount: extraSchema(PAYABLE_TEXTS.discountInvalid),
  account: z
    .string({ error: PAYABLE_TEXTS.accountInvalid })
    .trim()
    .max(100, PAYABLE_TEXTS.accountInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  amount: payableAmountSchema,
  note: z
    .string({ error: PAYABLE_TEXTS.noteInvalid })
    .trim()
    .max(500, PAYABLE_TEXTS.noteInvalid)
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export type PayablePaymentBody = z.input<typeof payablePaymentBodySchema>;
export type PayablePaymentInput = z.output<typeof payablePaymentBodySchema>;

/** Body of POST /payables/{id}/payments/{paymentId}/undo and POST /payables/{id}/cancel. */
export const payableReasonBodySchema = z.object({ reason: reasonSchema });

export const payablePaymentSchema = z.object({
  id: z.number().int(),
  paidOn: z.string(),
  method: z.enum(PAYABLE_PAYMENT_METHODS),
  /** The account's name as it was when paid (or the free text of a payment before issue 54). */
  account: z.string().nullable(),
  /** The shop's account it left from (null: free text, or the account since removed). */
  accountId: z.number().int().nullable(),
  /** The principal: what settled of the bill. */
  amount: z.number(),
  fine: z.number(),
  interest: z.number(),
  discount: z.number(),
  /** What left the account: amount + fine + interest − discount. */
  total: z.number(),
  note: z.string().nullable(),
  employee: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  undoneBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  undoReason: z.string().nullable(),
});
export type PayablePayment = z.infer<typeof payablePaymentSchema>;

export const payableSchema = z.object({
  id: z.number().int(),
  supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  purchaseId: z.number().int().nullable(),
  category: z.enum(PAYABLE_CATEGORIES),
  description: z.string(),
  documentNumber: z.string().nullable(),
  dueDate: z.string(),
  /** Reais; negative: a credit the supplier owes the shop. */
  amount: z.number(),
  /** What the payments not undone add up to (reais, never negative). */
  paid: z.number(),
  /** What is left: amount less paid, with the amount's sign (a credit's is negative). */
  open: z.number(),
  isCredit: z.boolean(),
  status: z.enum(PAYABLE_STATUSES),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type Payable = z.infer<typeof payableSchema>;

/** GET /payables/accounts: the shop's active accounts a payment can leave from ('Conta de saída'). */
export const payableAccountSchema = z.object({ id: z.number().int(), name: z.string(), detail: z.string() });
export type PayableAccount = z.infer<typeof payableAccountSchema>;

export const payableDetailsSchema = payableSchema.extend({ payments: z.array(payablePaymentSchema) });
export type PayableDetails = z.infer<typeof payableDetailsSchema>;

export const payableListQuerySchema = z
  .object({
    status: z.enum(PAYABLE_FILTERS, { error: PAYABLE_TEXTS.filterInvalid }).optional(),
    /** Due from / to (inclusive), YYYY-MM-DD. */
    from: calendarDaySchema(PAYABLE_TEXTS.periodInvalid).optional(),
    to: calendarDaySchema(PAYABLE_TEXTS.periodInvalid).optional(),
    supplierId: digitsParamSchema(idSchema(PAYABLE_TEXTS.supplierInvalid), PAYABLE_TEXTS.supplierInvalid).optional(),
    category: z.enum(PAYABLE_CATEGORIES, { error: PAYABLE_TEXTS.categoryInvalid }).optional(),
    /** Words of the description, the document number or the supplier's name. */
    search: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(PAYABLE_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: PAYABLE_TEXTS.periodInvalid });
export type PayableListQuery = z.infer<typeof payableListQuerySchema>;
export type PayableListFilter = Omit<PayableListQuery, 'page' | 'pageSize'>;

export const payablePageSchema = pagedSchema(payableSchema).extend({
  /** Of every bill the filters match (not only the page's), in reais. */
  totals: z.object({ amount: z.number(), paid: z.number(), open: z.number() }),
});
export type PayablePage = z.infer<typeof payablePageSchema>;

/** The dashboard's 'A pagar nos próximos 7 dias': open bills due today to today + 6, and the overdue apart. */
export const payablesDueSchema = z.object({
  from: z.string(),
  to: z.string(),
  next7Days: z.object({ amount: z.number(), count: z.number().int() }),
  overdue: z.object({ amount: z.number(), count: z.number().int() }),
});
export type PayablesDue = z.infer<typeof payablesDueSchema>;

export const PAYABLE_CSV_HEADERS = [
  'Nº',
  'Fornecedor',
  'Categoria',
  'Descrição',
  'Documento',
  'Vencimento',
  'Valor',
  'Pago',
  'Em aberto',
  'Situação',
] as const;

import { z } from 'zod';
import { calendarDaySchema } from './calendar-day';
import { daysBetween, shiftDay } from './clock';
import { DEBT_STATUSES, type DebtStatus } from './debt-situation';
import { labelledValues } from './labelled-values';
import { divideHalfUp, hasTwoDecimals, splitCents } from './money';
import { PAYABLE_STATUS_LABELS } from './payables';

/**
 * Sales on credit (issue 40): what an instalment is and what it costs paid late. The one place these rules are
 * written; the server charges by them and the web shows them.
 */

/** The late charges' defaults (settings): a fine of 2 % once and interest of 1 % a month, as hundredths of a percent. */
export const LATE_CHARGE_DEFAULTS = { fineHundredths: 200, monthlyInterestHundredths: 100 } as const;

export interface LateChargeRates {
  /** The fine, once, in hundredths of a percent of the instalment (200 = 2 %). */
  fineHundredths: number;
  /** The interest of a month of 30 days, in hundredths of a percent (100 = 1 %), charged pro rata die. */
  monthlyInterestHundredths: number;
}

export interface AmountDue {
  /** Calendar days after the due day (0 on or before it). */
  daysLate: number;
  /** What is open of the instalment, the fine and the interest on it, and their sum: cents. */
  principalCents: number;
  fineCents: number;
  interestCents: number;
  totalCents: number;
}

/**
 * What an instalment's open `principalCents` due on `dueDay` asks when paid on `payDay`: nothing more on or before
 * its due day; after it, the fine once and interest of `monthlyInterestHundredths` a month of 30 days pro rata die
 * (1/30 of the month's rate a calendar day), each on the open principal and rounded half up to the cent.
 * R$ 2.000,00 due 10/12 paid 20/12: 2.000,00 + 40,00 + 6,67 = R$ 2.046,67.
 */
export function amountDue(
  principalCents: number,
  dueDay: string,
  payDay: string,
  rates: LateChargeRates = LATE_CHARGE_DEFAULTS,
): AmountDue {
  const daysLate = Math.max(0, daysBetween(dueDay, payDay));
  if (daysLate === 0 || principalCents <= 0)
    return { daysLate, principalCents, fineCents: 0, interestCents: 0, totalCents: principalCents };
  const principal = BigInt(principalCents);
  const fineCents = divideHalfUp(principal * BigInt(rates.fineHundredths), 10_000);
  const interestCents = divideHalfUp(principal * BigInt(rates.monthlyInterestHundredths) * BigInt(daysLate), 300_000);
  return { daysLate, principalCents, fineCents, interestCents, totalCents: principalCents + fineCents + interestCents };
}

/** A sale's total in `count` equal instalments, the cents left over on the last: R$ 100,00 in 3 = 33,33 + 33,33 + 33,34. */
export function splitInstalments(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  return splitCents(totalCents, count, 'last');
}

/** The due days of a sale's instalments, the terms in days from `startDay` (30/60/90 from a delivery on 01/12). */
export function instalmentDueDays(startDay: string, termsDays: readonly number[]): string[] {
  return termsDays.map((days) => shiftDay(startDay, days));
}

/** The most instalments a credit plan has, and the longest term in days. */
export const MAX_CREDIT_INSTALMENTS = 12;
export const MAX_CREDIT_TERM_DAYS = 365;

/**
 * A credit plan ('Prazos') as a shop writes it: the days of each instalment from the delivery, slash-separated and
 * increasing ('28', '30/60/90'). Answers the days, or null when it is not one.
 */
export function parseCreditTerms(text: string): number[] | null {
  const parts = text
    .replace(/\s*dias?\s*$/i, '')
    .trim()
    .split(/\s*\/\s*/);
  if (parts.length === 0 || parts.length > MAX_CREDIT_INSTALMENTS) return null;
  const days: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value < 1 || value > MAX_CREDIT_TERM_DAYS || value <= (days[days.length - 1] ?? 0)) return null;
    days.push(value);
  }
  return days;
}

/** A plan as the screens say it: [30, 60, 90] → '30/60/90 dias'; [28] → '28 dias'. */
export function formatCreditTerms(days: readonly number[]): string {
  return `${days.join('/')} ${days.length === 1 && days[0] === 1 ? 'dia' : 'dias'}`;
}

/** The shop's credit settings: block sales on credit of a customer with an instalment late above N days; the late charges. */
export interface CreditSettings extends LateChargeRates {
  blockOverdueDays: number;
}
export const CREDIT_SETTINGS_DEFAULTS: CreditSettings = { blockOverdueDays: 5, ...LATE_CHARGE_DEFAULTS };

export const CREDIT_TEXTS = {
  title: 'Crédito',
  limit: 'Limite de crédito',
  terms: 'Prazos',
  noCredit: 'Sem crédito: só vendas à vista.',
  blockOverdueDays: 'Bloquear vendas a prazo com atraso acima de N dias',
  limitInvalid: 'Informe o limite em reais (até R$ 10 milhões, duas casas decimais), ou deixe vazio para nenhum.',
  termsInvalid: `Prazo inválido: os dias de cada parcela a partir da entrega, separados por barra e crescentes (ex.: 28 ou 30/60/90), até ${MAX_CREDIT_INSTALMENTS} parcelas de até ${MAX_CREDIT_TERM_DAYS} dias.`,
  termsRepeated: 'Prazo repetido.',
  termsWithoutLimit: 'Informe o limite de crédito para oferecer prazos.',
  blockDaysInvalid: 'Informe os dias de atraso que bloqueiam vendas a prazo (0 a 365).',
  fineInvalid: 'Multa inválida: de 0 a 20 %, com até duas casas decimais.',
  interestInvalid: 'Juros inválidos: de 0 a 10 % ao mês, com até duas casas decimais.',
  customerNotFound: 'Cliente não encontrado.',
  saved: 'Crédito do cliente salvo.',
  settingsSaved: 'Configurações de crédito salvas.',
} as const;

/** The largest credit limit, in reais (R$ 10 milhões). */
export const MAX_CREDIT_LIMIT = 10_000_000;

/** Body of PUT /customers/{id}/credit: the limit (reais; null: no credit) and the plans allowed ('28', '30/60/90'). */
export const customerCreditBodySchema = z
  .strictObject({
    limit: z
      .number({ error: CREDIT_TEXTS.limitInvalid })
      .min(0, CREDIT_TEXTS.limitInvalid)
      .max(MAX_CREDIT_LIMIT, CREDIT_TEXTS.limitInvalid)
      .refine(hasTwoDecimals, CREDIT_TEXTS.limitInvalid)
      .nullable(),
    terms: z
      .array(z.string({ error: CREDIT_TEXTS.termsInvalid }).max(60, CREDIT_TEXTS.termsInvalid), {
        error: CREDIT_TEXTS.termsInvalid,
      })
      .max(10, CREDIT_TEXTS.termsInvalid),
  })
  .transform((body, ctx) => {
    const plans: number[][] = [];
    for (const text of body.terms) {
      const days = parseCreditTerms(text);
      if (!days) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: CREDIT_TEXTS.termsInvalid });
        return z.NEVER;
      }
      if (plans.some((plan) => plan.join('/') === days.join('/'))) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: CREDIT_TEXTS.termsRepeated });
        return z.NEVER;
      }
      plans.push(days);
    }
    if (plans.length > 0 && body.limit === null) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: CREDIT_TEXTS.termsWithoutLimit });
      return z.NEVER;
    }
    return { limit: body.limit, terms: plans.sort((a, b) => a.length - b.length || (a[0] ?? 0) - (b[0] ?? 0)) };
  });
export type CustomerCreditBody = z.input<typeof customerCreditBodySchema>;
export type CustomerCreditInput = z.output<typeof customerCreditBodySchema>;

/** A customer's credit: limit (reais, null: none), the plans allowed as days, and who changed it last. */
export const customerCreditSchema = z.object({
  customerId: z.number().int(),
  limit: z.number().nullable(),
  terms: z.array(z.array(z.number().int())),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * What he owes on credit (reais): sales not handed over yet, open instalments, their sum, and what is left of his
   * limit (null without one).
   */
  exposure: z
    .object({
      undelivered: z.number(),
      openInstalments: z.number(),
      total: z.number(),
      available: z.number().nullable(),
    })
    .optional(),
  /**
   * His open instalments past their due day: how many, what is open of them, the oldest's days late, and the days
   * late above which a sale on credit waits for approval (the shop's setting; issue 54 §6).
   */
  overdue: z
    .object({
      count: z.number().int(),
      amount: z.number(),
      maxDaysLate: z.number().int(),
      blockOverdueDays: z.number().int().optional(),
    })
    .optional(),
});
export type CustomerCredit = z.infer<typeof customerCreditSchema>;

const percent = (max: number, message: string) =>
  z.number({ error: message }).min(0, message).max(max, message).refine(hasTwoDecimals, message);

/** GET|PUT /credit/settings: rates as percentages (2 = 2 %), at the API edge. */
export const creditSettingsSchema = z.strictObject({
  blockOverdueDays: z
    .number({ error: CREDIT_TEXTS.blockDaysInvalid })
    .int(CREDIT_TEXTS.blockDaysInvalid)
    .min(0, CREDIT_TEXTS.blockDaysInvalid)
    .max(365, CREDIT_TEXTS.blockDaysInvalid),
  fine: percent(20, CREDIT_TEXTS.fineInvalid),
  monthlyInterest: percent(10, CREDIT_TEXTS.interestInvalid),
});
export type CreditSettingsBody = z.infer<typeof creditSettingsSchema>;

/** Why a sale on credit waits for a manager: above the limit, or a customer late beyond the setting. */
export type CreditHold = 'overLimit' | 'overdue';

/**
 * The decision of a sale on credit (issue 40 §1): held for approval when it takes the customer's exposure (what he
 * owes and has bought on credit not yet paid, `exposureCents`, plus this sale) over his limit, or when he has an
 * instalment late more than `blockOverdueDays`; else it goes on. Late first: a late payer is held whatever his
 * room.
 */
export function creditHold(input: {
  limitCents: number;
  exposureCents: number;
  saleCents: number;
  maxDaysLate: number;
  blockOverdueDays: number;
}): CreditHold | null {
  if (input.maxDaysLate > input.blockOverdueDays) return 'overdue';
  if (input.exposureCents + input.saleCents > input.limitCents) return 'overLimit';
  return null;
}

export const CREDIT_SALE_TEXTS = {
  noCredit: 'Este cliente não tem crédito: venda à vista ou peça a quem tem Crédito e cobrança para liberar um limite.',
  termsNotAllowed: (allowed: string) => `Este prazo não está liberado para o cliente. Prazos do cliente: ${allowed}.`,
  termsInvalid: CREDIT_TEXTS.termsInvalid,
  /** The history note of a sale held for approval. */
  heldOverLimit: (exposure: string, limit: string) =>
    `Venda a prazo acima do limite: com ela o cliente deve ${exposure}, o limite é ${limit}. Aguardando aprovação de crédito.`,
  heldOverdue: (days: number, block: number) =>
    `Venda a prazo de cliente com parcela em atraso de ${days} dias (bloqueio acima de ${block}). Aguardando aprovação de crédito.`,
  /** Both reasons at once (issue 54 §6): late beyond the setting and above the limit. */
  heldOverdueAndOverLimit: (days: number, block: number, exposure: string, limit: string) =>
    `Venda a prazo de cliente com parcela em atraso de ${days} dias (bloqueio acima de ${block}) e acima do limite: com ela o cliente deve ${exposure}, o limite é ${limit}. Aguardando aprovação de crédito.`,
  placed: (terms: string) => `Venda a prazo em ${terms}.`,
} as const;

/**
 * What an instalment asks on `payDay` when part of it may have been paid already (issue 40 §2, decision 0054): the
 * open principal, the fine once (not when an earlier payment already paid it) and interest on the open principal
 * for the days since the later of its due day and the last payment (`interestFrom`), each rounded half up to the
 * cent. With nothing paid it is `amountDue`.
 */
export function instalmentDue(
  input: { openCents: number; dueDay: string; payDay: string; fineCharged: boolean; interestFrom: string | null },
  rates: LateChargeRates = LATE_CHARGE_DEFAULTS,
): AmountDue {
  const base = amountDue(input.openCents, input.dueDay, input.payDay, rates);
  if (base.daysLate === 0 || input.openCents <= 0) return base;
  const from = input.interestFrom && input.interestFrom > input.dueDay ? input.interestFrom : input.dueDay;
  const days = Math.max(0, daysBetween(from, input.payDay));
  const interestCents = divideHalfUp(
    BigInt(input.openCents) * BigInt(rates.monthlyInterestHundredths) * BigInt(days),
    300_000,
  );
  const fineCents = input.fineCharged ? 0 : base.fineCents;
  return {
    daysLate: base.daysLate,
    principalCents: input.openCents,
    fineCents,
    interestCents,
    totalCents: input.openCents + fineCents + interestCents,
  };
}

/** A payment of an instalment as its late charges read it: what it took off the principal and the fine, its day. */
export interface InstalmentPaymentFacts {
  principalCents: number;
  fineCents: number;
  /** The day it is dated (YYYY-MM-DD). */
  paidOn: string;
  /** Undone: it counts for nothing. */
  undone: boolean;
}

/** What an instalment's payments leave: the principal paid, the fine paid already, the day interest runs from. */
export interface InstalmentPaidState {
  principalPaidCents: number;
  /** A payment that counts paid the fine: it is not asked again (`instalmentDue`'s `fineCharged`). */
  fineCharged: boolean;
  /** The latest day of a payment that counts, null without one (`instalmentDue`'s `interestFrom`). */
  lastPaidOn: string | null;
}

/**
 * What an instalment's payments that count (not undone) leave for `instalmentDue`: the sum of their principal,
 * whether one of them paid a fine, and the latest of their days. Paid 500,00 + fine 20,00 on the 10th and 300,00
 * on the 20th, and 200,00 on the 25th undone: 800,00 paid, the fine charged, interest from the 20th. The server
 * keeps these on the instalment in SQL (`receivablesRepository.refresh`, bound to this by
 * receivables.paid-state.test.ts); the demo writes its paid instalments by it.
 */
export function instalmentPaidState(payments: readonly InstalmentPaymentFacts[]): InstalmentPaidState {
  const counted = payments.filter((payment) => !payment.undone);
  return {
    principalPaidCents: counted.reduce((sum, payment) => sum + payment.principalCents, 0),
    fineCharged: counted.some((payment) => payment.fineCents > 0),
    lastPaidOn: counted.reduce<string | null>((last, p) => (last !== null && last > p.paidOn ? last : p.paidOn), null),
  };
}

/** How a payment splits: the fine and interest due first, the rest off the principal. */
export function splitPayment(
  amountCents: number,
  due: AmountDue,
): { fineCents: number; interestCents: number; principalCents: number } | null {
  const charges = due.fineCents + due.interestCents;
  if (amountCents < charges || amountCents - charges > due.principalCents) return null;
  return { fineCents: due.fineCents, interestCents: due.interestCents, principalCents: amountCents - charges };
}

// ---------- the receivables ('Contas a receber', issue 40 §2) ----------

export const RECEIVABLE_PAYMENT_METHODS = ['CASH', 'PIX', 'DEPOSIT', 'CARD', 'SETTLEMENT'] as const;
export type ReceivablePaymentMethod = (typeof RECEIVABLE_PAYMENT_METHODS)[number];
/** How an instalment was paid: by hand (above) or by its boleto, which only the bank's retorno pays (issue 58 §2). */
export const RECEIVABLE_PAID_METHODS = [...RECEIVABLE_PAYMENT_METHODS, 'BOLETO'] as const;
export type ReceivablePaidMethod = (typeof RECEIVABLE_PAID_METHODS)[number];
export const RECEIVABLE_PAYMENT_METHOD_LABELS: Record<ReceivablePaidMethod, string> = {
  CASH: 'Dinheiro',
  PIX: 'Pix',
  DEPOSIT: 'Depósito',
  CARD: 'Cartão',
  SETTLEMENT: 'Acerto do motoboy',
  BOLETO: 'Boleto',
};

/** An instalment's situation on the business's today (`debtStatus`): OVERDUE is OPEN past its due day. */
export const RECEIVABLE_STATUSES = DEBT_STATUSES;
export type ReceivableStatus = DebtStatus;
/** A bill's words (`PAYABLE_STATUS_LABELS`), but an instalment not yet due is 'A vencer'. */
export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = {
  ...PAYABLE_STATUS_LABELS,
  OPEN: 'A vencer',
};

/** The list's situations: to receive today, this week (today to today + 6), overdue, open, received. */
export const RECEIVABLE_FILTER_LABELS = {
  dueToday: 'Receber hoje',
  dueThisWeek: 'Esta semana',
  overdue: 'Vencidas',
  open: 'Em aberto',
  paid: 'Recebidas',
};
export const RECEIVABLE_FILTERS = labelledValues(RECEIVABLE_FILTER_LABELS);
export type ReceivableFilter = (typeof RECEIVABLE_FILTERS)[number];
export const RECEIVABLE_PAGE_SIZE = 25;

export const RECEIVABLE_TEXTS = {
  notFound: 'Parcela não encontrada.',
  paymentNotFound: 'Pagamento não encontrado nesta parcela.',
  idInvalid: 'Número de parcela inválido.',
  amountInvalid: 'Informe um valor maior que zero, com até 2 casas decimais.',
  methodInvalid: 'Forma de recebimento inválida.',
  paidOnInvalid: 'Informe a data do recebimento (data válida).',
  paidOnFuture: 'A data do recebimento não pode ser depois de hoje.',
  paidOnBeforeLast: 'A data do recebimento não pode ser anterior ao último recebimento desta parcela.',
  paidOnBeforeSale: (sale: string) => `A data do recebimento não pode ser anterior à venda (${sale}).`,
  paidOnBeforeDue:
    'Só quem tem a permissão Crédito e cobrança registra um recebimento em data passada anterior ao vencimento.',
  reasonInvalid: 'Informe o motivo (3 a 300 caracteres).',
  filterInvalid: 'Filtro de situação inválido.',
  periodInvalid: 'Período inválido: informe datas válidas, o início antes do fim.',
  alreadyPaid: 'Esta parcela já está paga.',
  canceled: 'Esta parcela foi cancelada.',
  belowCharges: (charges: string) => `O valor precisa cobrir ao menos a multa e os juros de hoje (${charges}).`,
  overpaid: (due: string) => `O valor passa do que a parcela pede hoje (${due}).`,
  alreadyUndone: 'Este pagamento já foi desfeito.',
  undoLatestFirst: 'Desfaça primeiro o recebimento mais recente desta parcela.',
  keyReused: 'Esta chave (Idempotency-Key) já foi usada em outra parcela.',
  instalmentOf: (seq: number, count: number) => `Parcela ${seq}/${count}`,
} as const;

export const receivableListQuerySchema = z
  .object({
    status: z.enum(RECEIVABLE_FILTERS, { error: RECEIVABLE_TEXTS.filterInvalid }).optional(),
    from: calendarDaySchema(RECEIVABLE_TEXTS.periodInvalid).optional(),
    to: calendarDaySchema(RECEIVABLE_TEXTS.periodInvalid).optional(),
    customerId: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(RECEIVABLE_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: RECEIVABLE_TEXTS.periodInvalid });
export type ReceivableListQuery = z.infer<typeof receivableListQuerySchema>;

/** Body of POST /receivables/{id}/payments: the day (today unless told), the method and the amount (reais). */
export const receivablePaymentBodySchema = z.strictObject({
  paidOn: calendarDaySchema(RECEIVABLE_TEXTS.paidOnInvalid).optional(),
  method: z.enum(RECEIVABLE_PAYMENT_METHODS, { error: RECEIVABLE_TEXTS.methodInvalid }),
  amount: z
    .number({ error: RECEIVABLE_TEXTS.amountInvalid })
    .gt(0, RECEIVABLE_TEXTS.amountInvalid)
    .max(MAX_CREDIT_LIMIT, RECEIVABLE_TEXTS.amountInvalid)
    .refine(hasTwoDecimals, RECEIVABLE_TEXTS.amountInvalid),
});
export type ReceivablePaymentBody = z.infer<typeof receivablePaymentBodySchema>;

export const receivableUndoBodySchema = z.strictObject({
  reason: z
    .string({ error: RECEIVABLE_TEXTS.reasonInvalid })
    .trim()
    .min(3, RECEIVABLE_TEXTS.reasonInvalid)
    .max(300, RECEIVABLE_TEXTS.reasonInvalid),
});

const dueNowSchema = z.object({
  daysLate: z.number().int(),
  principal: z.number(),
  fine: z.number(),
  interest: z.number(),
  total: z.number(),
});

export const receivableSchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), code: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  seq: z.number().int(),
  count: z.number().int(),
  dueDate: z.string(),
  /** The instalment's value (reais). */
  amount: z.number(),
  /** What payments took off its principal, and what is open of it. */
  paid: z.number(),
  open: z.number(),
  status: z.enum(RECEIVABLE_STATUSES),
  /** What it asks if paid today: open principal, fine, interest (zeros when paid or not yet due). */
  dueToday: dueNowSchema,
  /**
   * What its late charges count from on another day (`instalmentDue`): whether a payment already paid the fine, and
   * the day interest runs from when later than the due day (the last payment; null: none). The server's own, so
   * the web asks for no payments and guesses nothing to say what a past day asks.
   */
  lateCharges: z.object({ fineCharged: z.boolean(), interestFrom: z.string().nullable() }).optional(),
});
export type Receivable = z.infer<typeof receivableSchema>;

export const receivablePaymentSchema = z.object({
  id: z.number().int(),
  paidOn: z.string(),
  method: z.enum(RECEIVABLE_PAID_METHODS),
  amount: z.number(),
  principal: z.number(),
  fine: z.number(),
  interest: z.number(),
  /** Who recorded it; null when the bank's webhook did (its Pix: `endToEndId`). */
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  endToEndId: z.string().nullable().optional(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  undoReason: z.string().nullable(),
});
export type ReceivablePayment = z.infer<typeof receivablePaymentSchema>;

export const receivableDetailsSchema = receivableSchema.extend({ payments: z.array(receivablePaymentSchema) });
export type ReceivableDetails = z.infer<typeof receivableDetailsSchema>;

export const receivablePageSchema = z.object({
  items: z.array(receivableSchema),
  page: z.number().int(),
  total: z.number().int(),
  /** Of every instalment the filters match: its value, what was paid, what is open, what it all asks today. */
  totals: z.object({ amount: z.number(), paid: z.number(), open: z.number() }),
});
export type ReceivablePage = z.infer<typeof receivablePageSchema>;

/** The dashboard's 'A receber hoje / vencido': open instalments due today, and those overdue (what is open of them). */
export const receivablesSummarySchema = z.object({
  today: z.object({ count: z.number().int(), amount: z.number() }),
  overdue: z.object({ count: z.number().int(), amount: z.number() }),
});
export type ReceivablesSummary = z.infer<typeof receivablesSummarySchema>;

export const RECEIVABLE_CSV_HEADERS = [
  'Nº',
  'Cliente',
  'Pedido',
  'Parcela',
  'Vencimento',
  'Valor',
  'Pago',
  'Em aberto',
  'Dias de atraso',
  'Pede hoje',
  'Situação',
] as const;

/** Texts of a payment's receipt (PDF). */
export const RECEIPT_TEXTS = {
  title: 'Recibo',
  body: (customer: string, amount: string, seq: number, count: number, order: string) =>
    `Recebemos de ${customer} a quantia de ${amount}, referente à parcela ${seq}/${count} do pedido ${order}.`,
  dueDate: 'Vencimento',
  paidOn: 'Data do pagamento',
  method: 'Forma',
  principal: 'Parcela',
  fine: 'Multa',
  interest: 'Juros',
  total: 'Total pago',
  receivedBy: 'Recebido por',
  /** A payment the bank's webhook recorded (its Pix). */
  bank: 'Banco (Pix)',
  undone: (reason: string) => `PAGAMENTO DESFEITO: ${reason}`,
  footer: (when: string) => `BackOffice - recibo gerado em ${when}`,
} as const;

/** An instalment's own Pix txid: the order's (its code without the dash), 'R' and the instalment's number. */
export function instalmentTxid(orderTxid: string, seq: number): string {
  return `${orderTxid}R${seq}`;
}

/** GET /receivables/{id}/pix: the instalment's txid and the BR Code for what it asks today (null without a Pix key). */
export const receivablePixSchema = z.object({
  txid: z.string(),
  amount: z.number(),
  payload: z.string().nullable(),
  /**
   * COBV: the dynamic BR Code of the instalment's cobv on the shop's PSP (`location`), which computes the fine and
   * interest on the day the customer pays; STATIC: the static code of what it asks today (no PSP, or why not in
   * `notice`). Decision 0094.
   */
  kind: z.enum(['COBV', 'STATIC']).optional(),
  location: z.string().nullable().optional(),
  dueDate: z.string().nullable().optional(),
  notice: z.string().nullable().optional(),
});
export type ReceivablePix = z.infer<typeof receivablePixSchema>;

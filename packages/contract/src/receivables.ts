import { z } from 'zod';
import { daysBetween, shiftDay } from './clock';
import { hasTwoDecimals } from './money';

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

/** `numerator / denominator` rounded half up, exactly (both positive integers as bigint). */
function halfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (2n * denominator));
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
  const fineCents = halfUp(principal * BigInt(rates.fineHundredths), 10_000n);
  const interestCents = halfUp(principal * BigInt(rates.monthlyInterestHundredths) * BigInt(daysLate), 300_000n);
  return { daysLate, principalCents, fineCents, interestCents, totalCents: principalCents + fineCents + interestCents };
}

/** A sale's total in `count` equal instalments, the cents left over on the last: R$ 100,00 in 3 = 33,33 + 33,33 + 33,34. */
export function splitInstalments(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const part = Math.floor(totalCents / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? totalCents - part * (count - 1) : part));
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
  placed: (terms: string) => `Venda a prazo em ${terms}.`,
} as const;

import { z } from 'zod';
import { shiftDay, weekdayOf } from './clock';
import { centsToReais, hasTwoDecimals } from './money';

/**
 * The cash flow ('Fluxo de caixa', issue 40 §4, issue 54 §3): what was really received and paid in the last 90 days
 * and today — cash through the drawer, Pix, the card payouts on their settlement days, instalments, bills — and
 * what is to be received (card payouts to come, open instalments) and paid (open bills) from today to the 89 days
 * after, by day or by week, with the balance carried from the opening balance the user types (what the shop holds
 * today). Overdue instalments and bills are shown apart (`overdue`): money owed, never today's cash, outside the
 * rows and the balance.
 */
export const CASH_FLOW_DAYS = 90;
export const CASH_FLOW_GRAINS = ['day', 'week'] as const;
export type CashFlowGrain = (typeof CASH_FLOW_GRAINS)[number];

export const CASH_FLOW_TEXTS = {
  title: 'Fluxo de caixa',
  openingInvalid: 'Informe o saldo de hoje em reais, com até duas casas decimais.',
  grainInvalid: "Agrupamento inválido: use 'day' (por dia) ou 'week' (por semana).",
} as const;

export const cashFlowQuerySchema = z.object({
  grain: z.enum(CASH_FLOW_GRAINS, { error: CASH_FLOW_TEXTS.grainInvalid }).default('day'),
  openingBalance: z.coerce
    .number({ error: CASH_FLOW_TEXTS.openingInvalid })
    .min(-100_000_000, CASH_FLOW_TEXTS.openingInvalid)
    .max(100_000_000, CASH_FLOW_TEXTS.openingInvalid)
    .refine(hasTwoDecimals, CASH_FLOW_TEXTS.openingInvalid)
    .default(0),
});
export type CashFlowQuery = z.infer<typeof cashFlowQuerySchema>;

export const cashFlowRowSchema = z.object({
  /** The day, or the Monday of the week (YYYY-MM-DD), and the last day it covers. */
  start: z.string(),
  end: z.string(),
  /** Up to today: what was received and paid. From today: what is to be received and paid (due on its day). */
  received: z.number(),
  paid: z.number(),
  toReceive: z.number(),
  toPay: z.number(),
  /** received − paid + toReceive − toPay: the row's whole movement. */
  net: z.number(),
  /**
   * From today on: the opening balance (what the shop holds now, today's received and paid already in it) plus
   * every toReceive − toPay until this row's end; null in the past.
   */
  balance: z.number().nullable(),
});
export type CashFlowRow = z.infer<typeof cashFlowRowSchema>;

export const cashFlowSchema = z.object({
  from: z.string(),
  today: z.string(),
  to: z.string(),
  grain: z.enum(CASH_FLOW_GRAINS),
  openingBalance: z.number(),
  rows: z.array(cashFlowRowSchema),
  totals: z.object({ received: z.number(), paid: z.number(), toReceive: z.number(), toPay: z.number() }),
  /** 'Vencido': open instalments and bills due before today, apart — neither in the rows nor in the balance. */
  overdue: z.object({ toReceive: z.number(), toPay: z.number() }),
});
export type CashFlow = z.infer<typeof cashFlowSchema>;

export const CASH_FLOW_CSV_HEADERS = [
  'Início',
  'Fim',
  'Recebido',
  'Pago',
  'A receber',
  'A pagar',
  'Saldo do período',
  'Saldo',
] as const;

/** The Monday of the week of `day`. */
export function weekStart(day: string): string {
  return shiftDay(day, -((weekdayOf(day) + 6) % 7));
}

/** One day's money (cents) in and out: received and paid up to today, to receive and to pay from today. */
export interface CashFlowDay {
  day: string;
  receivedCents: number;
  paidCents: number;
  toReceiveCents: number;
  toPayCents: number;
}

/**
 * The rows of the 90 days before `today` and the 90 from it, by day or by week (a week split at today: its past
 * and its future apart), the balance carried from `openingCents` on today's first row. `days` may name any day of
 * the range, once each; the missing ones are zero.
 */
export function cashFlowRows(
  today: string,
  days: readonly CashFlowDay[],
  grain: CashFlowGrain,
  openingCents: number,
): CashFlowRow[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const from = shiftDay(today, -CASH_FLOW_DAYS);
  const to = shiftDay(today, CASH_FLOW_DAYS - 1);
  const rows: CashFlowRow[] = [];
  let balance = openingCents;
  let current: (CashFlowDay & { start: string; end: string; future: boolean }) | undefined;
  const flush = () => {
    if (!current) return;
    const net = current.receivedCents - current.paidCents + current.toReceiveCents - current.toPayCents;
    if (current.future) balance += current.toReceiveCents - current.toPayCents;
    rows.push({
      start: current.start,
      end: current.end,
      received: centsToReais(current.receivedCents),
      paid: centsToReais(current.paidCents),
      toReceive: centsToReais(current.toReceiveCents),
      toPay: centsToReais(current.toPayCents),
      net: centsToReais(net),
      balance: current.future ? centsToReais(balance) : null,
    });
  };
  for (let day = from; day <= to; day = shiftDay(day, 1)) {
    const future = day >= today;
    let start = grain === 'day' ? day : weekStart(day);
    if (future && start < today) start = today;
    if (start < from) start = from;
    if (!current || current.start !== start || current.future !== future) {
      flush();
      current = { day, start, end: day, future, receivedCents: 0, paidCents: 0, toReceiveCents: 0, toPayCents: 0 };
    }
    const d = byDay.get(day);
    current.end = day;
    if (d) {
      current.receivedCents += d.receivedCents;
      current.paidCents += d.paidCents;
      current.toReceiveCents += d.toReceiveCents;
      current.toPayCents += d.toPayCents;
    }
  }
  flush();
  return rows;
}

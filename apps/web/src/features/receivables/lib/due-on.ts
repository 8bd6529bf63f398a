import {
  type CreditSettingsBody,
  centsToReais,
  instalmentDue,
  LATE_CHARGE_DEFAULTS,
  type LateChargeRates,
  type Receivable,
  type ReceivablePayment,
  reaisToCents,
} from '@backoffice/contract';

/** What an instalment asks on a day, in reais (the shape of the row's `dueToday`). */
export interface DueOn {
  daysLate: number;
  principal: number;
  fine: number;
  interest: number;
  total: number;
}

/** The settings' percentages (2 = 2 %) as the contract's rates (hundredths of a percent). */
function ratesOf(settings: CreditSettingsBody | undefined): LateChargeRates {
  if (!settings) return LATE_CHARGE_DEFAULTS;
  return {
    fineHundredths: Math.round(settings.fine * 100),
    monthlyInterestHundredths: Math.round(settings.monthlyInterest * 100),
  };
}

/**
 * What `instalment` asks if paid on `payDay`: today, what the server said (`dueToday`); another day, the
 * contract's `instalmentDue` on what is open, with the fine once (already charged when a payment that counts
 * paid one, or, without the payments, when today is late and asks none) and interest from the last payment.
 * The server has the last word: a refusal says what it asks (409 `details.due`).
 */
export function dueOn(
  instalment: Receivable,
  payDay: string,
  today: string,
  { payments, settings }: { payments?: readonly ReceivablePayment[]; settings?: CreditSettingsBody } = {},
): DueOn {
  if (payDay === today) return instalment.dueToday;
  const counted = payments?.filter((payment) => payment.undoneAt === null);
  const fineCharged = counted
    ? counted.some((payment) => payment.fine > 0)
    : instalment.dueToday.daysLate > 0 && instalment.dueToday.fine === 0;
  const interestFrom = counted?.reduce<string | null>((last, p) => (last && last > p.paidOn ? last : p.paidOn), null);
  const due = instalmentDue(
    {
      openCents: reaisToCents(instalment.open),
      dueDay: instalment.dueDate,
      payDay,
      fineCharged,
      interestFrom: interestFrom ?? null,
    },
    ratesOf(settings),
  );
  return {
    daysLate: due.daysLate,
    principal: centsToReais(due.principalCents),
    fine: centsToReais(due.fineCents),
    interest: centsToReais(due.interestCents),
    total: centsToReais(due.totalCents),
  };
}

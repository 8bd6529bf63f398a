import {
  type CreditSettingsBody,
  centsToReais,
  instalmentDue,
  instalmentPaidState,
  LATE_CHARGE_DEFAULTS,
  type LateChargeRates,
  percentToHundredths,
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
    fineHundredths: percentToHundredths(settings.fine),
    monthlyInterestHundredths: percentToHundredths(settings.monthlyInterest),
  };
}

/**
 * What its late charges count from: as the server says (`lateCharges`); from an answer without it, the contract's
 * `instalmentPaidState` of the `payments` given (none: nothing paid yet).
 */
function lateChargesOf(instalment: Receivable, payments: readonly ReceivablePayment[] | undefined) {
  if (instalment.lateCharges) return instalment.lateCharges;
  const paid = instalmentPaidState(
    (payments ?? []).map((payment) => ({
      principalCents: reaisToCents(payment.principal),
      fineCents: reaisToCents(payment.fine),
      paidOn: payment.paidOn,
      undone: payment.undoneAt !== null,
    })),
  );
  return { fineCharged: paid.fineCharged, interestFrom: paid.lastPaidOn };
}

/**
 * What `instalment` asks if paid on `payDay`: today, what the server said (`dueToday`); another day, the
 * contract's `instalmentDue` on what is open, with the fine once and interest from the last payment as the server
 * says (`lateCharges`). The server has the last word: a refusal says what it asks (409 `details.due`).
 */
export function dueOn(
  instalment: Receivable,
  payDay: string,
  today: string,
  { payments, settings }: { payments?: readonly ReceivablePayment[]; settings?: CreditSettingsBody } = {},
): DueOn {
  if (payDay === today) return instalment.dueToday;
  const charges = lateChargesOf(instalment, payments);
  const due = instalmentDue(
    {
      openCents: reaisToCents(instalment.open),
      dueDay: instalment.dueDate,
      payDay,
      fineCharged: charges.fineCharged,
      interestFrom: charges.interestFrom,
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

import { daysBetween, shiftDay } from './clock';

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

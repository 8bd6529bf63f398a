import { businessDay, shiftDay } from './clock';
import { hundredthsOfCents, percentToHundredths, splitCents } from './money';

/**
 * A card part's kinds, brands and instalments, the shop's card settings (fees and days), and the money of a card
 * part: the acquirer's fee and when it pays each instalment (issue 38 §2, decision 0042).
 */

/** The card's kinds: débito, crédito (1× à vista, 2–12× parcelado). */
export const CARD_KINDS = ['DEBIT', 'CREDIT'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard', 'Outra'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The most instalments any shop sells in (the shop's own maximum is a setting, 1–12). */
export const MAX_CARD_INSTALMENTS = 12;

/**
 * The shop's card settings ('Configurações' → 'Cartões'): the acquirer's fee (%) of a debit, of a credit in
 * 1×, 2×, … 12× (`creditFees[n - 1]`), the days it takes to pay a debit and each credit instalment, and the
 * most instalments the shop sells in. Fees are 0 until the shop types its acquirer's (no fee is invented);
 * days are the market's usual: débito D+1, crédito D+30 per instalment.
 */
export interface CardSettings {
  maxInstalments: number;
  debitFee: number;
  creditFees: number[];
  debitDays: number;
  creditDays: number;
}

export const DEFAULT_CARD_SETTINGS: CardSettings = {
  maxInstalments: MAX_CARD_INSTALMENTS,
  debitFee: 0,
  creditFees: Array.from({ length: MAX_CARD_INSTALMENTS }, () => 0),
  debitDays: 1,
  creditDays: 30,
};

// ---------- money of a card part ----------

/**
 * The acquirer's fee on `amountCents` at `basisPoints` (349 = 3,49 %), rounded half up to the cent, in
 * integers: R$ 5.147,41 × 3,49 % = 179,644… → R$ 179,64.
 */
export function cardFeeCents(amountCents: number, basisPoints: number): number {
  return hundredthsOfCents(amountCents, basisPoints);
}

/** The fee of a card part by its kind and instalments, from the shop's settings, as basis points. */
export function cardFeeBasisPoints(settings: CardSettings, kind: CardKind, instalments: number): number {
  const percent = kind === 'DEBIT' ? settings.debitFee : (settings.creditFees[instalments - 1] ?? 0);
  return percentToHundredths(percent);
}

/** The days the acquirer takes to pay each instalment of this kind (débito D+1, crédito D+30 by default). */
export function cardSettlementDays(settings: CardSettings, kind: CardKind): number {
  return kind === 'DEBIT' ? settings.debitDays : settings.creditDays;
}

/**
 * When and how much the acquirer pays a card part: `instalments` payments of the net, one every `days`
 * days after the sale's business day (débito D+1; crédito D+30, D+60…); the cents that do not divide go to
 * the first.
 */
export function cardSettlements(
  netCents: number,
  instalments: number,
  days: number,
  soldAt: Date,
): Array<{ date: string; amountCents: number }> {
  const day = businessDay(soldAt);
  return splitCents(netCents, instalments, 'first').map((amountCents, index) => ({
    date: shiftDay(day, days * (index + 1)),
    amountCents,
  }));
}

/** One payment the acquirer makes of a card part: its instalment n of N, the day, and its gross, fee and net. */
export interface CardPartSettlement {
  /** The business day it is due to be paid (YYYY-MM-DD). */
  date: string;
  instalment: number;
  instalments: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * Every payment the acquirer makes of a card part as recorded (its amount, fee, net, instalments and days kept
 * at the time; decision 0042), counted from the day it was sold: confirmed, else recorded. The net and the fee
 * are each split by `cardSettlements` (the cents that do not divide on the first), the gross is their sum: the
 * instalments add up to the part's amount, fee and net exactly, and no instalment's fee is negative.
 */
export function cardPartSettlements(part: {
  amountCents: number;
  feeCents: number;
  netCents: number;
  instalments: number;
  settlementDays: number;
  confirmedAt: Date | string | null;
  createdAt: Date | string;
}): CardPartSettlement[] {
  const soldAt = new Date(part.confirmedAt ?? part.createdAt);
  const net = cardSettlements(part.netCents, part.instalments, part.settlementDays, soldAt);
  const fee = cardSettlements(part.feeCents, part.instalments, part.settlementDays, soldAt);
  return net.map((payment, index) => {
    const feeCents = fee[index]?.amountCents ?? 0;
    return {
      date: payment.date,
      instalment: index + 1,
      instalments: part.instalments,
      grossCents: payment.amountCents + feeCents,
      feeCents,
      netCents: payment.amountCents,
    };
  });
}

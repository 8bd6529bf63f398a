/**
 * The figures of a note, exact: money in integer cents, rates in ten-thousandths of a percent (nfe-input.ts), every
 * tax one multiplication and one rounding half up; the order's charges shared among the items ('rateio'); the
 * note's totals; and the refusal of a note that cannot be built.
 */

import { divideHalfUp, splitCents } from '@backoffice/contract';

export class NfeBuildError extends Error {}

/** Approximate taxes (Lei 12.741/2012; approximate-taxes.ts): the three parts and vTotTrib, their sum. */
export interface ApproximateTaxes {
  federalCents: number;
  stateCents: number;
  municipalCents: number;
  totalCents: number;
}

export const noApproximateTaxes = (): ApproximateTaxes => ({
  federalCents: 0,
  stateCents: 0,
  municipalCents: 0,
  totalCents: 0,
});

export interface NfeTotals {
  productsCents: number;
  freightCents: number;
  insuranceCents: number;
  discountCents: number;
  otherCents: number;
  icmsBaseCents: number;
  icmsCents: number;
  /** vBCST and vST: the ICMS-ST's base and the tax withheld. */
  stBaseCents: number;
  stCents: number;
  ipiCents: number;
  pisCents: number;
  cofinsCents: number;
  ibsCbsBaseCents: number;
  ibsUfCents: number;
  ibsMunCents: number;
  cbsCents: number;
  /** The DIFAL of a sale to a consumer in another state (icms-interstate.ts): vFCPUFDest and vICMSUFDest. */
  fcpUfDestCents: number;
  icmsUfDestCents: number;
  /** vNF. */
  totalCents: number;
  /** The approximate taxes (vTotTrib and its parts: approximate-taxes.ts), zero when the note carries none. */
  approximate: ApproximateTaxes;
  /** The Simples' ICMS credit (CSOSN 101's vCredICMSSN) summed by its rate (pCredSN). */
  simplesCredits: Map<number, number>;
}

/** Every total at zero, for the items to add to. */
export function noTotals(): NfeTotals {
  return {
    productsCents: 0,
    freightCents: 0,
    insuranceCents: 0,
    discountCents: 0,
    otherCents: 0,
    icmsBaseCents: 0,
    icmsCents: 0,
    stBaseCents: 0,
    stCents: 0,
    ipiCents: 0,
    pisCents: 0,
    cofinsCents: 0,
    ibsCbsBaseCents: 0,
    ibsUfCents: 0,
    ibsMunCents: 0,
    cbsCents: 0,
    fcpUfDestCents: 0,
    icmsUfDestCents: 0,
    totalCents: 0,
    approximate: noApproximateTaxes(),
    simplesCredits: new Map(),
  };
}

/** Cents as reais with two decimals: 203000 → '2030.00'. */
export function reais(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const text = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** A rate in ten-thousandths of a percent as the layout writes it, four decimals: 180000 → '18.0000'. */
export function percent(rate: number): string {
  const text = String(rate).padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

/** base × rate (ten-thousandths of a percent), rounded half up to the cent. */
export function taxOf(baseCents: number, rate: number): number {
  if (baseCents <= 0 || rate <= 0) return 0;
  return divideHalfUp(BigInt(baseCents) * BigInt(rate), 1_000_000);
}

/**
 * ICMS-ST by MVA (nfe-input.ts's IcmsSubstitution): the base, the item's ICMS base and IPI raised by the MVA, each
 * step rounded half up; the tax, that base at the ST rate less the item's own ICMS, never below zero.
 */
export function substitutionOf(
  baseWithIpiCents: number,
  ownIcmsCents: number,
  st: { mva: number; rate: number },
): { baseCents: number; cents: number } {
  const baseCents = baseWithIpiCents + taxOf(baseWithIpiCents, st.mva);
  return { baseCents, cents: Math.max(0, taxOf(baseCents, st.rate) - ownIcmsCents) };
}

/**
 * `totalCents` shared by `weights` in proportion, rounded down, the cents left on the last (the 'rateio': the
 * contract's `splitCents`); lines all worth nothing share nothing.
 */
export function apportion(totalCents: number, weights: number[]): number[] {
  if (weights.reduce((a, b) => a + b, 0) === 0) return weights.map(() => 0);
  return splitCents(totalCents, weights, 'last');
}

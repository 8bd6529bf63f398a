import { centsToReais, percentageFromPrice, priceFromPercentage, reaisToCents } from '@backoffice/contract';

/** Parses what a person types in a money or percentage field: "12,50", "12.5", " 3 ". NaN when not a number. */
export function parseDecimal(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  const text = (value ?? '').trim().replace(/\s/g, '');
  if (!text) return Number.NaN;
  // "1.234,56" (pt-BR) → 1234.56; "12,5" → 12.5; "12.5" → 12.5
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/**
 * A quantity of units as a person types it: '12', '1.500' (pt-BR thousands dots), '−3' (any minus sign),
 * '2,5' (read as 2.5, so the rule can say it is not whole); NaN when it is not a number at all.
 */
export function parseQuantity(value: string | null | undefined): number {
  const text = (value ?? '').trim().replace(/\s/g, '').replace(/^[−–]/, '-');
  const plain = /^-?\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : text.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A number as the form holds it: two decimals at most, with a dot (FormMoneyField shows it as 1.234,56). */
export function toField(value: number): string {
  return Number.isFinite(value) ? String(round2(value)) : '';
}

/**
 * Gold or silver price in reais: the cost plus `percentage` % of the cost, by the contract's exact
 * `priceFromPercentage` (rounded half up to the cent, as the server prices it: R$ 3,30 + 15 % = R$ 3,80).
 */
export function tierPrice(cost: number, percentage: number): number {
  return centsToReais(priceFromPercentage(reaisToCents(cost), percentage));
}

/** The percentage of a gold or silver price over the cost, two decimals (the contract's `percentageFromPrice`). */
export function tierPercentage(cost: number, price: number): number {
  return percentageFromPrice(reaisToCents(cost), reaisToCents(price));
}

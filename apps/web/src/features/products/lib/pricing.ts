import { centsToReais, percentageFromPrice, priceFromPercentage, reaisToCents, roundReais } from '@backoffice/contract';

/** A number as the form holds it: two decimals at most, with a dot (FormMoneyField shows it as 1.234,56). */
export function toField(value: number): string {
  return Number.isFinite(value) ? String(roundReais(value)) : '';
}

/**
 * A level's percentage as the form holds it: to the sixth decimal the server prices with (the field shows two),
 * so a price typed in reais comes back to the cent (66,666667 % of R$ 180,00 is R$ 300,00; 66,67 % is 300,01).
 */
export function toPercentField(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toFixed(6))) : '';
}

/**
 * A level's price in reais: the cost plus `percentage` % of the cost, by the contract's exact
 * `priceFromPercentage` (rounded half up to the cent, as the server prices it: R$ 3,30 + 15 % = R$ 3,80).
 */
export function tierPrice(cost: number, percentage: number): number {
  return centsToReais(priceFromPercentage(reaisToCents(cost), percentage));
}

/** The percentage of a level's price over the cost, to the sixth decimal (the contract's `percentageFromPrice`). */
export function tierPercentage(cost: number, price: number): number {
  return percentageFromPrice(reaisToCents(cost), reaisToCents(price));
}

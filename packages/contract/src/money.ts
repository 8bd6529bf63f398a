/** Money travels as integer cents inside and as a number with two decimals at the API edge. */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}

export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

export function formatBRL(reais: number | null | undefined): string {
  return BRL.format(reais ?? 0).replace(/\u00a0/g, ' ');
}

/**
 * A gold, silver or bronze price: the cost plus `percentage` % of the cost, rounded half up to the cent,
 * computed exactly. (`Math.round(cost * (1 + p / 100))` loses a cent, e.g. R$ 3,30 + 15 % gives
 * 379.49999… cents, so R$ 3,79 instead of R$ 3,80.) The percentage counts to its sixth decimal.
 */
export function priceFromPercentage(costCents: number, percentage: number): number {
  const millionths = BigInt(percentage.toFixed(6).replace('.', ''));
  const scaled = BigInt(Math.round(costCents)) * (100_000_000n + millionths);
  // round half up of scaled / 100_000_000 (prices are never negative)
  return Number((scaled * 2n + 100_000_000n) / 200_000_000n);
}

/** The percentage of `priceCents` over `costCents`, with two decimals. */
export function percentageFromPrice(costCents: number, priceCents: number): number {
  if (costCents <= 0) return 0;
  return Math.round(((priceCents - costCents) / costCents) * 10000) / 100;
}

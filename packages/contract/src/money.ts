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

/** A price with a percentage on top of the cost, rounded to the cent. */
export function priceFromPercentage(costCents: number, percentage: number): number {
  return Math.round(costCents * (1 + percentage / 100));
}

/** The percentage of `priceCents` over `costCents`, with two decimals. */
export function percentageFromPrice(costCents: number, priceCents: number): number {
  if (costCents <= 0) return 0;
  return Math.round(((priceCents - costCents) / costCents) * 10000) / 100;
}

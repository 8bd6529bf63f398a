import { divideHalfUp } from './money';

/** Texts of the stock module (shared: the web shows them as the server sends them). */
export const STOCK_TEXTS = {
  /** Names each product that lacks units: "Estoque insuficiente: Capa X (disponível 2, pedido 3)." */
  insufficient: (products: ReadonlyArray<{ name: string; available: number; requested: number }>) =>
    `Estoque insuficiente: ${products
      .map((p) => `${p.name} (disponível ${p.available}, pedido ${p.requested})`)
      .join('; ')}.`,
} as const;

/**
 * The product's cost after a stock entry, in cents: the weighted average ('custo médio') of the units in
 * stock at their cost and the units arriving at theirs — (stock × cost + quantity × entry cost) ÷ (stock +
 * quantity), rounded half up to the cent, exactly (decision 0046). With no stock before (0 or below: units
 * sold ahead of their entry carry no cost) the entry's cost; with nothing arriving the cost is unchanged.
 * The server applies it to every entry under the product's lock; the stock-entry dialog shows it before the
 * entry is confirmed.
 */
export function averageCostCents(
  stockBefore: number,
  costBeforeCents: number,
  quantity: number,
  entryUnitCostCents: number,
): number {
  if (quantity <= 0) return costBeforeCents;
  if (stockBefore <= 0) return entryUnitCostCents;
  const total =
    BigInt(stockBefore) * BigInt(Math.round(costBeforeCents)) +
    BigInt(quantity) * BigInt(Math.round(entryUnitCostCents));
  return divideHalfUp(total, stockBefore + quantity);
}

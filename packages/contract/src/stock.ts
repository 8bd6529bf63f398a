/** Texts of the stock module (shared: the web shows them as the server sends them). */
export const STOCK_TEXTS = {
  /** Names each product that lacks units: "Estoque insuficiente: Capa X (disponível 2, pedido 3)." */
  insufficient: (products: ReadonlyArray<{ name: string; available: number; requested: number }>) =>
    `Estoque insuficiente: ${products
      .map((p) => `${p.name} (disponível ${p.available}, pedido ${p.requested})`)
      .join('; ')}.`,
} as const;

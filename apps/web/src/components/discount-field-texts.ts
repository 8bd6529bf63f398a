/** Texts of the discount field (Vendas and the orders' 'Desconto'). */
export const DISCOUNT_FIELD_TEXTS = {
  kind: 'Tipo de desconto',
  kinds: { amount: 'R$', percent: '%' },
} as const;

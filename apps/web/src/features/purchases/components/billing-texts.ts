/** Texts of the note's payment in 'Entrada por XML' and in an entry's details (issue 57 §2 and §6, decision 0088). */
export const BILLING_TEXTS = {
  title: 'Pagamento da nota',
  mode: 'Como a nota é paga',
  dueDate: 'Vencimento',
  method: 'Pago com',
  methods: { DINHEIRO: 'Dinheiro', PIX: 'Pix', CARTAO: 'Cartão' },
  differs: (instalments: string, total: string, difference: string) =>
    `As duplicatas somam ${instalments} e a nota ${total}: diferença de ${difference}.`,
  early: (numbers: string) => `Vencem antes da emissão da nota: ${numbers}.`,
  choice: 'O que a diferença significa',
  bills: 'Contas que serão geradas',
  noBills: 'Nenhuma conta a pagar será gerada.',
  paidNow: 'paga no ato',
  advancePaid: (amount: string) => `Pago antecipadamente: ${amount}`,
  kept: 'Pagamento',
} as const;

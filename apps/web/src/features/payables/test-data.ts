/** A bill of 'Contas a pagar' for the web tests: R$ 1.500,00 of rent, R$ 600,00 paid (R$ 900,00 open), due 10/12/2026. */
export const BILL = {
  id: 7,
  supplier: { id: 3, name: 'Imobiliária Centro' },
  purchaseId: null,
  category: 'ALUGUEL',
  description: 'Aluguel de dezembro',
  documentNumber: 'DEZ/26',
  dueDate: '2026-12-10',
  amount: 1500,
  paid: 600,
  open: 900,
  isCredit: false,
  status: 'OPEN',
  createdBy: { id: 1, name: 'Ana Administradora' },
  createdAt: '2026-11-20T13:00:00.000Z',
  canceledAt: null,
  cancelReason: null,
} as const;

import type { BankReconciliation } from '@backoffice/contract';

export const ACCOUNTS = [
  { id: 1, name: 'Banco do Brasil', detail: '001 · ag. 1234-5 · c/c 12345-6' },
  { id: 2, name: 'Itaú', detail: '341 · ag. 0001 · c/c 9876-5' },
];

/**
 * March 2026 of account 1: opening R$ 1.000,00; in 150,00 (proposed: a Pix receipt) and 200,00 (no match); out
 * 89,99 (confirmed with its bill) and 12,90 (a fee, no match): closing 1.000,00 + 350,00 − 102,89 = 1.247,11. The
 * books: 1.000,00 − 89,99 = 910,01; difference 1.247,11 − 910,01 = 337,10 (150,00 + 200,00 − 12,90).
 */
export const MONTH: BankReconciliation = {
  accountId: 1,
  month: '2026-03',
  closingBalance: 1247.11,
  balanceOn: '2026-03-31',
  booksBalance: 910.01,
  difference: 337.1,
  lines: [
    {
      id: 11,
      postedOn: '2026-03-02',
      amount: 150,
      memo: 'PIX RECEBIDO CLIENTE A',
      fitId: 'BB01',
      status: 'OPEN',
      match: {
        kind: 'RECEIVABLE_PAYMENT',
        ref: '7',
        amount: 150,
        day: '2026-03-02',
        label: 'Recebimento de parcela · pedido 42 · 1/2 · PIX',
      },
      ignoreReason: null,
      reopened: false,
    },
    {
      id: 12,
      postedOn: '2026-03-10',
      amount: -89.99,
      memo: 'INTERNET',
      fitId: 'BB02',
      status: 'CONFIRMED',
      match: { kind: 'PAYABLE_PAYMENT', ref: '3', amount: -89.99, day: '2026-03-10', label: 'Conta paga: Internet' },
      ignoreReason: null,
      reopened: false,
    },
    {
      id: 13,
      postedOn: '2026-03-25',
      amount: 200,
      memo: 'DEPOSITO EM DINHEIRO',
      fitId: 'BB03',
      status: 'OPEN',
      match: null,
      ignoreReason: null,
      reopened: false,
    },
    {
      id: 14,
      postedOn: '2026-03-31',
      amount: -12.9,
      memo: 'TARIFA PACOTE DE SERVIÇOS',
      fitId: null,
      status: 'OPEN',
      match: null,
      ignoreReason: null,
      reopened: false,
    },
  ],
};

import {
  amountDue,
  businessDay,
  centsToReais,
  type Receivable,
  type ReceivableDetails,
  type ReceivablePayment,
  shiftDay,
} from '@backoffice/contract';

/** The business's today when the tests run: the instalments are due around it. */
export const TODAY = businessDay(new Date());

/**
 * Maria's instalment 1/3 of order CRD-017: R$ 2.000,00 due ten days ago, nothing paid, so today it asks the fine
 * (2 %: R$ 40,00) and ten days of interest (1 % a month pro rata die: R$ 6,67): R$ 2.046,67.
 */
export const LATE: Receivable = {
  id: 9,
  order: { id: 51, code: 'CRD-017' },
  customer: { id: 5, name: 'Maria Prazo' },
  seq: 1,
  count: 3,
  dueDate: shiftDay(TODAY, -10),
  amount: 2000,
  paid: 0,
  open: 2000,
  status: 'OVERDUE',
  dueToday: { daysLate: 10, principal: 2000, fine: 40, interest: 6.67, total: 2046.67 },
};

/** Her instalment 2/3, due in twenty days: it asks what is open. */
export const COMING: Receivable = {
  ...LATE,
  id: 10,
  seq: 2,
  dueDate: shiftDay(TODAY, 20),
  status: 'OPEN',
  dueToday: { daysLate: 0, principal: 2000, fine: 0, interest: 0, total: 2000 },
};

/** Sanity of the fixture: what the contract says a R$ 2.000,00 instalment ten days late asks. */
export const LATE_TOTAL = centsToReais(amountDue(200_000, LATE.dueDate, TODAY).totalCents);

/** A payment of an instalment, recorded by Beatriz by Pix on `paidOn`. */
export function payment(fields: Partial<ReceivablePayment> & { id: number; amount: number }): ReceivablePayment {
  return {
    paidOn: TODAY,
    method: 'PIX',
    principal: fields.amount,
    fine: 0,
    interest: 0,
    employee: { id: 4, name: 'Beatriz Atendente' },
    createdAt: new Date().toISOString(),
    undoneAt: null,
    undoReason: null,
    ...fields,
  };
}

/** The latest payment of PARTLY_PAID: R$ 300,00 by Pix today. */
export const LATEST_PAYMENT = payment({ id: 32, amount: 300 });

/** The instalment 2/3 with R$ 500,00 then R$ 300,00 received (R$ 1.200,00 open): the later one is the latest. */
export const PARTLY_PAID: ReceivableDetails = {
  ...COMING,
  paid: 800,
  open: 1200,
  dueToday: { daysLate: 0, principal: 1200, fine: 0, interest: 0, total: 1200 },
  payments: [payment({ id: 31, amount: 500, paidOn: shiftDay(TODAY, -3), method: 'CASH' }), LATEST_PAYMENT],
};

/** A page of the list as GET /receivables answers it. */
export const pageOf = (items: Receivable[]) => ({
  data: {
    items,
    page: 0,
    total: items.length,
    totals: {
      amount: items.reduce((sum, i) => sum + i.amount, 0),
      paid: items.reduce((sum, i) => sum + i.paid, 0),
      open: items.reduce((sum, i) => sum + i.open, 0),
    },
  },
});

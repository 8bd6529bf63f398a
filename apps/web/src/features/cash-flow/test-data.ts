import { businessDay, type CashFlow, shiftDay } from '@backoffice/contract';

/** The business's today when the tests run. */
export const TODAY = businessDay(new Date());

/**
 * A short cash flow as GET /cash-flow answers it: two past days (received and paid, no balance) and two from
 * today, the balance carried from R$ 1.000,00 (R$ 1.500,00 then R$ 1.300,00); today R$ 376,57 received and
 * R$ 2.670,30 paid already (in the typed balance: its net −1.793,73 = 376,57 − 2.670,30 + 700,00 − 200,00);
 * R$ 1.250,00 of instalments and R$ 80,00 of bills overdue, apart.
 */
export const FLOW: CashFlow = {
  from: shiftDay(TODAY, -2),
  today: TODAY,
  to: shiftDay(TODAY, 1),
  grain: 'day',
  openingBalance: 1000,
  rows: [
    {
      start: shiftDay(TODAY, -2),
      end: shiftDay(TODAY, -2),
      received: 2046.67,
      paid: 0,
      toReceive: 0,
      toPay: 0,
      net: 2046.67,
      balance: null,
    },
    {
      start: shiftDay(TODAY, -1),
      end: shiftDay(TODAY, -1),
      received: 0,
      paid: 350,
      toReceive: 0,
      toPay: 0,
      net: -350,
      balance: null,
    },
    {
      start: TODAY,
      end: TODAY,
      received: 376.57,
      paid: 2670.3,
      toReceive: 700,
      toPay: 200,
      net: -1793.73,
      balance: 1500,
    },
    {
      start: shiftDay(TODAY, 1),
      end: shiftDay(TODAY, 1),
      received: 0,
      paid: 0,
      toReceive: 0,
      toPay: 200,
      net: -200,
      balance: 1300,
    },
  ],
  totals: { received: 2423.24, paid: 3020.3, toReceive: 700, toPay: 400 },
  overdue: { toReceive: 1250, toPay: 80 },
};

import {
  businessDay,
  CASH_FLOW_DAYS,
  type CashFlow,
  type CashFlowDay,
  type CashFlowQuery,
  cashFlowRows,
  centsToReais,
  reaisToCents,
  shiftDay,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { receivablesFlow } from '../credit/receivables.service';
import { payablesFlow } from '../payables/payables.service';

/**
 * The cash flow (issue 40 §4): the instalments' and the bills' days read from their modules, put together in rows
 * by the contract's `cashFlowRows`. Owns no table.
 */
export function createCashFlowService(db: DB) {
  return {
    async flow(query: CashFlowQuery, now = new Date()): Promise<CashFlow> {
      const today = businessDay(now);
      const from = shiftDay(today, -CASH_FLOW_DAYS);
      const to = shiftDay(today, CASH_FLOW_DAYS - 1);
      const [receivables, payables] = await Promise.all([
        receivablesFlow(db, from, today, to),
        payablesFlow(db, from, today, to),
      ]);
      const days = new Map<string, CashFlowDay>();
      const dayOf = (day: string) => {
        let entry = days.get(day);
        if (!entry) {
          entry = { day, receivedCents: 0, paidCents: 0, toReceiveCents: 0, toPayCents: 0 };
          days.set(day, entry);
        }
        return entry;
      };
      for (const r of receivables.received) dayOf(r.day).receivedCents += r.cents;
      for (const r of receivables.toReceive) dayOf(r.day).toReceiveCents += r.cents;
      for (const p of payables.paid) dayOf(p.day).paidCents += p.cents;
      for (const p of payables.toPay) dayOf(p.day).toPayCents += p.cents;
      const rows = cashFlowRows(today, [...days.values()], query.grain, reaisToCents(query.openingBalance));
      const sum = (key: 'receivedCents' | 'paidCents' | 'toReceiveCents' | 'toPayCents') =>
        centsToReais([...days.values()].reduce((total, d) => total + d[key], 0));
      return {
        from,
        today,
        to,
        grain: query.grain,
        openingBalance: query.openingBalance,
        rows,
        totals: {
          received: sum('receivedCents'),
          paid: sum('paidCents'),
          toReceive: sum('toReceiveCents'),
          toPay: sum('toPayCents'),
        },
      };
    },
  };
}

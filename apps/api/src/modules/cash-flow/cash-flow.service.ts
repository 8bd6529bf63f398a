import {
  businessDay,
  businessTimeZone,
  CASH_FLOW_DAYS,
  type CashFlow,
  type CashFlowDay,
  type CashFlowQuery,
  cashFlowRows,
  centsToReais,
  dayPeriod,
  reaisToCents,
  shiftDay,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { periodOrThrow } from '../../lib/period';
import { receivablesFlow } from '../credit/receivables.service';
import { payablesFlow } from '../payables/payables.service';
import { cashFlowRepository as repo } from './cash-flow.repository';

type Key = 'receivedCents' | 'paidCents' | 'toReceiveCents' | 'toPayCents';

/**
 * The cash flow (issue 40 §4, issue 54 §3): every real received and paid up to today, once, at its origin — cash
 * and Pix parts, cash at the counter and couriers' cash, refunds and used phones paid in cash (`sales`), the card
 * payouts on their settlement days (net of the fee), the instalments paid, the bills paid — and what is due from
 * today (card payouts to come, open instalments and bills); the overdue apart. Put together in rows by the
 * contract's `cashFlowRows`. Owns no table.
 */
export function createCashFlowService(db: DB) {
  return {
    async flow(query: CashFlowQuery, now = new Date()): Promise<CashFlow> {
      const today = businessDay(now);
      const from = shiftDay(today, -CASH_FLOW_DAYS);
      const to = shiftDay(today, CASH_FLOW_DAYS - 1);
      const zone = businessTimeZone();
      const past = dayPeriod(from, today);
      const { from: start, until: endOfToday } = periodOrThrow(past.start, past.end);
      const [receivables, payables, sales, cards] = await Promise.all([
        receivablesFlow(db, from, today, to),
        payablesFlow(db, from, today, to),
        repo.sales(db, start, endOfToday, zone),
        repo.cardPayouts(db, from, to, zone),
      ]);
      const days = new Map<string, CashFlowDay>();
      const add = (day: string, key: Key, cents: number) => {
        if (day < from || day > to || cents === 0) return;
        let entry = days.get(day);
        if (!entry) {
          entry = { day, receivedCents: 0, paidCents: 0, toReceiveCents: 0, toPayCents: 0 };
          days.set(day, entry);
        }
        entry[key] += cents;
      };
      for (const r of receivables.received) add(r.day, 'receivedCents', r.cents);
      for (const r of receivables.toReceive) add(r.day, 'toReceiveCents', r.cents);
      for (const p of payables.paid) add(p.day, 'paidCents', p.cents);
      for (const p of payables.toPay) add(p.day, 'toPayCents', p.cents);
      for (const m of sales) {
        add(m.day, 'receivedCents', Number(m.in_cents));
        add(m.day, 'paidCents', Number(m.out_cents));
      }
      // The acquirer pays on the settlement day: received once it has come, to receive until then.
      for (const c of cards) add(c.day, c.day <= today ? 'receivedCents' : 'toReceiveCents', Number(c.net_cents));
      const rows = cashFlowRows(today, [...days.values()], query.grain, reaisToCents(query.openingBalance));
      const sum = (key: Key) => centsToReais([...days.values()].reduce((total, d) => total + d[key], 0));
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
        overdue: { toReceive: centsToReais(receivables.overdueCents), toPay: centsToReais(payables.overdueCents) },
      };
    },
  };
}

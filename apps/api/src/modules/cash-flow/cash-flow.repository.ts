import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** One day's money (cents) in and out, from one source. */
export interface DayMoney {
  day: string;
  in_cents: string;
  out_cents: string;
}

/**
 * The cash flow's reads of the sales' money (issue 54 §3): the drawer, the Pix and the card parts. Reads only:
 * the tables are the cash drawer's (`cash_entries`) and the payments' (`order_payments`, `order_refunds`).
 */
export const cashFlowRepository = {
  /**
   * The drawer per business day of [from, until): in, the cash of counter sales, of couriers' settlements and of
   * instalments paid in cash; out, cash given back and used phones paid in cash. 'Suprimento' and 'sangria' move
   * the shop's own money between the drawer and the safe or the bank: neither received nor paid.
   */
  async drawer(db: Executor, from: Date, until: Date, zone: string) {
    const result = await sql<DayMoney>`
      select to_char(e.created_at at time zone ${zone}::text, 'YYYY-MM-DD') as day,
        coalesce(sum(e.amount_cents) filter (where e.kind in ('SALE', 'SETTLEMENT', 'INSTALMENT')), 0)::text as in_cents,
        coalesce(sum(e.amount_cents) filter (where e.kind in ('REFUND', 'TRADE_IN')), 0)::text as out_cents
      from cash_entries e
      where e.created_at >= ${from} and e.created_at < ${until}
      group by 1`.execute(db);
    return result.rows;
  },

  /** The Pix per business day of [from, until): in, the confirmed Pix parts of orders; out, refunds sent by Pix. */
  async pix(db: Executor, from: Date, until: Date, zone: string) {
    const result = await sql<DayMoney>`
      select day, coalesce(sum(in_cents), 0)::text as in_cents, coalesce(sum(out_cents), 0)::text as out_cents from (
        select to_char(p.confirmed_at at time zone ${zone}::text, 'YYYY-MM-DD') as day,
          p.amount_cents as in_cents, 0 as out_cents
        from order_payments p
        where p.method = 'PIX' and p.status = 'CONFIRMED' and p.confirmed_at >= ${from} and p.confirmed_at < ${until}
        union all
        select to_char(r.done_at at time zone ${zone}::text, 'YYYY-MM-DD'), 0, r.amount_cents
        from order_refunds r
        where r.status = 'DONE' and r.method = 'PIX' and r.done_at >= ${from} and r.done_at < ${until}
      ) m group by day`.execute(db);
    return result.rows;
  },

  /**
   * The confirmed card parts that may have a payment due in [from, until): a coarse window, two days wide on each
   * side; the service splits each with the contract's `cardPartSettlements` and keeps the days of the range.
   */
  async cardParts(db: Executor, from: Date, until: Date) {
    const result = await sql<{
      amount_cents: number;
      fee_cents: number;
      net_cents: number;
      instalments: number;
      settlement_days: number;
      confirmed_at: Date | string | null;
      created_at: Date | string;
    }>`select p.amount_cents, coalesce(p.fee_cents, 0) as fee_cents, p.net_cents, p.instalments,
        coalesce(p.settlement_days, 0) as settlement_days, p.confirmed_at, p.created_at
      from order_payments p
      where p.method = 'CARD' and p.status = 'CONFIRMED' and p.net_cents is not null and p.instalments is not null
        and coalesce(p.confirmed_at, p.created_at) + make_interval(days => coalesce(p.settlement_days, 0))
          < ${until}::timestamptz + interval '2 days'
        and coalesce(p.confirmed_at, p.created_at)
          + make_interval(days => coalesce(p.settlement_days, 0) * p.instalments)
          >= ${from}::timestamptz - interval '2 days'`.execute(db);
    return result.rows;
  },
};

import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { cardSettlementDaysWithin } from '../../lib/card-settlements-sql';

/** One day's money (cents) in and out, from one source. */
export interface DayMoney {
  day: string;
  in_cents: string;
  out_cents: string;
}

/**
 * The cash flow's reads of the sales' money (issue 54 §3), each movement counted once, at its origin: the Pix the
 * bank received (`pix_received`), the payments' parts and refunds (`order_payments`, `order_refunds`), the drawer's
 * counter cash (`cash_entries`), the couriers' settlements (`courier_runs`), the used phones paid in cash
 * (`trade_ins`). Reads only.
 */
export const cashFlowRepository = {
  /**
   * The sales' money per business day of [from, until). In: every Pix the bank received (an order's, a part's, an
   * instalment's, one not identified) when it was paid; the confirmed cash parts and the Pix parts confirmed by
   * hand (the bank's are its Pix: not counted again; the drawer's entry of a cash part is the same money; a cash part
   * the courier collected at the door, `at_door`, is the cash he declares at his settlement: counted there); a whole
   * order's transfer or Pix confirmed by hand (its proof approved: when it first reached 'Aguardando estoquista',
   * `stocker_arrived_at` of migration 0121, unless the bank's Pix received is its); the cash an order paid at the counter without parts (the drawer's SALE
   * without a part); the cash a courier handed in
   * at his settlement (declared). Out: what the bank gave back of a Pix, the refunds done (cash or Pix), the used
   * phones paid in cash. The drawer's 'suprimento' and 'sangria' move the shop's own money between the drawer and
   * the safe or the bank: neither received nor paid. A part refused or reversed counts neither way.
   */
  async sales(db: Executor, from: Date, until: Date, zone: string) {
    const day = (at: string) => sql`to_char(${sql.ref(at)} at time zone ${zone}::text, 'YYYY-MM-DD')`;
    const within = (at: string) => sql`${sql.ref(at)} >= ${from} and ${sql.ref(at)} < ${until}`;
    const result = await sql<DayMoney>`
      select day, coalesce(sum(in_cents), 0)::text as in_cents, coalesce(sum(out_cents), 0)::text as out_cents from (
        select ${day('x.paid_at')} as day, x.amount_cents::bigint as in_cents, 0::bigint as out_cents
        from pix_received x where ${within('x.paid_at')}
        union all
        select ${day('x.refunded_at')}, 0, x.refunded_cents::bigint
        from pix_received x where x.refunded_cents > 0 and ${within('x.refunded_at')}
        union all
        select ${day('p.confirmed_at')}, p.amount_cents::bigint, 0
        from order_payments p
        where p.status = 'CONFIRMED' and (p.method = 'CASH' or (p.method = 'PIX' and p.end_to_end_id is null))
          and not p.at_door and ${within('p.confirmed_at')}
        union all
        select ${day('o.stocker_arrived_at')}, o.total_cents::bigint, 0
        from orders o
        where o.payment_method in ('PIX', 'BANK_TRANSFER') and ${within('o.stocker_arrived_at')}
          and not exists (select 1 from order_payments p where p.order_id = o.id)
          and not exists (select 1 from pix_received x where x.order_id = o.id)
          and not exists (select 1 from pix_received x where x.end_to_end_id = o.proof_end_to_end_id)
        union all
        select ${day('e.created_at')}, e.amount_cents::bigint, 0
        from cash_entries e where e.kind = 'SALE' and e.payment_id is null and ${within('e.created_at')}
        union all
        select ${day('r.settled_at')}, coalesce(r.declared_cash_cents, 0)::bigint, 0
        from courier_runs r where ${within('r.settled_at')}
        union all
        select ${day('f.done_at')}, 0, f.amount_cents::bigint
        from order_refunds f where f.status = 'DONE' and ${within('f.done_at')}
        union all
        select ${day('t.accepted_at')}, 0, coalesce(t.value_cents, 0)::bigint
        from trade_ins t where t.status = 'ACCEPTED' and t.settlement = 'CASH' and ${within('t.accepted_at')}
      ) m group by day`.execute(db);
    return result.rows;
  },

  /**
   * The card payouts per business day of [first, last]: the net the acquirer pays that day of the confirmed card parts
   * (lib/card-settlements-sql.ts: the days kept as the parts change, decision 0106).
   */
  async cardPayouts(db: Executor, first: string, last: string, zone: string) {
    const result = await sql<{ day: string; net_cents: string }>`
      select c.day, c.net_cents from ${cardSettlementDaysWithin(first, last, zone)} c`.execute(db);
    return result.rows;
  },
};

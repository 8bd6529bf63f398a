import { dayStart, shiftDay } from '@backoffice/contract';
import { type RawBuilder, sql } from 'kysely';

/** The confirmed card parts (the partial index `order_payments_card_settling` of migration 0112 holds them). */
const CARD_PART = sql`p.method = 'CARD' and p.status = 'CONFIRMED'`;
/** A part's days from its sale to its last payment (the index's first column). */
const SPAN = sql`(coalesce(p.settlement_days, 0) * p.instalments)`;
/** When a part was sold: confirmed, else recorded (the index's second column). */
const SOLD = sql`coalesce(p.confirmed_at, p.created_at)`;

/** One payment the acquirer makes of a confirmed card part, as `cardSettlementsWithin` yields it. */
export interface CardSettlementSqlRow {
  payment_id: number;
  order_id: number;
  /** Its business day, `YYYY-MM-DD`. */
  day: string;
  instalment: number;
  instalments: number;
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
}

/**
 * The payments the acquirer makes of the confirmed card parts whose business day falls in [first, last], as a
 * derived table (issue 59, decision 0093): the SQL twin of the contract's `cardPartSettlements` — the part's day in
 * the shop's `zone` (confirmed, else recorded), payment n of N on that day + `settlement_days` × n, the net and the
 * fee each split in N with the cents that do not divide on the first, the gross their sum.
 *
 * Reads only the parts that can have a payment in the period: the distinct spans (days × instalments, a dozen at
 * most in practice) are walked on the index, then for each span the parts sold from `span` days before the first
 * day (one more for a shifted clock) to the end of the last day, a range of the same index.
 */
export function cardSettlementsWithin(first: string, last: string, zone: string): RawBuilder<CardSettlementSqlRow> {
  const from = dayStart(first);
  const until = dayStart(shiftDay(last, 1));
  const share = (cents: RawBuilder<number>) => sql`floor(${cents}::numeric / p.instalments)::bigint`;
  const split = (cents: RawBuilder<number>) =>
    sql`(${share(cents)} + case when g.i = 1 then ${cents} - ${share(cents)} * p.instalments else 0 end)`;
  return sql<CardSettlementSqlRow>`(
    with recursive spans(span) as (
      (select ${SPAN} from order_payments p where ${CARD_PART} order by 1 limit 1)
      union all
      select (select ${SPAN} from order_payments p where ${CARD_PART} and ${SPAN} > s.span order by 1 limit 1)
      from spans s where s.span is not null
    )
    , parts as materialized (
      select p.id, p.order_id, p.instalments, p.net_cents, coalesce(p.fee_cents, 0) as fee_cents,
        coalesce(p.settlement_days, 0) as days, (${SOLD} at time zone ${zone}::text)::date as sold_day
      from spans
      join order_payments p on ${CARD_PART} and ${SPAN} = spans.span
        and ${SOLD} >= ${from}::timestamptz - make_interval(days => spans.span + 1) and ${SOLD} < ${until}::timestamptz
        and p.net_cents is not null and p.instalments is not null
    )
    select s.payment_id, s.order_id, to_char(s.day, 'YYYY-MM-DD') as day, s.instalment, s.instalments,
      (s.net_cents + s.fee_cents)::bigint as gross_cents, s.fee_cents, s.net_cents
    from (
      select p.id as payment_id, p.order_id, g.i as instalment, p.instalments, p.sold_day + p.days * g.i as day,
        ${split(sql`p.net_cents`)} as net_cents, ${split(sql`p.fee_cents`)} as fee_cents
      from parts p
      -- Only the instalments whose day can fall in the period: n from (first − sold) / days up to (last − sold) / days.
      cross join lateral generate_series(
        case when p.days > 0 then greatest(1, ceil((${first}::date - p.sold_day)::numeric / p.days)::int) else 1 end,
        case when p.days > 0 then least(p.instalments, floor((${last}::date - p.sold_day)::numeric / p.days)::int)
          else p.instalments end) as g(i)
    ) s
    where s.day >= ${first}::date and s.day <= ${last}::date
  )`;
}

import { DEFAULT_BUSINESS_TIME_ZONE, dayStart, shiftDay } from '@backoffice/contract';
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

/** Whether `card_settlements` holds the payments by the days of `zone`: São Paulo's, the shop's default. */
export const settlementsKept = (zone: string) => zone === DEFAULT_BUSINESS_TIME_ZONE;

/**
 * The payments the acquirer makes of the confirmed card parts whose business day falls in [first, last], as a
 * derived table (issue 59): in São Paulo, the shop's default zone, the range of `card_settlements` (migration 0124,
 * kept by the database as the parts change, decision 0106); in another zone, the parts expanded now
 * (`cardSettlementsExpanded`).
 */
export function cardSettlementsWithin(first: string, last: string, zone: string): RawBuilder<CardSettlementSqlRow> {
  if (!settlementsKept(zone)) return cardSettlementsExpanded(first, last, zone);
  return sql<CardSettlementSqlRow>`(
    select payment_id, order_id, to_char(day, 'YYYY-MM-DD') as day, instalment, instalments, gross_cents, fee_cents,
      net_cents
    from card_settlements where day >= ${first}::date and day <= ${last}::date
  )`;
}

/** The count and sums of the payments of each day of [first, last] that has one, as `cardSettlementDaysWithin` yields them. */
export interface CardSettlementDayRow {
  day: string;
  settlements: number;
  gross_cents: string;
  fee_cents: string;
  net_cents: string;
}

/**
 * The payments of each day of [first, last] that has one, counted and summed (text cents), by day: in São Paulo the
 * kept days (`card_settlement_days`), elsewhere the expanded payments grouped.
 */
export function cardSettlementDaysWithin(first: string, last: string, zone: string): RawBuilder<CardSettlementDayRow> {
  if (!settlementsKept(zone)) {
    return sql<CardSettlementDayRow>`(
      select s.day, count(*)::int as settlements, sum(s.gross_cents)::text as gross_cents,
        sum(s.fee_cents)::text as fee_cents, sum(s.net_cents)::text as net_cents
      from ${cardSettlementsExpanded(first, last, zone)} s group by s.day
    )`;
  }
  return sql<CardSettlementDayRow>`(
    select to_char(day, 'YYYY-MM-DD') as day, settlements, gross_cents::text, fee_cents::text, net_cents::text
    from card_settlement_days where day >= ${first}::date and day <= ${last}::date and settlements > 0
  )`;
}

/**
 * The payments of the confirmed card parts whose business day in `zone` falls in [first, last], expanded from the
 * parts now by migration 0124's `card_part_payments` (the SQL twin of the contract's `cardPartSettlements`): the
 * part's day (confirmed, else recorded), payment n of N on that day + `settlement_days` × n, the net and the fee each
 * split in N with the cents that do not divide on the first, the gross their sum. What `card_settlements` keeps for
 * São Paulo, and the recount its test compares it with.
 *
 * Reads only the parts that can have a payment in the period: the distinct spans (days × instalments, a dozen at
 * most in practice) are walked on the index, then for each span the parts sold from `span` days before the first
 * day (one more for a shifted clock) to the end of the last day, a range of the same index.
 */
export function cardSettlementsExpanded(first: string, last: string, zone: string): RawBuilder<CardSettlementSqlRow> {
  const from = dayStart(first);
  const until = dayStart(shiftDay(last, 1));
  return sql<CardSettlementSqlRow>`(
    with recursive spans(span) as (
      (select ${SPAN} from order_payments p where ${CARD_PART} order by 1 limit 1)
      union all
      select (select ${SPAN} from order_payments p where ${CARD_PART} and ${SPAN} > s.span order by 1 limit 1)
      from spans s where s.span is not null
    )
    , parts as materialized (
      select p.id, p.order_id, p.instalments, p.net_cents::bigint as net_cents,
        coalesce(p.fee_cents, 0)::bigint as fee_cents, coalesce(p.settlement_days, 0) as days,
        (${SOLD} at time zone ${zone}::text)::date as sold_day
      from spans
      join order_payments p on ${CARD_PART} and ${SPAN} = spans.span
        and ${SOLD} >= ${from}::timestamptz - make_interval(days => spans.span + 1) and ${SOLD} < ${until}::timestamptz
        and p.net_cents is not null and p.instalments is not null
    )
    select p.id as payment_id, p.order_id, to_char(g.day, 'YYYY-MM-DD') as day, g.instalment, p.instalments,
      g.net_cents + g.fee_cents as gross_cents, g.fee_cents, g.net_cents
    from parts p
    cross join lateral card_part_payments(p.sold_day, p.days, p.instalments, p.net_cents, p.fee_cents,
      ${first}::date, ${last}::date) g
  )`;
}

import { sql } from 'kysely';
import { lineCost, orderFreightAndServices, unitCostOr } from '../../lib/sale-money';
import { SALE } from './report-sql';

/**
 * What reports 19 and 21 (and the dashboard's 'Vendas hoje') sum (issue 39 §5, issue 54 §4), one row per
 * movement of goods and money in [from, until), by the one definition of a sale's money (`lib/sale-money.ts`):
 * - each line of a sale placed then (not cancelled): its units, goods, discount and cost (`lineCost`: a unit
 *   entered by IMEI at its own cost, the rest at the average cost recorded on the line, decision 0046);
 * - each sale's freight and services (shipping, fast-delivery tax, a repair's labour, the warranty): no product,
 *   no units, no cost, counted once with its order;
 * - each exchange or return registered then (`order_adjustments`, at its own time, of its order's customer and
 *   attendant): the goods that came back, −units, their price paid as `returns` and −units × their cost (the
 *   returned unit's own cost, else the cost recorded on the order's first line of the product);
 * - each exchange's replacement: +units, −units × its price as `returns` (money the customer owes on it) and
 *   +units × its cost when it left (the replacement unit's own cost, else the EXCHANGE ledger row's cost before).
 * `order_id` only on sale lines and their freight and services (the orders counted).
 */
export const marginLines = (from: Date, until: Date) => sql`
  select i.product_id, o.customer_id, o.attendant_id, o.created_at as at, o.id as order_id,
      i.quantity::bigint as quantity, i.total_cents::bigint as gross, i.discount_cents::bigint as discount,
      0::bigint as returns, ${lineCost('o', 'i')} as cost
    from orders o join order_items i on i.order_id = o.id
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
  union all
  select null::integer, o.customer_id, o.attendant_id, o.created_at, o.id,
      0::bigint, ${orderFreightAndServices('o')}, 0::bigint, 0::bigint, 0::bigint
    from orders o
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until} and ${orderFreightAndServices('o')} <> 0
  union all
  select a.product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      -a.quantity::bigint, 0::bigint, 0::bigint, a.quantity::bigint * a.unit_price_cents,
      -a.quantity::bigint * ${unitCostOr(
        sql.ref('a.unit_id'),
        sql`coalesce((select i.unit_cost_cents from order_items i
          where i.order_id = a.original_order_id and i.product_id = a.product_id order by i.id limit 1), 0)`,
      )}
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.created_at >= ${from} and a.created_at < ${until}
  union all
  select a.replacement_product_id, o.customer_id, o.attendant_id, a.created_at, null::integer,
      a.quantity::bigint, 0::bigint, 0::bigint, -a.quantity::bigint * coalesce(a.replacement_unit_price_cents, 0),
      a.quantity::bigint * ${unitCostOr(
        sql.ref('a.replacement_unit_id'),
        sql`coalesce((select m.cost_before_cents from stock_movements m
          where m.kind = 'EXCHANGE' and m.order_id = a.original_order_id and m.product_id = a.replacement_product_id
            and m.quantity_out > 0 and m.created_at <= a.created_at
          order by m.created_at desc, m.id desc limit 1), 0)`,
      )}
    from order_adjustments a join orders o on o.id = a.original_order_id
    where a.kind = 'EXCHANGE' and a.replacement_product_id is not null
      and a.created_at >= ${from} and a.created_at < ${until}`;

/** The revenue (cents) of [from, until) as one scalar: `marginLines`' goods, freight and services less returns. */
export const revenueOf = (from: Date, until: Date) =>
  sql`(select coalesce(sum(l.gross - l.discount - l.returns), 0)::bigint from (${marginLines(from, until)}) l)`;

/**
 * The acquirer's fee of every confirmed card part (as recorded) of the sales placed in [from, until), as rows `at`
 * (the order's instant), `fee` (cents): report 19's card fees. A refused or reversed part keeps none.
 */
export const cardFeeLines = (from: Date, until: Date) => sql`
  select o.created_at as at, coalesce(p.fee_cents, 0)::bigint as fee
    from orders o join order_payments p on p.order_id = o.id
    where ${SALE('o')} and o.created_at >= ${from} and o.created_at < ${until}
      and p.method = 'CARD' and p.status = 'CONFIRMED'`;

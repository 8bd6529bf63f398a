import { type RawBuilder, sql } from 'kysely';

/**
 * The one definition of a sale's money (issue 54 §4), used by every figure that says what was sold and what it
 * cost: the dashboard's 'Vendas hoje', report 19 'Margem', report 21 'Faturamento por período' (and so the month
 * reports) and 'Usados por mês'.
 *
 * - Revenue of an order = its goods at the prices sold less the discounts on their lines
 *   (`order_items.total_cents − discount_cents`) + the freight it charged (`shipping_cost_cents +
 *   fast_delivery_tax_cents`) + the services it sold (a repair's labour `labour_cents`, the extended warranty
 *   `warranty_cents`): each counted once, the order's own total.
 * - Cost of a line = the unit's own cost (`product_units.cost_cents`) for each unit entered by IMEI that left on
 *   the order's sale (a seminovo taken in trade, a phone bought by IMEI), and the average cost recorded on the
 *   line (`unit_cost_cents`, decision 0046) for the rest of its quantity.
 */

/** Freight and services of order `o` (cents): what its total holds besides the goods. */
export const orderFreightAndServices = (o: string): RawBuilder<number> =>
  sql`(${sql.ref(`${o}.shipping_cost_cents`)} + ${sql.ref(`${o}.fast_delivery_tax_cents`)}
    + ${sql.ref(`${o}.labour_cents`)} + ${sql.ref(`${o}.warranty_cents`)})::bigint`;

/** The goods of line `i` at the price sold, less its discount (cents). */
export const lineNetGoods = (i: string): RawBuilder<number> =>
  sql`(${sql.ref(`${i}.total_cents`)} - ${sql.ref(`${i}.discount_cents`)})::bigint`;

/**
 * The units entered by IMEI that left on the sale of product `productId` by order `orderId` (the sale's ledger
 * rows and the units they name), as rows `unit_id, cost_cents`.
 */
export const unitsSold = (orderId: RawBuilder<unknown>, productId: RawBuilder<unknown>) =>
  sql`select distinct u.id as unit_id, u.cost_cents from stock_movements m
    join stock_movement_units mu on mu.movement_id = m.id join product_units u on u.id = mu.unit_id
    where m.kind = 'SALE' and m.quantity_out > 0 and m.order_id = ${orderId} and m.product_id = ${productId}`;

/**
 * The cost of line `i` of order `o` (cents): its units entered by IMEI at their own cost, the rest of its
 * quantity at the average cost recorded on the line.
 */
export const lineCost = (o: string, i: string): RawBuilder<number> => {
  const quantity = sql.ref(`${i}.quantity`);
  return sql`(select coalesce(sum(s.cost_cents), 0)::bigint
      + (${quantity} - count(s.unit_id))::bigint * ${sql.ref(`${i}.unit_cost_cents`)}
    from (${unitsSold(sql.ref(`${o}.id`), sql.ref(`${i}.product_id`))} order by 1 limit ${quantity}) s)`;
};

/** The cost of unit `unitId` when it names one, else `fallback` (cents): a unit's own cost first. */
export const unitCostOr = (unitId: RawBuilder<unknown>, fallback: RawBuilder<unknown>): RawBuilder<number> =>
  sql`coalesce((select u.cost_cents from product_units u where u.id = ${unitId}), ${fallback})::bigint`;

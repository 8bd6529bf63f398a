import { ORDER_TRANSITIONS, readsOnlyOwnOrders } from '@backoffice/contract';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../plugins/auth';

/** Who reads orders, as every read path of the orders scopes them (issue 15, part 2). */
export interface OrderReader {
  employeeId: number;
  /** The employee's token version now (signed links to the order's pictures carry it). */
  tokenVersion: number;
  /** A courier (function Motoboy) without full:access reads only his orders (`courierOrders`). */
  onlyOwn: boolean;
}

/** The statuses an order waits in for a courier to collect it ('retirando'): the `from` of withdraw. */
const COLLECTABLE = [
  ...new Set(ORDER_TRANSITIONS.filter((t) => t.action === 'withdraw').map((t) => t.from)),
] as number[];

/**
 * THE courier's orders, the one rule of what "his" means: the orders he delivers or delivered
 * (`deliverer_id` is him), and the packed orders waiting for a courier that nobody has taken yet (he may
 * collect them: the workflow's `ownDelivery` rule lets a courier withdraw those). Every order read of a
 * courier (lists, counts, search, details, history, pictures) and his delivery tasks use it.
 */
export function courierOrders(employeeId: number) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
    eb.or([
      eb('o.deliverer_id', '=', employeeId),
      eb.and([eb('o.status', 'in', COLLECTABLE), eb('o.deliverer_id', 'is', null)]),
    ]);
}

/** The orders `reader` may read: every order, or a courier's own (`courierOrders`). */
export function readableBy(reader: OrderReader) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
    reader.onlyOwn ? courierOrders(reader.employeeId)(eb) : sql<SqlBool>`true`;
}

/** The signed-in employee as a reader of orders (function and token version as the auth hook read them). */
export function readerOf(principal: Principal): OrderReader {
  return {
    employeeId: principal.employeeId,
    tokenVersion: principal.tokenVersion,
    onlyOwn: readsOnlyOwnOrders(principal),
  };
}

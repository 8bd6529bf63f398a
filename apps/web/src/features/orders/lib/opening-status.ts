import {
  FINAL_ORDER_STATUSES,
  mayMake,
  ORDER_STAGE_STATUSES,
  ORDER_STAGES,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderStatusCount,
} from '@backoffice/contract';

/** The statuses in the order the cards show them (the stages, then the workflow's order inside each). */
const CARD_ORDER: readonly number[] = ORDER_STAGES.flatMap((stage) => ORDER_STAGE_STATUSES[stage]);

/**
 * Where /admin/orders opens (issue 35 §10, decision 0036; the spec opened on FINALIZADOS, 2,698 orders nobody
 * works on): the first status, in the cards' order, that has orders and from which this employee can move one
 * on (a move of the workflow table other than cancelling); else the first that has orders; else FINALIZADOS.
 */
export function openingOrderStatus(counts: readonly OrderStatusCount[], actor: OrderActor | undefined): number {
  const withOrders = CARD_ORDER.filter((key) => counts.some((count) => count.key === key && count.quantity > 0));
  const work = withOrders.find(
    (key) =>
      !(FINAL_ORDER_STATUSES as readonly number[]).includes(key) &&
      actor !== undefined &&
      ORDER_TRANSITIONS.some(
        (t) => t.from === key && t.action !== 'cancel' && mayMake(t, actor.permissions, actor.func),
      ),
  );
  return work ?? withOrders[0] ?? ORDER_STATUS.FINALIZADOS;
}

import {
  availableActions,
  canChangeDeliverer,
  hasAnyPermission,
  INVOICEABLE_ORDER_STATUSES,
  ORDER_STATUS,
  type OrderActor,
  type OrderStatusKey,
  type OrderSummary,
  orderDiscountChangeable,
  PERMISSIONS,
} from '@backoffice/contract';

const S = ORDER_STATUS;

/** The toolbar of a selected order (spec section 2, Orders), in the order the buttons show. */
export const TOOLBAR_ACTIONS = [
  'details',
  'history',
  'changes',
  'pdf',
  'receipt',
  'packaging',
  'signature',
  'approve',
  'credit',
  'deliverer',
  'edit',
  'discount',
  'invoice',
  'withdraw',
  'finalize',
  'cancel',
] as const;
export type ToolbarAction = (typeof TOOLBAR_ACTIONS)[number];

/**
 * Which buttons are enabled for this order and employee. The spec's table first (courier change in
 * ENTREGA_IMEDIATA / AGUARDANDO_MOTOBOY, approve or reject in AGUARDANDO_APROVACAO, the credit's decision in
 * AGUARDANDO_APROVACAO_CREDITO, finish in
 * AGUARDANDO_CLIENTE / ENTREGUE, signature in FINALIZADOS / ENTREGUE, cancel in anything but CANCELADO);
 * then the workflow table of the contract (`availableActions`, `canChangeDeliverer`), which the server
 * enforces, so a button is never offered for a move the server would refuse (e.g. cancelling a finished
 * or refused order, final statuses). 'Nota fiscal' follows the contract's INVOICEABLE_ORDER_STATUSES and the
 * 'Notas fiscais' permission. 'Retirando', whose availability the spec does not show, follows the
 * workflow table alone; the views (details, history, the audit's 'Histórico de alterações', PDF, receipt, packaging) are always available.
 */
export function enabledActions(order: OrderSummary, actor: OrderActor | undefined): Set<ToolbarAction> {
  const enabled = new Set<ToolbarAction>(['details', 'history', 'changes', 'pdf', 'receipt', 'packaging']);
  const status = order.statusKey;
  if (status === S.FINALIZADOS || status === S.ENTREGUE) enabled.add('signature');
  if (!actor) return enabled;
  const moves = availableActions(
    { status, deliveryType: order.deliveryType, fastDelivery: order.fastDelivery, delivererId: order.delivererId },
    actor,
  );
  // Only while the order waits for a courier (Entrega imediata, Aguardando motoboy): canChangeDeliverer checks it.
  if (canChangeDeliverer({ status }, actor)) enabled.add('deliverer');
  if (status === S.AGUARDANDO_APROVACAO && (moves.includes('approve') || moves.includes('refuse')))
    enabled.add('approve');
  // A sale on credit held for approval (issue 40 §1): who holds 'Crédito e cobrança' approves or refuses it.
  if (status === S.AGUARDANDO_APROVACAO_CREDITO && (moves.includes('approveCredit') || moves.includes('refuseCredit')))
    enabled.add('credit');
  if ((status === S.AGUARDANDO_CLIENTE || status === S.ENTREGUE) && moves.includes('finalize')) enabled.add('finalize');
  if (status !== S.CANCELADO && moves.includes('cancel')) enabled.add('cancel');
  if (moves.includes('withdraw')) enabled.add('withdraw');
  // Issue 38: a seller changes the discount while the order's total may still change (the server checks both).
  if (
    hasAnyPermission(actor.permissions, [PERMISSIONS.internalSales]) &&
    orderDiscountChangeable({ status, paymentMethod: order.paymentMethod, cardOnDelivery: order.cardOnDelivery })
  ) {
    enabled.add('discount');
    // Issue 38 §5 (decision 0044): the same orders may have their lines, delivery and warranty changed.
    enabled.add('edit');
  }
  // Issue 41 §2: 'Nota fiscal' (emit the order's NF-e or NFC-e, or see the one it has) for who holds 'Notas fiscais',
  // on an order that may have a note (the server refuses the others anyway).
  if (
    hasAnyPermission(actor.permissions, [PERMISSIONS.invoices]) &&
    INVOICEABLE_ORDER_STATUSES.includes(status as OrderStatusKey)
  )
    enabled.add('invoice');
  return enabled;
}

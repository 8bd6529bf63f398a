import { isFinalOrderAction, type OrderAction, type OrderWorkflowState, packingAction } from './order-status';
import { ORDER_TEXTS } from './order-texts';

/*
 * The order commands' calls, free of schemas: the field screens make them (and keep them offline) without
 * loading the order schemas nor zod (decision 0026). `order-commands.ts` adds to each what only the server
 * reads (its OpenAPI summary, the body's schema, the note, proof, units and pictures taken from the body)
 * and re-exports them.
 */

/** The kind a move's pictures are stored as (order_images.kind). */
export type OrderMovePictureKind = 'RECEIPT' | 'PACKAGING' | 'SIGNATURE';

/** One order command as both sides make it: the table's moves, the HTTP call and section 8's texts. */
export interface OrderCommandCall {
  /** The table's moves the call makes: one action, or (packing) several, of which `choose` picks one. */
  actions: readonly OrderAction[];
  /** With several actions: the one this order needs (the packing move matching its delivery). */
  choose?(order: Pick<OrderWorkflowState, 'deliveryType' | 'fastDelivery'>): OrderAction;
  method: 'PATCH' | 'POST';
  /** The exact path of section 7, under /api. */
  path: `/workflow/order/${string}`;
  /** The kind of the pictures the call carries, if any. */
  pictures?: { kind: OrderMovePictureKind };
  /** Section 8's success text (the web's snackbar). */
  success: string;
  /** Section 8's text for a failure the server does not explain (a 4xx shows the server's message). */
  failure: string;
}

/** The call of each command of the registry (`ORDER_COMMANDS`, order-commands.ts), by the command's name. */
export const ORDER_COMMAND_CALLS = {
  approve: {
    actions: ['approve'],
    method: 'PATCH',
    path: '/workflow/order/approve',
    success: ORDER_TEXTS.approvedOrRefused,
    failure: ORDER_TEXTS.approveFailed,
  },
  refuse: {
    actions: ['refuse'],
    method: 'PATCH',
    path: '/workflow/order/refuse',
    success: ORDER_TEXTS.approvedOrRefused,
    failure: ORDER_TEXTS.approveFailed,
  },
  approveCredit: {
    actions: ['approveCredit'],
    method: 'PATCH',
    path: '/workflow/order/approve-credit',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  refuseCredit: {
    actions: ['refuseCredit'],
    method: 'PATCH',
    path: '/workflow/order/refuse-credit',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  confirmPayment: {
    actions: ['confirmPayment'],
    method: 'PATCH',
    path: '/workflow/order/confirm-payment',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  confirmPix: {
    actions: ['confirmPix'],
    method: 'PATCH',
    path: '/workflow/order/confirm-pix',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  failPayment: {
    actions: ['failPayment'],
    method: 'PATCH',
    path: '/workflow/order/fail-payment',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  retryPayment: {
    actions: ['retryPayment'],
    method: 'PATCH',
    path: '/workflow/order/retry-payment',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  attachReceipt: {
    actions: ['attachReceipt'],
    method: 'PATCH',
    path: '/workflow/order/receipt',
    pictures: { kind: 'RECEIPT' },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  startPreparation: {
    actions: ['startPreparation'],
    method: 'PATCH',
    path: '/workflow/order/prepare',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  pack: {
    actions: ['readyForCourier', 'readyForFastCourier', 'readyForPickup'],
    choose: packingAction,
    method: 'PATCH',
    path: '/workflow/order/pack',
    pictures: { kind: 'PACKAGING' },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  withdraw: {
    actions: ['withdraw'],
    method: 'PATCH',
    path: '/workflow/order/withdraw',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  deliver: {
    actions: ['deliver'],
    method: 'PATCH',
    path: '/workflow/order/deliver',
    pictures: { kind: 'SIGNATURE' },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  customerAbsent: {
    actions: ['customerAbsent'],
    method: 'PATCH',
    path: '/workflow/order/absent',
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  },
  finalize: {
    actions: ['finalize'],
    method: 'POST',
    path: '/workflow/order/finalize',
    success: ORDER_TEXTS.finalized,
    failure: ORDER_TEXTS.finalizeFailed,
  },
  cancel: {
    actions: ['cancel'],
    method: 'PATCH',
    path: '/workflow/order/cancel',
    success: ORDER_TEXTS.cancelled,
    failure: ORDER_TEXTS.cancelFailed,
  },
} as const satisfies Record<string, OrderCommandCall>;

export type OrderCommandCallName = keyof typeof ORDER_COMMAND_CALLS;

/**
 * A move's body as it leaves the phone (decision 0039): one that says when it happened (`occurredAt`, by the
 * phone's clock) also says what that clock reads now (`deviceNow`), so the server corrects the phone's clock by
 * its own. Called at each sending (the first try and every one from the outbox).
 */
export function stampSending<B extends object>(body: B, now: Date = new Date()): B & { deviceNow?: string } {
  return 'occurredAt' in body && body.occurredAt ? { ...body, deviceNow: now.toISOString() } : body;
}

/** The calls that make a final move (refuse, refuseCredit, finalize, cancel): read from the table, see isFinalOrderAction. */
export type FinalOrderCommand = 'refuse' | 'refuseCredit' | 'finalize' | 'cancel';

/**
 * The calls whose moves end the order (order-commands.test.ts checks this list against the table): each
 * screen asks confirmation and a reason before making one (the web's FinalMoveDialog, decision 0036).
 */
export const FINAL_ORDER_COMMANDS = (Object.keys(ORDER_COMMAND_CALLS) as OrderCommandCallName[]).filter((name) =>
  ORDER_COMMAND_CALLS[name].actions.some(isFinalOrderAction),
) as FinalOrderCommand[];

export function isFinalOrderCommand(name: string): name is FinalOrderCommand {
  return (FINAL_ORDER_COMMANDS as readonly string[]).includes(name);
}

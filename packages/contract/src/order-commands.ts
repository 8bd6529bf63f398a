import type { z } from 'zod';
import type { PackUnit } from './imei';
import { type OrderAction, type OrderWorkflowState, packingAction } from './order-status';
import {
  ORDER_TEXTS,
  type OrderConcurrency,
  orderAbsentBodySchema,
  orderActionBodySchema,
  orderApproveBodySchema,
  orderCancelBodySchema,
  orderDeliverBodySchema,
  orderPackBodySchema,
  orderReceiptBodySchema,
  orderRefuseBodySchema,
} from './orders-api';

/** What every move's body carries: the order, and what the screen saw of it (optimistic concurrency). */
export type OrderMoveBody = { orderId: number } & OrderConcurrency;

/** The kind a move's pictures are stored as (order_images.kind). */
export type OrderMovePictureKind = 'RECEIPT' | 'PACKAGING' | 'SIGNATURE';

/**
 * One call of the order workflow, declared once: the server produces its route from it (method, path,
 * OpenAPI summary, body schema, the permission rule read from the table's moves, the history note, the
 * pictures to check and store) and the web its `useOrderMove` call (path, body, success and failure text).
 * What the move itself requires and does (reason, photos, stock, courier…) stays in ORDER_TRANSITIONS;
 * the server's effects are in workflow.ts.
 */
export interface OrderCommand<B extends z.ZodType<OrderMoveBody> = z.ZodType<OrderMoveBody>> {
  /** The table's moves the call makes: one action, or (packing) several, of which `choose` picks one. */
  actions: readonly OrderAction[];
  /** With several actions: the one this order needs (the packing move matching its delivery). */
  choose?(order: Pick<OrderWorkflowState, 'deliveryType' | 'fastDelivery'>): OrderAction;
  method: 'PATCH' | 'POST';
  /** The exact path of section 7, under /api. */
  path: `/workflow/order/${string}`;
  /** The OpenAPI summary (Portuguese, like the rest of /api/docs). */
  summary: string;
  /** The body, validated by the route (400 with its Portuguese messages). */
  body: B;
  /** The history row's note (a reason, or a default text saying why). */
  note?(body: z.output<B>): string | null | undefined;
  /** The E2E id of the payment proof the call names (approve), checked and stored with the move. */
  proof?(body: z.output<B>): string | undefined;
  /** The units the call names by IMEI (packing a serialized line), checked and taken in the move. */
  units?(body: z.output<B>): PackUnit[] | undefined;
  /** The pictures the call carries (base64 JPEG/PNG), checked and re-encoded before the move, stored in it. */
  pictures?: { kind: OrderMovePictureKind; of(body: z.output<B>): string[] };
  /** Section 8's success text (the web's snackbar). */
  success: string;
  /** Section 8's text for a failure the server does not explain (a 4xx shows the server's message). */
  failure: string;
}

const command = <B extends z.ZodType<OrderMoveBody>>(declared: OrderCommand<B>): OrderCommand<B> => declared;

/**
 * THE registry of order commands: every move of ORDER_TRANSITIONS is made through exactly one of these
 * calls (order-commands.test.ts checks it). A new move is one entry here (or an action added to one) plus
 * its row in the table and its effect in workflow.ts; the route, the OpenAPI entry and the web's call follow.
 * `PUT /orders/change/status` (any move without pictures, by the status reached) and the courier changes
 * (not moves) are written by hand in orders.routes.ts.
 */
export const ORDER_COMMANDS = {
  approve: command({
    actions: ['approve'],
    method: 'PATCH',
    path: '/workflow/order/approve',
    summary:
      'Aprova o comprovante: Aguardando aprovação → Aguardando estoquista; endToEndId (opcional) é o ID da transação do comprovante (409 PROOF_REUSED se outro pedido já o usou)',
    body: orderApproveBodySchema,
    proof: (body) => body.endToEndId,
    success: ORDER_TEXTS.approvedOrRefused,
    failure: ORDER_TEXTS.approveFailed,
  }),
  refuse: command({
    actions: ['refuse'],
    method: 'PATCH',
    path: '/workflow/order/refuse',
    summary: 'Reprova o comprovante: Aguardando aprovação → Reprovados (as mercadorias voltam ao estoque)',
    body: orderRefuseBodySchema,
    note: (body) => body.comment || ORDER_TEXTS.refusedDefaultNote,
    success: ORDER_TEXTS.approvedOrRefused,
    failure: ORDER_TEXTS.approveFailed,
  }),
  confirmPayment: command({
    actions: ['confirmPayment'],
    method: 'PATCH',
    path: '/workflow/order/confirm-payment',
    summary: 'Pix automático confirmado: Processando → Aguardando estoquista',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  confirmPix: command({
    actions: ['confirmPix'],
    method: 'PATCH',
    path: '/workflow/order/confirm-pix',
    summary:
      'Pix recebido (webhook do banco) com o valor exato do pedido: Aguardando comprovante → Aguardando estoquista (400 sem Pix recebido para o pedido)',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  failPayment: command({
    actions: ['failPayment'],
    method: 'PATCH',
    path: '/workflow/order/fail-payment',
    summary: 'Pix automático não confirmado: Processando → Erro',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  retryPayment: command({
    actions: ['retryPayment'],
    method: 'PATCH',
    path: '/workflow/order/retry-payment',
    summary: 'Nova tentativa de pagamento: Erro → Processando',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  attachReceipt: command({
    actions: ['attachReceipt'],
    method: 'PATCH',
    path: '/workflow/order/receipt',
    summary: 'Anexa o comprovante de pagamento (base64 JPEG/PNG): Aguardando comprovante → Aguardando aprovação',
    body: orderReceiptBodySchema,
    pictures: { kind: 'RECEIPT', of: (body) => [body.image] },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  startPreparation: command({
    actions: ['startPreparation'],
    method: 'PATCH',
    path: '/workflow/order/prepare',
    summary: 'O estoquista inicia a separação: Aguardando estoquista → Em preparação (estoquista = quem chama)',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  pack: command({
    actions: ['readyForCourier', 'readyForFastCourier', 'readyForPickup'],
    choose: packingAction,
    method: 'PATCH',
    path: '/workflow/order/pack',
    summary:
      'O estoquista termina a embalagem com uma ou mais fotos (base64 JPEG/PNG): Em preparação → Aguardando motoboy, Entrega imediata ou Aguardando cliente, pelo tipo de entrega',
    body: orderPackBodySchema,
    units: (body) => body.units,
    pictures: { kind: 'PACKAGING', of: (body) => body.images },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  withdraw: command({
    actions: ['withdraw'],
    method: 'PATCH',
    path: '/workflow/order/withdraw',
    summary:
      '"Retirando": o motoboy retira o pedido na loja: Aguardando motoboy → Em entrega, Entrega imediata → Em entrega imediata',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  deliver: command({
    actions: ['deliver'],
    method: 'PATCH',
    path: '/workflow/order/deliver',
    summary: 'Entregue com a assinatura do cliente (PNG base64): Em entrega / Em entrega imediata → Entregue',
    body: orderDeliverBodySchema,
    pictures: { kind: 'SIGNATURE', of: (body) => [body.signature] },
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  customerAbsent: command({
    actions: ['customerAbsent'],
    method: 'PATCH',
    path: '/workflow/order/absent',
    summary: 'Cliente ausente: o pedido volta para a loja (Em entrega / Em entrega imediata → Aguardando cliente)',
    body: orderAbsentBodySchema,
    note: (body) => body.comment || ORDER_TEXTS.absentDefaultNote,
    success: ORDER_TEXTS.changed,
    failure: ORDER_TEXTS.changeFailed,
  }),
  finalize: command({
    actions: ['finalize'],
    method: 'POST',
    path: '/workflow/order/finalize',
    summary: 'Finaliza o pedido: Entregue ou Aguardando cliente → Finalizados',
    body: orderActionBodySchema,
    success: ORDER_TEXTS.finalized,
    failure: ORDER_TEXTS.finalizeFailed,
  }),
  cancel: command({
    actions: ['cancel'],
    method: 'PATCH',
    path: '/workflow/order/cancel',
    summary: 'Cancela o pedido com o motivo (de qualquer status não final; as mercadorias voltam ao estoque)',
    body: orderCancelBodySchema,
    note: (body) => body.comment,
    success: ORDER_TEXTS.cancelled,
    failure: ORDER_TEXTS.cancelFailed,
  }),
} as const;

export type OrderCommandName = keyof typeof ORDER_COMMANDS;

/** Every command, for the server's loop (its routes) and the checks. */
export const ORDER_COMMAND_LIST: readonly OrderCommand[] = Object.values(ORDER_COMMANDS);

/** The action a command makes on this order: its only one, or the one `choose` picks (packing). */
export function commandAction(
  command: Pick<OrderCommand, 'actions' | 'choose'>,
  order: Pick<OrderWorkflowState, 'deliveryType' | 'fastDelivery'>,
): OrderAction {
  const only = command.actions[0];
  if (command.choose) return command.choose(order);
  if (command.actions.length !== 1 || only === undefined)
    throw new Error('an order command without choose makes one action');
  return only;
}

/** The body a command sends, without the order and the concurrency fields (what a screen fills in). */
export type OrderCommandFields<N extends OrderCommandName> = Omit<
  z.input<(typeof ORDER_COMMANDS)[N]['body']>,
  keyof OrderMoveBody
>;

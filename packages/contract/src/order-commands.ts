import type { z } from 'zod';
import type { PackUnit } from './imei';
import { ORDER_COMMAND_CALLS, type OrderCommandCall, type OrderMovePictureKind } from './order-command-calls';
import type { CardReceipt } from './order-payments';
import type { OrderAction, OrderWorkflowState } from './order-status';
import {
  ORDER_TEXTS,
  type OrderConcurrency,
  orderAbsentBodySchema,
  orderActionBodySchema,
  orderApproveBodySchema,
  orderCancelBodySchema,
  orderCreditDecisionBodySchema,
  orderDeliverBodySchema,
  orderFinalizeBodySchema,
  orderPackBodySchema,
  orderReceiptBodySchema,
  orderRefuseBodySchema,
} from './orders-api';

export {
  FINAL_ORDER_COMMANDS,
  type FinalOrderCommand,
  isFinalOrderCommand,
  ORDER_COMMAND_CALLS,
  type OrderCommandCall,
  type OrderMovePictureKind,
  stampSending,
} from './order-command-calls';

/** What every move's body carries: the order, and what the screen saw of it (optimistic concurrency). */
export type OrderMoveBody = { orderId: number } & OrderConcurrency;

/**
 * One call of the order workflow, declared once: the server produces its route from it (method, path,
 * OpenAPI summary, body schema, the permission rule read from the table's moves, the history note, the
 * pictures to check and store) and the web its `useOrderMove` call (path, body, success and failure text).
 * What the move itself requires and does (reason, photos, stock, courier…) stays in ORDER_TRANSITIONS;
 * the server's effects are in workflow.ts. The call itself (moves, method, path, texts) is its entry of
 * ORDER_COMMAND_CALLS, which the web reads without the schemas.
 */
export interface OrderCommand<B extends z.ZodType<OrderMoveBody> = z.ZodType<OrderMoveBody>> extends OrderCommandCall {
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
  /** A delivery's facts (decision 0039): when the phone says it happened, and who received it. */
  delivery?(body: z.output<B>): DeliveryFacts;
}

/** What a delivery call may tell besides the signature (every field optional, section 7's clients send none). */
export interface DeliveryFacts {
  /** When the customer signed, by the phone's clock. */
  occurredAt?: string;
  /** The phone's clock when the call was sent. */
  deviceNow?: string;
  receiverName?: string;
  receiverDocument?: string;
  /** The card machine's receipt the courier typed ('Levar maquininha'): recorded by payments with the delivery. */
  cardReceipt?: CardReceipt;
}

const command = <B extends z.ZodType<OrderMoveBody>>(declared: OrderCommand<B>): OrderCommand<B> => declared;

/**
 * THE registry of order commands: every move of ORDER_TRANSITIONS is made through exactly one of these
 * calls (order-commands.test.ts checks it). A new move is one entry here and its call in ORDER_COMMAND_CALLS
 * (or an action added to one) plus its row in the table and its effect in workflow.ts; the route, the OpenAPI
 * entry and the web's call follow.
 * `PUT /orders/change/status` (any move without pictures, by the status reached) and the courier changes
 * (not moves) are written by hand in orders.routes.ts.
 */
export const ORDER_COMMANDS = {
  approve: command({
    ...ORDER_COMMAND_CALLS.approve,
    summary:
      'Aprova o comprovante: Aguardando aprovação → Aguardando estoquista; endToEndId (opcional) é o ID da transação do comprovante (409 PROOF_REUSED se outro pedido já o usou)',
    body: orderApproveBodySchema,
    proof: (body) => body.endToEndId,
  }),
  refuse: command({
    ...ORDER_COMMAND_CALLS.refuse,
    summary: 'Reprova o comprovante: Aguardando aprovação → Reprovados (as mercadorias voltam ao estoque)',
    body: orderRefuseBodySchema,
    note: (body) => body.comment || ORDER_TEXTS.refusedDefaultNote,
  }),
  approveCredit: command({
    ...ORDER_COMMAND_CALLS.approveCredit,
    summary:
      "Aprova a venda a prazo acima do limite do cliente ou de cliente em atraso (issue 40): Aguardando aprovação de crédito → Aguardando estoquista; comment (o motivo) é obrigatório; só quem tem 'Crédito e cobrança'",
    body: orderCreditDecisionBodySchema,
    note: (body) => body.comment,
  }),
  refuseCredit: command({
    ...ORDER_COMMAND_CALLS.refuseCredit,
    summary:
      "Reprova a venda a prazo (issue 40): Aguardando aprovação de crédito → Reprovados, as mercadorias voltam ao estoque; comment (o motivo) é obrigatório; só quem tem 'Crédito e cobrança'",
    body: orderCreditDecisionBodySchema,
    note: (body) => body.comment,
  }),
  confirmPayment: command({
    ...ORDER_COMMAND_CALLS.confirmPayment,
    summary: 'Pix automático confirmado: Processando → Aguardando estoquista',
    body: orderActionBodySchema,
  }),
  confirmPix: command({
    ...ORDER_COMMAND_CALLS.confirmPix,
    summary:
      'Pix recebido (webhook do banco) com o valor exato do pedido: Aguardando comprovante → Aguardando estoquista (400 sem Pix recebido para o pedido)',
    body: orderActionBodySchema,
  }),
  failPayment: command({
    ...ORDER_COMMAND_CALLS.failPayment,
    summary: 'Pix automático não confirmado: Processando → Erro',
    body: orderActionBodySchema,
  }),
  retryPayment: command({
    ...ORDER_COMMAND_CALLS.retryPayment,
    summary: 'Nova tentativa de pagamento: Erro → Processando',
    body: orderActionBodySchema,
  }),
  attachReceipt: command({
    ...ORDER_COMMAND_CALLS.attachReceipt,
    summary: 'Anexa o comprovante de pagamento (base64 JPEG/PNG): Aguardando comprovante → Aguardando aprovação',
    body: orderReceiptBodySchema,
    pictures: { ...ORDER_COMMAND_CALLS.attachReceipt.pictures, of: (body) => [body.image] },
  }),
  startPreparation: command({
    ...ORDER_COMMAND_CALLS.startPreparation,
    summary: 'O estoquista inicia a separação: Aguardando estoquista → Em preparação (estoquista = quem chama)',
    body: orderActionBodySchema,
  }),
  pack: command({
    ...ORDER_COMMAND_CALLS.pack,
    summary:
      'O estoquista termina a embalagem com uma ou mais fotos (base64 JPEG/PNG): Em preparação → Aguardando motoboy, Entrega imediata ou Aguardando cliente, pelo tipo de entrega',
    body: orderPackBodySchema,
    units: (body) => body.units,
    pictures: { ...ORDER_COMMAND_CALLS.pack.pictures, of: (body) => body.images },
  }),
  withdraw: command({
    ...ORDER_COMMAND_CALLS.withdraw,
    summary:
      '"Retirando": o motoboy retira o pedido na loja: Aguardando motoboy → Em entrega, Entrega imediata → Em entrega imediata',
    body: orderActionBodySchema,
  }),
  deliver: command({
    ...ORDER_COMMAND_CALLS.deliver,
    summary:
      "Entregue com a assinatura do cliente (PNG base64): Em entrega / Em entrega imediata → Entregue. Opcionais: receiverName e receiverDocument (quem recebeu); occurredAt (quando o cliente assinou, pelo relógio do celular) com deviceNow (o relógio do celular no envio): o servidor corrige o relógio do celular pelo seu; 422 DELIVERY_TIME_REFUSED quando o horário corrigido é posterior ao envio, anterior à saída para entrega ou de mais de 7 dias. cardReceipt (opcional, pedido 'Levar maquininha' do próprio motoboy): o comprovante da maquininha (tipo, bandeira, parcelas, NSU, autorização, valor = o que falta receber); registra a parte no cartão confirmada na mesma transação; 409 CARD_AT_DOOR_REFUSED quando não há o que cobrar ou o valor difere; nunca o número do cartão (400)",
    body: orderDeliverBodySchema,
    pictures: { ...ORDER_COMMAND_CALLS.deliver.pictures, of: (body) => [body.signature] },
    delivery: ({ occurredAt, deviceNow, receiverName, receiverDocument, cardReceipt }) => ({
      occurredAt,
      deviceNow,
      receiverName,
      receiverDocument,
      cardReceipt,
    }),
  }),
  customerAbsent: command({
    ...ORDER_COMMAND_CALLS.customerAbsent,
    summary: 'Cliente ausente: o pedido volta para a loja (Em entrega / Em entrega imediata → Aguardando cliente)',
    body: orderAbsentBodySchema,
    note: (body) => body.comment || ORDER_TEXTS.absentDefaultNote,
  }),
  finalize: command({
    ...ORDER_COMMAND_CALLS.finalize,
    summary:
      'Finaliza o pedido: Entregue ou Aguardando cliente → Finalizados; comment (opcional) é o motivo, guardado no histórico',
    body: orderFinalizeBodySchema,
    note: (body) => body.comment || undefined,
  }),
  cancel: command({
    ...ORDER_COMMAND_CALLS.cancel,
    summary: 'Cancela o pedido com o motivo (de qualquer status não final; as mercadorias voltam ao estoque)',
    body: orderCancelBodySchema,
    note: (body) => body.comment,
  }),
} as const satisfies { [N in keyof typeof ORDER_COMMAND_CALLS]: OrderCommand };

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

import {
  actionAccess,
  ORDER_LIMITS,
  ORDER_TEXTS,
  type OrderConcurrency,
  orderAbsentBodySchema,
  orderActionBodySchema,
  orderCancelBodySchema,
  orderChangeStatusBodySchema,
  orderDeliverBodySchema,
  orderDelivererChangeBodySchema,
  orderDetailSchema,
  orderHistoryEntrySchema,
  orderIdParamSchema,
  orderImageSchema,
  orderListSchema,
  orderPackBodySchema,
  orderReceiptBodySchema,
  orderRefuseBodySchema,
  orderStatusCountSchema,
  orderStatusPageQuerySchema,
  orderStatusParamSchema,
  orderSummarySchema,
  PERMISSIONS,
  packingAction,
  TASK_ACTIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createOrdersService } from './orders.service';

const { orders: ORDERS, products: PRODUCTS, reports: REPORTS } = PERMISSIONS;
/** Reads a stocker also needs (to find what to separate and pack); every other call needs orders. */
const READ = [ORDERS, PRODUCTS] as const;
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const summary = { 200: data(orderSummarySchema) };
/** The optimistic-concurrency fields of a body (what the screen saw). */
const concurrency = (body: OrderConcurrency): OrderConcurrency => ({
  expectedStatus: body.expectedStatus,
  expectedUpdatedAt: body.expectedUpdatedAt,
});

/**
 * The orders of section 7: status cards, paged lists, search by code, details, pictures, histories, and
 * the workflow calls. Every status change goes through `transition` (workflow.ts), which applies the
 * contract's ORDER_TRANSITIONS: permission, employee function, requirements and effects.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrdersService(app.deps.db, app.deps.storage, app.deps.fileLinks);
  const tags = ['orders'];
  const idParams = z.object({ id: orderIdParamSchema });

  // ---------- reads ----------
  app.get(
    '/orders/status',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: 'Quantidade de pedidos por status (todos os status, zeros incluídos; contadores mantidos pelo banco)',
        response: { 200: data(z.array(orderStatusCountSchema)) },
      },
    },
    async (request) => ({ data: await service.statusCounts(principalOf(request)) }),
  );

  app.get(
    '/orders/status/:status',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: `Página de pedidos de um status (a chave, 13, ou o nome, FINALIZADOS), alteração mais recente primeiro (page desde 0, items 1–${ORDER_LIMITS.maxPageSize}, padrão 0 e 10)`,
        params: z.object({ status: orderStatusParamSchema }),
        querystring: orderStatusPageQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    async (request) =>
      service.page(principalOf(request), request.params.status, request.query.page, request.query.items),
  );

  app.get(
    '/orders/count',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: 'Quantidade total de pedidos',
        response: { 200: data(z.object({ total: z.number().int() })) },
      },
    },
    async (request) => ({ data: { total: await service.count(principalOf(request)) } }),
  );

  app.get(
    '/orders/by-id/:id',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: 'O pedido com seus itens (nome, quantidade, preço unitário) e o total',
        params: idParams,
        response: { 200: data(orderDetailSchema) },
      },
    },
    async (request) => ({ data: await service.detail(principalOf(request), request.params.id) }),
  );

  app.get(
    '/orders/receipt/:id',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'O comprovante de pagamento do pedido (o último enviado), ou null',
        params: idParams,
        response: { 200: data(orderImageSchema.nullable()) },
      },
    },
    async (request) => ({ data: await service.receipt(principalOf(request), request.params.id) }),
  );

  app.get(
    '/orders/stocking/images/:id',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: 'As fotos da embalagem do pedido, na ordem em que foram enviadas',
        params: idParams,
        response: { 200: data(z.array(orderImageSchema)) },
      },
    },
    async (request) => ({ data: await service.packaging(principalOf(request), request.params.id) }),
  );

  app.get(
    '/orders/signature/:id',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'A assinatura do cliente na entrega, ou null',
        params: idParams,
        response: { 200: data(orderImageSchema.nullable()) },
      },
    },
    async (request) => ({ data: await service.signature(principalOf(request), request.params.id) }),
  );

  app.get(
    '/reports/order/histories/:orderId',
    {
      config: { permissions: [ORDERS, REPORTS] },
      schema: {
        tags,
        summary: 'Histórico de status do pedido: status, quem e quando (mais antigo primeiro)',
        params: z.object({ orderId: orderIdParamSchema }),
        response: { 200: data(z.object({ histories: z.array(orderHistoryEntrySchema) })) },
      },
    },
    async (request) => ({ data: { histories: await service.histories(principalOf(request), request.params.orderId) } }),
  );

  // Registered last among the reads: the static paths above win over the code parameter.
  app.get(
    '/orders/:code',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: 'Busca um pedido pelo código, com ou sem o hífen, em qualquer caixa',
        params: z.object({ code: z.string().trim().min(1, ORDER_TEXTS.codeRequired).max(ORDER_LIMITS.maxCode) }),
        response: { 200: data(orderSummarySchema) },
      },
    },
    async (request) => ({ data: await service.byCode(principalOf(request), request.params.code) }),
  );

  // ---------- the workflow ----------
  const simple = [
    {
      path: 'approve',
      action: 'approve',
      summary: 'Aprova o comprovante: Aguardando aprovação → Aguardando estoquista',
    },
    {
      path: 'confirm-payment',
      action: 'confirmPayment',
      summary: 'Pix automático confirmado: Processando → Aguardando estoquista',
    },
    { path: 'fail-payment', action: 'failPayment', summary: 'Pix automático não confirmado: Processando → Erro' },
    { path: 'retry-payment', action: 'retryPayment', summary: 'Nova tentativa de pagamento: Erro → Processando' },
    {
      path: 'prepare',
      action: 'startPreparation',
      summary: 'O estoquista inicia a separação: Aguardando estoquista → Em preparação (estoquista = quem chama)',
    },
    {
      path: 'withdraw',
      action: 'withdraw',
      summary:
        '"Retirando": o motoboy retira o pedido na loja: Aguardando motoboy → Em entrega, Entrega imediata → Em entrega imediata',
    },
  ] as const;
  for (const call of simple) {
    app.patch(
      `/workflow/order/${call.path}`,
      {
        // From the workflow table: the stocker's and the courier's own moves are open to their function.
        config: actionAccess([call.action]),
        schema: { tags, summary: call.summary, body: orderActionBodySchema, response: summary },
      },
      async (request) => ({
        data: await service.move(principalOf(request), request.body.orderId, call.action, concurrency(request.body)),
      }),
    );
  }

  app.patch(
    '/workflow/order/refuse',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'Reprova o comprovante: Aguardando aprovação → Reprovados (as mercadorias voltam ao estoque)',
        body: orderRefuseBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'refuse', {
        ...concurrency(request.body),
        note: request.body.comment || ORDER_TEXTS.refusedDefaultNote,
      }),
    }),
  );

  app.patch(
    '/workflow/order/cancel',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'Cancela o pedido com o motivo (de qualquer status não final; as mercadorias voltam ao estoque)',
        body: orderCancelBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'cancel', {
        ...concurrency(request.body),
        note: request.body.comment,
      }),
    }),
  );

  app.post(
    '/workflow/order/finalize',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'Finaliza o pedido: Entregue ou Aguardando cliente → Finalizados',
        body: orderActionBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'finalize', concurrency(request.body)),
    }),
  );

  app.patch(
    '/workflow/order/pack',
    {
      config: actionAccess(TASK_ACTIONS.packing),
      schema: {
        tags,
        summary:
          'O estoquista termina a embalagem com uma ou mais fotos (base64 JPEG/PNG): Em preparação → Aguardando motoboy, Entrega imediata ou Aguardando cliente, pelo tipo de entrega',
        body: orderPackBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(
        principalOf(request),
        request.body.orderId,
        (order) => packingAction({ deliveryType: order.delivery_type, fastDelivery: order.fast_delivery }),
        concurrency(request.body),
        { kind: 'PACKAGING', images: request.body.images },
      ),
    }),
  );

  app.patch(
    '/workflow/order/deliver',
    {
      config: actionAccess(['deliver']),
      schema: {
        tags,
        summary: 'Entregue com a assinatura do cliente (PNG base64): Em entrega / Em entrega imediata → Entregue',
        body: orderDeliverBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'deliver', concurrency(request.body), {
        kind: 'SIGNATURE',
        images: [request.body.signature],
      }),
    }),
  );

  app.patch(
    '/workflow/order/absent',
    {
      config: actionAccess(['customerAbsent']),
      schema: {
        tags,
        summary: 'Cliente ausente: o pedido volta para a loja (Em entrega / Em entrega imediata → Aguardando cliente)',
        body: orderAbsentBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'customerAbsent', {
        ...concurrency(request.body),
        note: request.body.comment || ORDER_TEXTS.absentDefaultNote,
      }),
    }),
  );

  app.patch(
    '/workflow/order/receipt',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'Anexa o comprovante de pagamento (base64 JPEG/PNG): Aguardando comprovante → Aguardando aprovação',
        body: orderReceiptBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.move(principalOf(request), request.body.orderId, 'attachReceipt', concurrency(request.body), {
        kind: 'RECEIPT',
        images: [request.body.image],
      }),
    }),
  );

  app.put(
    '/orders/change/status',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary:
          'Muda o status por qualquer movimento da tabela que o chamador pode fazer e que não exige fotos ou assinatura (cancelar exige comment)',
        body: orderChangeStatusBodySchema,
        response: summary,
      },
    },
    async (request) => ({
      data: await service.changeStatus(principalOf(request), request.body.orderId, request.body.newStatus, {
        ...concurrency(request.body),
        note: request.body.comment ?? null,
      }),
    }),
  );

  const delivererParams = z.object({ orderId: orderIdParamSchema, id: orderIdParamSchema });
  for (const variant of ['normal', 'fast'] as const) {
    app.put(
      variant === 'normal'
        ? '/orders/change/order/:orderId/deliverer/:id'
        : '/orders/change/fast-deliverer/order/:orderId/deliverer/:id',
      {
        config: { permissions: [ORDERS] },
        schema: {
          tags,
          summary:
            variant === 'normal'
              ? 'Troca o motoboy de um pedido em Aguardando motoboy'
              : 'Troca o motoboy de um pedido em Entrega imediata',
          params: delivererParams,
          body: orderDelivererChangeBodySchema,
          response: summary,
        },
      },
      async (request) => ({
        data: await service.changeDeliverer(
          principalOf(request),
          request.params.orderId,
          request.params.id,
          variant,
          concurrency(request.body ?? {}),
        ),
      }),
    );
  }
};

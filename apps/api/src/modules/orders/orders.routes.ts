import {
  actionAccess,
  idempotencyKeyHeaderSchema,
  ORDER_COMMAND_LIST,
  ORDER_LIMITS,
  ORDER_TEXTS,
  type OrderConcurrency,
  orderChangeStatusBodySchema,
  orderDelivererChangeBodySchema,
  orderDetailSchema,
  orderFilterQuerySchema,
  orderHistoryEntrySchema,
  orderIdParamSchema,
  orderImageSchema,
  orderListSchema,
  orderStatusCountSchema,
  orderStatusPageFilterQuerySchema,
  orderStatusParamSchema,
  orderSummarySchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createOrdersService, type OrdersService } from './orders.service';

// `duplicates` pairs these first lines with settings.routes.ts's by shape: both are an import list from the
// contract, the plugin type, zod, principalOf and the service, then the permission names. Names, not logic:
// nothing to fold (a shared import file would only hide which schemas each route file uses).
const { orders: ORDERS, products: PRODUCTS, reports: REPORTS } = PERMISSIONS;
/** Reads a stocker also needs (to find what to separate and pack); every other call needs orders. */
const READ = [ORDERS, PRODUCTS] as const;
const summary = { 200: data(orderSummarySchema) };
/** Every move takes the `Idempotency-Key` header, like the checkout: the same move sent twice happens once. */
const moveHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeaderSchema
    .optional()
    .describe(
      'Opcional: a mesma chave com o mesmo pedido e corpo repete a resposta sem mover de novo; com outro, 409.',
    ),
});
/** The optimistic-concurrency fields of a body (what the screen saw). */
const concurrency = (body: OrderConcurrency): OrderConcurrency => ({
  expectedStatus: body.expectedStatus,
  expectedUpdatedAt: body.expectedUpdatedAt,
});
const tags = ['orders'];
const idParams = z.object({ id: orderIdParamSchema });

/** The app as the routes register on it: zod's schemas type each request. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The orders of section 7: status cards, paged lists, search by code, details, pictures, histories, and
 * the workflow calls. The move routes are produced from the contract's registry (ORDER_COMMANDS); every
 * status change goes through `transition` (workflow.ts), which applies ORDER_TRANSITIONS: permission,
 * employee function, requirements and effects.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrdersService(app.deps.db, app.deps.storage, app.deps.fileLinks);
  registerReadRoutes(app, service);
  registerMoveRoutes(app, service);
};

/** The reads: status cards, paged lists, count, details, pictures, histories, and the search by code. */
function registerReadRoutes(app: App, service: OrdersService) {
  const route = moduleRoutes(app, tags);
  route.get('/orders/status', {
    access: { permissions: READ },
    summary:
      'Quantidade de pedidos por status (todos os status, zeros incluídos; contadores mantidos pelo banco); com q/from/to, quantos de cada status atendem ao filtro',
    querystring: orderFilterQuerySchema,
    data: z.array(orderStatusCountSchema),
    handler: (request) => service.statusCounts(principalOf(request), request.query),
  });

  app.get(
    '/orders/status/:status',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: `Página de pedidos de um status (a chave, 13, ou o nome, FINALIZADOS), alteração mais recente primeiro (page desde 0, items 1–${ORDER_LIMITS.maxPageSize}, padrão 0 e 10); opcionais q (cliente: nome, e-mail, documento ou telefone, sem acento nem caixa) e from/to (AAAA-MM-DD, dias em que o pedido foi feito, inclusive)`,
        params: z.object({ status: orderStatusParamSchema }),
        querystring: orderStatusPageFilterQuerySchema,
        response: { 200: orderListSchema },
      },
    },
    async (request) =>
      service.page(principalOf(request), request.params.status, request.query.page, request.query.items, request.query),
  );

  route.get('/orders/count', {
    access: { permissions: READ },
    summary: 'Quantidade total de pedidos',
    data: z.object({ total: z.number().int() }),
    handler: async (request) => ({ total: await service.count(principalOf(request)) }),
  });

  route.get('/orders/by-id/:id', {
    access: { permissions: READ },
    summary: 'O pedido com seus itens (nome, quantidade, preço unitário) e o total',
    params: idParams,
    data: orderDetailSchema,
    handler: (request) => service.detail(principalOf(request), request.params.id),
  });

  // The one picture of a kind (the last sent), or null.
  const single = [
    { kind: 'receipt', summary: 'O comprovante de pagamento do pedido (o último enviado), ou null' },
    { kind: 'signature', summary: 'A assinatura do cliente na entrega, ou null' },
  ] as const;
  for (const picture of single) {
    app.get(
      `/orders/${picture.kind}/:id`,
      {
        config: { permissions: [ORDERS] },
        schema: {
          tags,
          summary: picture.summary,
          params: idParams,
          response: { 200: data(orderImageSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service[picture.kind](principalOf(request), request.params.id) }),
    );
  }

  route.get('/orders/stocking/images/:id', {
    access: { permissions: READ },
    summary: 'As fotos da embalagem do pedido, na ordem em que foram enviadas',
    params: idParams,
    data: z.array(orderImageSchema),
    handler: (request) => service.packaging(principalOf(request), request.params.id),
  });

  route.get('/reports/order/histories/:orderId', {
    access: { permissions: [ORDERS, REPORTS] },
    summary: 'Histórico de status do pedido: status, quem e quando (mais antigo primeiro)',
    params: z.object({ orderId: orderIdParamSchema }),
    data: z.object({ histories: z.array(orderHistoryEntrySchema) }),
    handler: async (request) => ({ histories: await service.histories(principalOf(request), request.params.orderId) }),
  });

  // Registered last among the reads: the static paths above win over the code parameter.
  route.get('/orders/:code', {
    access: { permissions: READ },
    summary: 'Busca um pedido pelo código, com ou sem o hífen, em qualquer caixa',
    params: z.object({ code: z.string().trim().min(1, ORDER_TEXTS.codeRequired).max(ORDER_LIMITS.maxCode) }),
    data: orderSummarySchema,
    handler: (request) => service.byCode(principalOf(request), request.params.code),
  });
}

/** The workflow: one route per command of the registry, the status change by the table, the courier changed. */
function registerMoveRoutes(app: App, service: OrdersService) {
  for (const command of ORDER_COMMAND_LIST) {
    app.route({
      method: command.method,
      url: command.path,
      // From the workflow table: the stocker's and the courier's own moves are open to their function. A delivery
      // may carry the card machine's receipt: never a card number (the input guard, decision 0042).
      config: { ...actionAccess(command.actions), ...(command.delivery ? { refusesCardData: true } : {}) },
      schema: { tags, summary: command.summary, body: command.body, headers: moveHeadersSchema, response: summary },
      handler: async (request) => ({
        data: await service.command(
          principalOf(request),
          command,
          request.body,
          (request.headers as { 'idempotency-key'?: string })['idempotency-key'],
        ),
      }),
    });
  }

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
}

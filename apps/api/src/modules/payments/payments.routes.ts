import {
  END_TO_END_ID,
  idempotencyKeyHeaderSchema,
  idParamSchema,
  ORDER_PAYMENT_TEXTS,
  orderPaymentAnswerSchema,
  orderPaymentBodySchema,
  orderPaymentCloseSchema,
  orderPaymentParamsSchema,
  orderPaymentSchema,
  orderPaymentsSchema,
  orderRefundAnswerSchema,
  orderRefundDoneSchema,
  orderRefundParamsSchema,
  PAYMENT_TEXTS,
  PERMISSIONS,
  pixMatchBodySchema,
  pixPayloadSchema,
  pixReceivedListSchema,
  pixReceivedQuerySchema,
  pixWebhookAnswerSchema,
  pixWebhookBodySchema,
  pixWebhookInfoSchema,
  SETTINGS_TEXTS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createOrderPaymentsService, orderPixPayload } from './order-payments.service';
import { createPaymentsService } from './payments.service';

const { orders: ORDERS, settings: SETTINGS, internalSales: INTERNAL_SALES } = PERMISSIONS;
const secretParams = z.object({ secret: z.string().max(200) });
const endToEndParams = z.object({ endToEndId: z.string().regex(END_TO_END_ID, PAYMENT_TEXTS.pixNotFound) });
const tags = ['payments'];

/** The app as the routes register on it: zod's schemas type each request. */
type App = Parameters<FastifyPluginAsyncZod>[0];
type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Payments confirmed by the bank (issue 18): the Pix webhook of the Banco Central's Pix API, its URL for
 * 'Configurações', the Pix received and the match of one by hand. See docs/api.md "Payments".
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentsService(app.deps.db, app.deps.config.publicUrl, app.log);
  registerPixRoutes(app, service);
  registerOrderPartRoutes(app);
};

/** The Pix webhook, its URL for 'Configurações', the Pix received and the match of one by hand. */
function registerPixRoutes(app: App, service: PaymentsService) {
  const route = moduleRoutes(app, tags);
  route.get('/payments/pix/webhook', {
    access: { permissions: [SETTINGS] },
    summary: 'URL do webhook Pix a cadastrar no banco (o banco chama {url}/pix); criada na primeira consulta',
    data: pixWebhookInfoSchema.shape.data,
    handler: () => service.webhook(),
  });

  route.post('/payments/pix/webhook', {
    access: { permissions: [SETTINGS] },
    summary: 'Cria uma nova URL do webhook Pix: a anterior deixa de valer na hora (cadastre a nova no banco)',
    data: pixWebhookInfoSchema.shape.data,
    handler: () => service.webhook(true),
  });

  app.post(
    '/payments/pix/webhook/:secret/pix',
    {
      // Each entry is checked on its own by the service: one bad value does not refuse the good Pix beside it.
      config: { permissions: 'public', ownBodyCheck: true },
      // A wrong secret is a 404 before the body is even read (onRequest runs before the parser): nothing is
      // parsed nor recorded.
      onRequest: async (request) => {
        const { secret } = request.params as { secret?: unknown };
        if (typeof secret !== 'string' || !(await service.isSecret(secret)))
          throw notFound(PAYMENT_TEXTS.webhookNotFound);
      },
      schema: {
        tags,
        summary:
          'Webhook Pix da API Pix do Banco Central: { pix: [{ endToEndId, txid, valor, horario, infoPagador }] } ou a lista pura; cada Pix é guardado uma vez (pelo endToEndId) e confirma o pedido do seu txid com o valor exato',
        params: secretParams,
        body: pixWebhookBodySchema,
        response: { 200: pixWebhookAnswerSchema },
      },
    },
    async (request) => service.receive(request.body),
  );

  app.get(
    '/payments/pix/received',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: 'Pix recebidos pelo webhook, mais recentes primeiro: identificados (matched) ou não (unmatched)',
        querystring: pixReceivedQuerySchema,
        response: { 200: pixReceivedListSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.patch(
    '/payments/pix/received/:endToEndId',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary:
          'Identifica à mão um Pix não identificado com um pedido (aguardando pagamento, valor exato, sem outro Pix) e confirma o pagamento',
        params: endToEndParams,
        body: pixMatchBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.match(principalOf(request), request.params.endToEndId, request.body.orderId);
      return reply.code(204).send(null);
    },
  );
}

/** An order paid in parts: card, Pix, cash (issue 38 §2, decision 0042); its Pix BR Code; its refunds. */
function registerOrderPartRoutes(app: App) {
  const route = moduleRoutes(app, tags);
  const parts = createOrderPaymentsService(app.deps.db);

  app.get(
    '/orders/pix/:orderId',
    {
      config: { permissions: [ORDERS, INTERNAL_SALES] },
      schema: {
        tags: ['settings'],
        summary:
          'Pix copia e cola (BR Code estático) de um pedido: total, primeira chave Pix ativa, txid = código do pedido; com uma parte Pix aguardando (venda dividida), o dessa parte (seu valor e txid)',
        params: z.object({ orderId: idParamSchema(SETTINGS_TEXTS.idInvalid) }),
        response: { 200: z.object({ data: pixPayloadSchema }) },
      },
    },
    async (request) => ({ data: { payload: await orderPixPayload(app.deps.db, request.params.orderId) } }),
  );
  const orderParams = z.object({ id: idParamSchema(PAYMENT_TEXTS.orderNotFound) });

  route.get('/orders/:id/payments', {
    access: { permissions: [ORDERS] },
    summary:
      'Pagamentos (partes) do pedido: forma, valor, situação, cartão (bandeira, parcelas, NSU, autorização, taxa, líquido, recebimentos), Pix da parte (txid e copia e cola); total, pago, aguardando e saldo',
    params: orderParams,
    data: orderPaymentsSchema.shape.data,
    handler: (request) => parts.list(principalOf(request), request.params.id),
  });

  app.post(
    '/orders/:id/payments',
    {
      config: { permissions: [ORDERS], refusesCardData: true },
      schema: {
        tags,
        summary:
          'Registra uma parte do pagamento: CARD (débito ou crédito 1× a 12×, bandeira, NSU, autorização; nunca o número do cartão) e CASH confirmados na hora, PIX com txid e copia e cola próprios, pago pelo webhook; acima do saldo 409 PAYMENT_OVERPAID; quando as partes confirmadas somam o total, o pedido faz o movimento de pagamento; mesma Idempotency-Key devolve a mesma parte',
        params: orderParams,
        headers: z.looseObject({
          'idempotency-key': idempotencyKeyHeaderSchema
            .optional()
            .describe(
              'Chave de idempotência: a mesma chave devolve a mesma parte (replayed: true), sem registrar outra.',
            ),
        }),
        body: orderPaymentBodySchema,
        response: { 200: orderPaymentAnswerSchema },
      },
    },
    async (request) =>
      parts.add(
        principalOf(request),
        request.params.id,
        request.body,
        (request.headers as { 'idempotency-key'?: string })['idempotency-key'],
      ),
  );

  app.patch(
    '/orders/:id/payments/:paymentId',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary: `Recusa uma parte aguardando (REFUSED) ou estorna uma confirmada (REVERSED), com o motivo: o valor volta ao saldo; o mesmo pedido repetido (mesmo status e motivo) devolve a parte sem gravar de novo. ${ORDER_PAYMENT_TEXTS.partNotFound}`,
        params: orderPaymentParamsSchema,
        body: orderPaymentCloseSchema,
        response: { 200: z.object({ data: orderPaymentSchema }) },
      },
    },
    async (request) => parts.close(principalOf(request), request.params.id, request.params.paymentId, request.body),
  );

  app.post(
    '/orders/:id/refunds/:refundId/done',
    {
      config: { permissions: [ORDERS] },
      schema: {
        tags,
        summary:
          "Registra um reembolso devido ao cliente (o total do pedido baixou abaixo das partes confirmadas) como devolvido: forma CASH ou PIX e observação opcional; histórico e auditoria 'Reembolso registrado (Pix): R$ …'; mesma Idempotency-Key (ou o mesmo reembolso já registrado do mesmo jeito) devolve o reembolso sem gravar de novo",
        params: orderRefundParamsSchema,
        headers: z.looseObject({
          'idempotency-key': idempotencyKeyHeaderSchema
            .optional()
            .describe('Chave de idempotência: a mesma chave devolve o mesmo reembolso (replayed: true).'),
        }),
        body: orderRefundDoneSchema,
        response: { 200: orderRefundAnswerSchema },
      },
    },
    async (request) =>
      parts.refundDone(
        principalOf(request),
        request.params.id,
        request.params.refundId,
        request.body,
        (request.headers as { 'idempotency-key'?: string })['idempotency-key'],
      ),
  );
}

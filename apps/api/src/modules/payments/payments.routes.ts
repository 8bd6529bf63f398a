import {
  END_TO_END_ID,
  PAYMENT_TEXTS,
  PERMISSIONS,
  pixMatchBodySchema,
  pixReceivedListSchema,
  pixReceivedQuerySchema,
  pixWebhookAnswerSchema,
  pixWebhookBodySchema,
  pixWebhookInfoSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { createPaymentsService } from './payments.service';

const { orders: ORDERS, settings: SETTINGS } = PERMISSIONS;
const secretParams = z.object({ secret: z.string().max(200) });
const endToEndParams = z.object({ endToEndId: z.string().regex(END_TO_END_ID, PAYMENT_TEXTS.pixNotFound) });

/**
 * Payments confirmed by the bank (issue 18): the Pix webhook of the Banco Central's Pix API, its URL for
 * 'Configurações', the Pix received and the match of one by hand. See docs/api.md "Payments".
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentsService(app.deps.db, app.deps.config.publicUrl, app.log);
  const tags = ['payments'];

  app.get(
    '/payments/pix/webhook',
    {
      config: { permissions: [SETTINGS] },
      schema: {
        tags,
        summary: 'URL do webhook Pix a cadastrar no banco (o banco chama {url}/pix); criada na primeira consulta',
        response: { 200: pixWebhookInfoSchema },
      },
    },
    async () => ({ data: await service.webhook() }),
  );

  app.post(
    '/payments/pix/webhook',
    {
      config: { permissions: [SETTINGS] },
      schema: {
        tags,
        summary: 'Cria uma nova URL do webhook Pix: a anterior deixa de valer na hora (cadastre a nova no banco)',
        response: { 200: pixWebhookInfoSchema },
      },
    },
    async () => ({ data: await service.webhook(true) }),
  );

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
};

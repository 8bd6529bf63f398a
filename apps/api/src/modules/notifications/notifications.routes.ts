import {
  lateLimitSchema,
  lateLimitsBodySchema,
  markNotificationsReadSchema,
  notificationsQuerySchema,
  notificationsSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createNotificationsService } from './notifications.service';

const tags = ['notifications'];

/** The top bar's bell and the late limits of Configurações (issue 20 §1). See docs/api.md "Notifications". */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService(app.deps.db);

  app.get(
    '/notifications',
    {
      // Every employee has a bell; each kind is then kept to whoever holds its permission.
      config: { permissions: 'signed-in' },
      schema: {
        tags,
        summary:
          'Notificações do funcionário: clientes e pedidos aguardando aprovação, comprovantes para conferir, pedidos atrasados, estoque no alerta, Pix não identificado, acerto com diferença, configuração de pagamento alterada — cada tipo só para quem tem a permissão; mais recentes primeiro; `unread` conta todas as não lidas',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsSchema },
      },
    },
    async (request) => service.list(principalOf(request), request.query.limit),
  );

  app.patch(
    '/notifications/read',
    {
      config: { permissions: 'signed-in' },
      schema: {
        tags,
        summary: 'Marca como lidas as notificações dadas (`ids`) ou todas (`all: true`), só para o funcionário',
        body: markNotificationsReadSchema,
        response: { 200: z.object({ unread: z.number().int() }) },
      },
    },
    async (request) => service.markRead(principalOf(request), request.body),
  );

  app.get(
    '/notifications/late-limits',
    {
      config: { permissions: [PERMISSIONS.orders, PERMISSIONS.settings] },
      schema: {
        tags,
        summary: 'Limites de atraso por status (minutos): depois disso o pedido aparece como atrasado no sino',
        response: { 200: z.object({ data: z.array(lateLimitSchema) }) },
      },
    },
    async () => ({ data: await service.lateLimits() }),
  );

  app.put(
    '/notifications/late-limits',
    {
      config: { permissions: [PERMISSIONS.settings] },
      schema: {
        tags,
        summary: 'Altera os limites de atraso por status (minutos inteiros, de 1 a 10080)',
        body: lateLimitsBodySchema,
        response: { 200: z.object({ data: z.array(lateLimitSchema) }) },
      },
    },
    async (request) => ({ data: await service.saveLateLimits(principalOf(request), request.body.limits) }),
  );
};

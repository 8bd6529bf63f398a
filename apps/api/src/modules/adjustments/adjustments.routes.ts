import { adjustmentBodySchema, adjustmentResultSchema, PERMISSIONS, unitSchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { principalOf } from '../../plugins/auth';
import { createAdjustmentsService } from './adjustments.service';

const imeiParams = z.object({ imei: z.string().regex(/^\d{15}$/, 'IMEI deve ter 15 dígitos.') });

/** Exchanges and returns (issue 17 §5) and the analysis of the phones that come back. */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdjustmentsService(app.deps.db);

  app.post(
    '/orders/adjustments',
    {
      config: { permissions: [PERMISSIONS.orders] },
      schema: {
        tags: ['orders'],
        summary:
          'Registra uma troca ou devolução de um pedido entregue ou finalizado: o estoque volta (um aparelho volta em análise), a troca tira a reposição do estoque, e a diferença de valor é calculada (positiva: a receber do cliente; negativa: a devolver)',
        body: adjustmentBodySchema,
        response: { 201: data(adjustmentResultSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.register(principalOf(request), request.body) }),
  );

  app.post(
    '/units/:imei/release',
    {
      config: { permissions: [PERMISSIONS.products] },
      schema: {
        tags: ['products'],
        summary: 'Libera para o estoque um aparelho devolvido (em análise): em estoque de novo, +1 no estoque',
        params: imeiParams,
        response: { 200: data(unitSchema) },
      },
    },
    async (request) => ({ data: await service.release(principalOf(request), request.params.imei) }),
  );

  app.post(
    '/units/:imei/write-off',
    {
      config: { permissions: [PERMISSIONS.products] },
      schema: {
        tags: ['products'],
        summary: 'Dá baixa em um aparelho devolvido (em análise): baixado, o estoque não muda',
        params: imeiParams,
        response: { 200: data(unitSchema) },
      },
    },
    async (request) => ({ data: await service.writeOff(principalOf(request), request.params.imei) }),
  );
};

import { UNIT_READ_PERMISSIONS, unitSchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitWithRepairs } from './units.service';

/** 'Consultar IMEI': GET /units/{imei}, for the stock and the desks that read phones (UNIT_READ_PERMISSIONS). */
export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/units/:imei',
    {
      config: { permissions: UNIT_READ_PERMISSIONS },
      schema: {
        tags: ['products'],
        summary:
          'Consultar IMEI: o aparelho (por qualquer um dos seus IMEIs), seu produto, status, pedido e cliente, a garantia (da entrega, pelos meses do produto, mais 12 com a garantia estendida do pedido), os reparos na nossa assistência e o histórico',
        params: z.object({ imei: z.string().regex(/^\d{15}$/, 'IMEI deve ter 15 dígitos.') }),
        response: { 200: z.object({ data: unitSchema }) },
      },
    },
    async (request) => ({ data: await unitWithRepairs(db, request.params.imei) }),
  );
};

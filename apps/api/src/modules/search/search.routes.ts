import { PERMISSIONS, searchQuerySchema, searchResultSchema } from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { principalOf } from '../../plugins/auth';
import { createSearchService } from './search.service';

const { orders, customers, products, employees } = PERMISSIONS;

/** The command palette's search (issue 20 §2). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The palette reads a replica while it is close enough (decision 0062): a name typed a moment after it was saved
  // may come a second later, never a wrong one.
  const service = createSearchService({ ...app.deps, db: replicaReads(app.deps.db) });

  app.get(
    '/search',
    {
      // Whoever may read one of the kinds; each kind is then kept to whoever may open its page.
      config: { permissions: [orders, customers, products, employees] },
      schema: {
        tags: ['search'],
        summary:
          'Pesquisa da paleta de comandos (Ctrl+K): pedidos pelo código, aparelhos pelo IMEI (o início de qualquer um dos dois), clientes por nome, e-mail, CPF/CNPJ e telefone (com ou sem pontuação), produtos por nome, código e referência, funcionários pelo nome; sem diferença de acentos e maiúsculas; só o que o funcionário pode ler',
        querystring: searchQuerySchema,
        response: { 200: z.object({ data: z.array(searchResultSchema) }) },
      },
    },
    async (request) => ({
      data: await service.search(principalOf(request), request.query.q, request.query.limit),
    }),
  );
};

import {
  boardOrdersQuerySchema,
  boardOrdersSchema,
  boardSummarySchema,
  courierRunSchema,
  createRunBodySchema,
  DISPATCH_TEXTS,
  departuresSchema,
  dispatchDateSchema,
  idParamSchema,
  PERMISSIONS,
  settlementBodySchema,
  settlementSchema,
  settlementsQuerySchema,
  settlementsSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createDispatchService } from './dispatch.service';
import { runSheetPdf } from './run-sheet';

const { orders: ORDERS } = PERMISSIONS;
const config = { permissions: [ORDERS] };
const idParams = z.object({ id: idParamSchema(DISPATCH_TEXTS.runNotFound) });

/** Courier runs (issue 19): the dispatch board, runs and their settlement. See docs/api.md "Dispatch". */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDispatchService(app.deps.db);
  const tags = ['dispatch'];
  const route = moduleRoutes(app, tags, config);

  route.get('/dispatch/departures', {
    summary:
      'Expedição de um dia (no fuso da empresa): as entregas imediatas primeiro, depois cada saída com os pedidos embalados que a aguardam (atrasados com a próxima) e suas rotas',
    querystring: z.object({ date: dispatchDateSchema }),
    data: departuresSchema.shape.data,
    handler: (request) => service.departures(principalOf(request), request.query.date),
  });

  route.get('/dispatch/board/summary', {
    summary:
      'O que a Expedição mostra primeiro: as entregas imediatas e cada saída do dia com quantos pedidos a aguardam, quantos atrasados, o dinheiro a receber e suas rotas (pedidos pelo código)',
    querystring: z.object({ date: dispatchDateSchema }),
    data: boardSummarySchema.shape.data,
    handler: (request) => service.boardSummary(principalOf(request), request.query.date),
  });

  app.get(
    '/dispatch/board/orders',
    {
      config,
      schema: {
        tags,
        summary:
          "Os pedidos que aguardam uma saída ('immediate': as entregas imediatas), por bairro, uma página por vez",
        querystring: boardOrdersQuerySchema,
        response: { 200: boardOrdersSchema },
      },
    },
    async (request) => service.boardOrders(principalOf(request), request.query),
  );

  route.post('/dispatch/runs', {
    summary:
      'Põe pedidos aguardando motoboy na rota de um motoboy numa saída (a rota é criada se não existir); o motoboy dos pedidos passa a ser o da rota',
    body: createRunBodySchema,
    data: courierRunSchema,
    handler: (request) => service.createRun(principalOf(request), request.body),
  });

  route.get('/dispatch/runs/:id', {
    summary: 'Uma rota com seus pedidos',
    params: idParams,
    data: courierRunSchema,
    handler: (request) => service.run(principalOf(request), request.params.id),
  });

  app.get(
    '/dispatch/runs/:id/sheet.pdf',
    {
      config,
      schema: {
        tags,
        summary:
          'Romaneio da rota (PDF A4): motoboy, saída e, por pedido, código, cliente, telefone, endereço, itens, pagamento ou dinheiro a receber, linhas de recebedor e assinatura; o total em dinheiro ao fim',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const run = await service.run(principalOf(request), request.params.id);
      const pdf = await runSheetPdf(run);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="romaneio-${run.id}.pdf"`)
        .send(pdf);
    },
  );

  route.post('/dispatch/runs/:id/settlement', {
    summary:
      'Acerto do motoboy: todos os pedidos entregues ou devolvidos; dinheiro esperado (pedidos em dinheiro entregues) × declarado; diferença exige observação',
    params: idParams,
    body: settlementBodySchema,
    data: settlementSchema,
    handler: (request) => service.settle(principalOf(request), request.params.id, request.body),
  });

  app.get(
    '/dispatch/settlements',
    {
      config,
      schema: {
        tags,
        summary: 'Acertos por motoboy e período (dias do fuso da empresa, inclusive)',
        querystring: settlementsQuerySchema,
        response: { 200: settlementsSchema },
      },
    },
    async (request) => service.settlements(principalOf(request), request.query),
  );
};

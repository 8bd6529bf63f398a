import {
  checkoutHeadersSchema,
  checkoutResponseSchema,
  idParamSchema,
  PERMISSIONS,
  QUOTE_TEXTS,
  quoteCancelBodySchema,
  quoteConvertBodySchema,
  quoteCreateBodySchema,
  quoteListQuerySchema,
  quotePageSchema,
  quoteSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createQuotesService } from './quotes.service';

const { internalSales: INTERNAL_SALES } = PERMISSIONS;
/** Quotes are selling: internal_sales (full:access always passes). */
const config = { permissions: [INTERNAL_SALES] };
const params = z.object({ id: idParamSchema(QUOTE_TEXTS.idInvalid) });

/** Quotes ('Orçamento', issue 38 §4, decision 0043). */
export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createQuotesService(app.deps.db, app.deps.storage);
  const tags = ['quotes'];

  app.post(
    '/quotes',
    {
      config,
      schema: {
        tags,
        summary:
          'Salva um orçamento do carrinho do cliente (esvaziado) ou das linhas dadas, com os preços e descontos de agora congelados pela validade da loja; consumidor final com nome e telefone; não reserva estoque',
        description:
          'Idempotency-Key (opcional): a mesma chave devolve o orçamento já salvo (uma nova tentativa depois de uma resposta perdida não encontra o carrinho vazio nem salva outro).',
        headers: checkoutHeadersSchema,
        body: quoteCreateBodySchema,
        response: { 200: z.object({ data: quoteSchema }) },
      },
    },
    async (request) => ({
      data: await service.create(principalOf(request), request.body, request.headers['idempotency-key']),
    }),
  );

  app.get(
    '/quotes',
    {
      config,
      schema: {
        tags,
        summary:
          'Orçamentos, os mais novos primeiro, paginados (page desde 0, size), por situação (OPEN, CONVERTED, EXPIRED, CANCELLED) e busca no nome, telefone ou número',
        querystring: quoteListQuerySchema,
        response: { 200: z.object({ data: quotePageSchema }) },
      },
    },
    async (request) => ({ data: await service.page(request.query) }),
  );

  app.get(
    '/quotes/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Um orçamento com suas linhas e valores congelados',
        params,
        response: { 200: z.object({ data: quoteSchema }) },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.post(
    '/quotes/:id/convert',
    {
      config: { ...config, refusesCardData: true },
      schema: {
        tags,
        summary:
          'Converte o orçamento em pedido pela finalização da venda (Dinheiro, Pix ou Cartão), aos preços e descontos congelados, com o estoque conferido de novo; recusado se vencido, já convertido ou cancelado; a mesma Idempotency-Key devolve o mesmo pedido',
        params,
        headers: checkoutHeadersSchema,
        body: quoteConvertBodySchema,
        response: { 200: z.object({ data: checkoutResponseSchema }) },
      },
    },
    async (request) => ({
      data: await service.convert(
        principalOf(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
    }),
  );

  app.post(
    '/quotes/:id/cancel',
    {
      config,
      schema: {
        tags,
        summary:
          'Cancela um orçamento aberto (ou vencido) com o motivo, auditado; convertido ou já cancelado: 409; a mesma Idempotency-Key devolve o orçamento cancelado',
        params,
        headers: checkoutHeadersSchema,
        body: quoteCancelBodySchema,
        response: { 200: z.object({ data: quoteSchema }) },
      },
    },
    async (request) => ({
      data: await service.cancel(
        principalOf(request),
        request.params.id,
        request.body.reason,
        request.headers['idempotency-key'],
      ),
    }),
  );
};

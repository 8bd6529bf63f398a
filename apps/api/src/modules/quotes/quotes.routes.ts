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
import { moduleRoutes } from '../../lib/module-routes';
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
  const route = moduleRoutes(app, tags, config);

  route.post('/quotes', {
    summary:
      'Salva um orçamento do carrinho do cliente (esvaziado) ou das linhas dadas, com os preços e descontos de agora congelados pela validade da loja; consumidor final com nome e telefone; não reserva estoque',
    description:
      'Idempotency-Key (opcional): a mesma chave devolve o orçamento já salvo (uma nova tentativa depois de uma resposta perdida não encontra o carrinho vazio nem salva outro).',
    headers: checkoutHeadersSchema,
    body: quoteCreateBodySchema,
    data: quoteSchema,
    handler: (request) => service.create(principalOf(request), request.body, request.headers['idempotency-key']),
  });

  route.get('/quotes', {
    summary:
      'Orçamentos, os mais novos primeiro, paginados (page desde 0, size), por situação (OPEN, CONVERTED, EXPIRED, CANCELLED) e busca no nome, telefone ou número',
    querystring: quoteListQuerySchema,
    data: quotePageSchema,
    handler: (request) => service.page(request.query),
  });

  route.get('/quotes/:id', {
    summary: 'Um orçamento com suas linhas e valores congelados',
    params,
    data: quoteSchema,
    handler: (request) => service.get(request.params.id),
  });

  route.post('/quotes/:id/convert', {
    access: { ...config, refusesCardData: true },
    summary:
      'Converte o orçamento em pedido pela finalização da venda (Dinheiro, Pix ou Cartão), aos preços e descontos congelados, com o estoque conferido de novo; recusado se vencido, já convertido ou cancelado; a mesma Idempotency-Key devolve o mesmo pedido',
    params,
    headers: checkoutHeadersSchema,
    body: quoteConvertBodySchema,
    data: checkoutResponseSchema,
    handler: (request) =>
      service.convert(principalOf(request), request.params.id, request.body, request.headers['idempotency-key']),
  });

  route.post('/quotes/:id/cancel', {
    summary:
      'Cancela um orçamento aberto (ou vencido) com o motivo, auditado; convertido ou já cancelado: 409; a mesma Idempotency-Key devolve o orçamento cancelado',
    params,
    headers: checkoutHeadersSchema,
    body: quoteCancelBodySchema,
    data: quoteSchema,
    handler: (request) =>
      service.cancel(principalOf(request), request.params.id, request.body.reason, request.headers['idempotency-key']),
  });
};

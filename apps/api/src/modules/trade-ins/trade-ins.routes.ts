import {
  checkoutHeadersSchema,
  csvMoney,
  formatBusinessDate,
  idParamSchema,
  PERMISSIONS,
  TRADE_IN_CSV_HEADERS,
  TRADE_IN_PERMISSIONS,
  TRADE_IN_RELEASE_PERMISSIONS,
  TRADE_IN_REPORT_PERMISSIONS,
  TRADE_IN_SETTLEMENT_LABELS,
  TRADE_IN_STATUS_LABELS,
  TRADE_IN_TEXTS,
  type TradeInSummary,
  tradeInAcceptBodySchema,
  tradeInCancelBodySchema,
  tradeInCheckBodySchema,
  tradeInCode,
  tradeInCreateBodySchema,
  tradeInEvaluateBodySchema,
  tradeInEvaluationSchema,
  tradeInIdParamsSchema,
  tradeInListQuerySchema,
  tradeInPageSchema,
  tradeInPriceBodySchema,
  tradeInPriceSchema,
  tradeInPricesQuerySchema,
  tradeInReportQuerySchema,
  tradeInReportSchema,
  tradeInSchema,
  tradeInSettingsSchema,
  tradeInSignBodySchema,
  tradeInValueBodySchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { csvExportSchema, csvStream, sendCsv } from '../../lib/csv';
import { data } from '../../lib/envelope';
import { principalOf } from '../../plugins/auth';
import { createTradeInsService, type TradeInsService } from './trade-ins.service';

/** The desk and the counter take used phones in; the price table and settings are a manager's. */
const desk = { permissions: [...TRADE_IN_PERMISSIONS] };
const manager = { permissions: [PERMISSIONS.tradeIns] };
const release = { permissions: [...TRADE_IN_RELEASE_PERMISSIONS] };
const reports = { permissions: [...TRADE_IN_REPORT_PERMISSIONS] };
const optionalMoney = (reais: number | null) => (reais === null ? '' : csvMoney(reais));

/** One CSV line of a trade-in, as the list shows it. */
const cells = (t: TradeInSummary) => [
  t.code,
  formatBusinessDate(new Date(t.createdAt)),
  t.sellerName,
  t.phone,
  t.imei,
  optionalMoney(t.offer),
  optionalMoney(t.value),
  t.settlement ? TRADE_IN_SETTLEMENT_LABELS[t.settlement] : '',
  TRADE_IN_STATUS_LABELS[t.status],
];
const params = tradeInIdParamsSchema;
const tags = ['trade-ins'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The list, its CSV (which may read a replica), an evaluation without saving, a trade-in registered. */
function registerListAndIntakeRoutes(app: App, service: TradeInsService, exporting: TradeInsService) {
  app.get(
    '/trade-ins',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Avaliações de usados, mais novas primeiro, paginadas (page desde 0, items): por situação, cliente e busca (código AV-, IMEI, CPF ou nome do vendedor, marca e modelo)',
        querystring: tradeInListQuerySchema,
        response: { 200: data(tradeInPageSchema) },
      },
    },
    async (request) => ({ data: await service.page(request.query) }),
  );

  app.get(
    '/trade-ins/export.csv',
    {
      config: desk,
      schema: csvExportSchema(
        tags,
        'CSV (aparelhos-usados.csv) de todas as avaliações que atendem aos filtros da lista, na ordem da lista',
        tradeInListQuerySchema,
      ),
    },
    async (request, reply) => {
      const { page: _page, items: _items, ...filter } = request.query;
      return sendCsv(
        reply,
        'aparelhos-usados.csv',
        csvStream(TRADE_IN_CSV_HEADERS, exporting.exportBatches(filter), cells),
      );
    },
  );

  app.post(
    '/trade-ins/evaluate',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'A oferta por um aparelho sem salvar nada: preço da tabela (marca, modelo, armazenamento) menos o desconto de cada defeito do checklist; sem preço na tabela, oferta nula',
        body: tradeInEvaluateBodySchema,
        response: { 200: data(tradeInEvaluationSchema) },
      },
    },
    async (request) => ({ data: await service.evaluate(request.body) }),
  );

  app.post(
    '/trade-ins',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Registra a avaliação: vendedor (nome e CPF), aparelho (marca, modelo, armazenamento, cor, IMEIs com dígito verificador), checklist, fotos (base64, até 6) e valor (reais; sem ele, a oferta). Valor acima da oferta, ou sem preço na tabela: só com bo:manage:trade-ins (403). Idempotency-Key opcional: a mesma chave devolve a avaliação que criou',
        headers: checkoutHeadersSchema,
        body: tradeInCreateBodySchema,
        response: { 201: data(tradeInSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.create(principalOf(request), request.body, request.headers['idempotency-key']) }),
  );
}

/** The price table, the settings (deductions, the seminovo warranty) and the monthly report. */
function registerPriceAndSettingsRoutes(app: App, service: TradeInsService) {
  app.get(
    '/trade-ins/prices',
    {
      config: desk,
      schema: {
        tags,
        summary: "A tabela de preços de usados (marca, modelo, armazenamento, preço), filtrada por 'search'",
        querystring: tradeInPricesQuerySchema,
        response: { 200: data(z.array(tradeInPriceSchema)) },
      },
    },
    async (request) => ({ data: await service.prices(request.query.search) }),
  );

  app.post(
    '/trade-ins/prices',
    {
      config: manager,
      schema: {
        tags,
        summary:
          'Inclui ou troca o preço de um modelo (mesma marca, modelo e armazenamento, sem diferenciar maiúsculas); auditado',
        body: tradeInPriceBodySchema,
        response: { 200: data(tradeInPriceSchema) },
      },
    },
    async (request) => ({ data: await service.savePrice(principalOf(request).employeeId, request.body) }),
  );

  app.delete(
    '/trade-ins/prices/:id',
    {
      config: manager,
      schema: {
        tags,
        summary: 'Remove um preço da tabela; auditado',
        params: z.object({ id: idParamSchema(TRADE_IN_TEXTS.priceNotFound) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deletePrice(principalOf(request).employeeId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/trade-ins/settings',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Desconto por defeito (reais) e dias de garantia do seminovo',
        response: { 200: data(tradeInSettingsSchema) },
      },
    },
    async () => ({ data: await service.settings() }),
  );

  app.put(
    '/trade-ins/settings',
    {
      config: manager,
      schema: {
        tags,
        summary:
          'Grava o desconto de cada defeito e os dias de garantia do seminovo (vale para as próximas avaliações); auditado',
        body: tradeInSettingsSchema,
        response: { 200: data(tradeInSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.saveSettings(principalOf(request).employeeId, request.body) }),
  );

  app.get(
    '/trade-ins/report',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Usados aceitos por mês (fuso do negócio) entre from e to (YYYY-MM-DD): quantos, quanto foi pago, quantos foram revendidos, por quanto e a margem (venda − custo)',
        querystring: tradeInReportQuerySchema,
        response: { 200: tradeInReportSchema },
      },
    },
    async (request) => ({ data: await service.report(request.query.from, request.query.to) }),
  );
}

/** One trade-in: read, its value, the check, the signature, accepted, cancelled, released, its term. */
function registerTradeInRoutes(app: App, service: TradeInsService) {
  app.get(
    '/trade-ins/:id',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Uma avaliação: vendedor, aparelho, checklist, oferta e descontos, valor, consulta de impedido, assinatura, fotos (links assinados), o que falta para aceitar e o aparelho nosso com o mesmo IMEI, se houver',
        params,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.details(principalOf(request), request.params.id) }),
  );

  app.put(
    '/trade-ins/:id/value',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'O valor combinado (reais): abaixo da oferta por quem avalia; acima dela, ou sem preço na tabela, só com bo:manage:trade-ins (403)',
        params,
        body: tradeInValueBodySchema,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.setValue(principalOf(request), request.params.id, request.body.value) }),
  );

  app.post(
    '/trade-ins/:id/check',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'A consulta na lista de aparelhos impedidos (consultaaparelhoimpedido.com.br): resultado REGULAR ou IMPEDIDO e a captura de tela (base64); quem e quando ficam registrados. IMPEDIDO encerra a avaliação (situação BLOCKED)',
        params,
        body: tradeInCheckBodySchema,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.check(principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/trade-ins/:id/sign',
    {
      config: desk,
      schema: {
        tags,
        summary: 'A assinatura do vendedor no termo de compra (PNG base64), depois da consulta e do valor',
        params,
        body: tradeInSignBodySchema,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.sign(principalOf(request), request.params.id, request.body.signature) }),
  );

  app.post(
    '/trade-ins/:id/accept',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Aceita o aparelho: vira uma unidade do produto seminovo (em preparação, custo = valor, garantia do seminovo) e o vendedor é pago como parte do pagamento de um pedido (ORDER + orderId), em dinheiro (CASH: sai do caixa aberto de quem aceita) ou por Pix (PIX: conta paga em Contas a pagar). Exige valor, consulta regular, conta removida e assinatura (409)',
        params,
        body: tradeInAcceptBodySchema,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.accept(principalOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/trade-ins/:id/cancel',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Desiste de uma avaliação em aberto, com o motivo; auditado',
        params,
        body: tradeInCancelBodySchema,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.cancel(principalOf(request), request.params.id, request.body.reason) }),
  );

  app.post(
    '/trade-ins/:id/release',
    {
      config: release,
      schema: {
        tags,
        summary:
          'Libera para venda o seminovo em preparação, depois da verificação técnica: a unidade entra no estoque do produto (linha TRADE_IN do razão, ao custo do aparelho)',
        params,
        response: { 200: data(tradeInSchema) },
      },
    },
    async (request) => ({ data: await service.release(principalOf(request), request.params.id) }),
  );

  app.get(
    '/trade-ins/:id/term.pdf',
    {
      config: desk,
      schema: {
        tags,
        summary:
          "O 'Termo de compra de aparelho usado' (PDF A4): loja e vendedor, aparelho e IMEIs, checklist, consulta de impedido, valor, declaração de propriedade e a assinatura",
        params,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await service.term(principalOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="termo-${tradeInCode(request.params.id)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}

/** Used phones taken in ('Avaliação de usado', issue 42 §1, decision 0058). */
export const tradeInsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradeInsService(app.deps.db, app.deps.storage, app.deps.fileLinks);
  // The CSV may read a replica (decision 0062).
  const exporting = createTradeInsService(replicaReads(app.deps.db), app.deps.storage, app.deps.fileLinks);
  registerListAndIntakeRoutes(app, service, exporting);
  registerPriceAndSettingsRoutes(app, service);
  registerTradeInRoutes(app, service);
};

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
import { type ZodApp as App, type ModuleRoutes, moduleRoutes } from '../../lib/module-routes';
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

/** The list, its CSV (which may read a replica), an evaluation without saving, a trade-in registered. */
function registerListAndIntakeRoutes(route: ModuleRoutes, service: TradeInsService, exporting: TradeInsService) {
  route.get('/trade-ins', {
    access: desk,
    summary:
      'Avaliações de usados, mais novas primeiro, paginadas (page desde 0, items): por situação, cliente e busca (código AV-, IMEI, CPF ou nome do vendedor, marca e modelo)',
    querystring: tradeInListQuerySchema,
    data: tradeInPageSchema,
    handler: (request) => service.page(request.query),
  });

  route.csv('/trade-ins/export.csv', {
    access: desk,
    summary: 'CSV (aparelhos-usados.csv) de todas as avaliações que atendem aos filtros da lista, na ordem da lista',
    querystring: tradeInListQuerySchema,
    fileName: 'aparelhos-usados.csv',
    columns: TRADE_IN_CSV_HEADERS,
    rows: ({ page: _page, items: _items, ...filter }) => exporting.exportBatches(filter),
    cells,
  });

  route.post('/trade-ins/evaluate', {
    access: desk,
    summary:
      'A oferta por um aparelho sem salvar nada: preço da tabela (marca, modelo, armazenamento) menos o desconto de cada defeito do checklist; sem preço na tabela, oferta nula',
    body: tradeInEvaluateBodySchema,
    data: tradeInEvaluationSchema,
    handler: (request) => service.evaluate(request.body),
  });

  route.post('/trade-ins', {
    access: desk,
    summary:
      'Registra a avaliação: vendedor (nome e CPF), aparelho (marca, modelo, armazenamento, cor, IMEIs com dígito verificador), checklist, fotos (base64, até 6) e valor (reais; sem ele, a oferta). Valor acima da oferta, ou sem preço na tabela: só com bo:manage:trade-ins (403). Idempotency-Key opcional: a mesma chave devolve a avaliação que criou',
    headers: checkoutHeadersSchema,
    body: tradeInCreateBodySchema,
    data: tradeInSchema,
    status: 201,
    handler: (request) => service.create(principalOf(request), request.body, request.headers['idempotency-key']),
  });
}

/** The price table, the settings (deductions, the seminovo warranty) and the monthly report. */
function registerPriceAndSettingsRoutes(app: App, route: ModuleRoutes, service: TradeInsService) {
  route.get('/trade-ins/prices', {
    access: desk,
    summary: "A tabela de preços de usados (marca, modelo, armazenamento, preço), filtrada por 'search'",
    querystring: tradeInPricesQuerySchema,
    data: z.array(tradeInPriceSchema),
    handler: (request) => service.prices(request.query.search),
  });

  route.post('/trade-ins/prices', {
    access: manager,
    summary:
      'Inclui ou troca o preço de um modelo (mesma marca, modelo e armazenamento, sem diferenciar maiúsculas); auditado',
    body: tradeInPriceBodySchema,
    data: tradeInPriceSchema,
    handler: (request) => service.savePrice(principalOf(request).employeeId, request.body),
  });

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

  route.get('/trade-ins/settings', {
    access: desk,
    summary: 'Desconto por defeito (reais) e dias de garantia do seminovo',
    data: tradeInSettingsSchema,
    handler: () => service.settings(),
  });

  route.put('/trade-ins/settings', {
    access: manager,
    summary:
      'Grava o desconto de cada defeito e os dias de garantia do seminovo (vale para as próximas avaliações); auditado',
    body: tradeInSettingsSchema,
    data: tradeInSettingsSchema,
    handler: (request) => service.saveSettings(principalOf(request).employeeId, request.body),
  });

  route.get('/trade-ins/report', {
    access: reports,
    summary:
      'Usados aceitos por mês (fuso do negócio) entre from e to (YYYY-MM-DD): quantos, quanto foi pago, quantos foram revendidos, por quanto e a margem (venda − custo)',
    querystring: tradeInReportQuerySchema,
    data: tradeInReportSchema.shape.data,
    handler: (request) => service.report(request.query.from, request.query.to),
  });
}

/** One trade-in: read, its value, the check, the signature, accepted, cancelled, released, its term. */
function registerTradeInRoutes(route: ModuleRoutes, service: TradeInsService) {
  // Each answers the trade-in; all but its release are the desk's.
  const tradeIn = route.group({ access: desk, params, data: tradeInSchema });
  tradeIn.get('/trade-ins/:id', {
    summary:
      'Uma avaliação: vendedor, aparelho, checklist, oferta e descontos, valor, consulta de impedido, assinatura, fotos (links assinados), o que falta para aceitar e o aparelho nosso com o mesmo IMEI, se houver',
    handler: (request) => service.details(principalOf(request), request.params.id),
  });

  tradeIn.put('/trade-ins/:id/value', {
    summary:
      'O valor combinado (reais): abaixo da oferta por quem avalia; acima dela, ou sem preço na tabela, só com bo:manage:trade-ins (403)',
    body: tradeInValueBodySchema,
    handler: (request) => service.setValue(principalOf(request), request.params.id, request.body.value),
  });

  tradeIn.post('/trade-ins/:id/check', {
    summary:
      'A consulta na lista de aparelhos impedidos (consultaaparelhoimpedido.com.br): resultado REGULAR ou IMPEDIDO e a captura de tela (base64); quem e quando ficam registrados. IMPEDIDO encerra a avaliação (situação BLOCKED)',
    body: tradeInCheckBodySchema,
    handler: (request) => service.check(principalOf(request), request.params.id, request.body),
  });

  tradeIn.post('/trade-ins/:id/sign', {
    summary: 'A assinatura do vendedor no termo de compra (PNG base64), depois da consulta e do valor',
    body: tradeInSignBodySchema,
    handler: (request) => service.sign(principalOf(request), request.params.id, request.body.signature),
  });

  tradeIn.post('/trade-ins/:id/accept', {
    summary:
      'Aceita o aparelho: vira uma unidade do produto seminovo (em preparação, custo = valor, garantia do seminovo) e o vendedor é pago como parte do pagamento de um pedido (ORDER + orderId), em dinheiro (CASH: sai do caixa aberto de quem aceita) ou por Pix (PIX: conta paga em Contas a pagar). Exige valor, consulta regular, conta removida e assinatura (409)',
    body: tradeInAcceptBodySchema,
    handler: (request) => service.accept(principalOf(request), request.params.id, request.body),
  });

  tradeIn.post('/trade-ins/:id/cancel', {
    summary: 'Desiste de uma avaliação em aberto, com o motivo; auditado',
    body: tradeInCancelBodySchema,
    handler: (request) => service.cancel(principalOf(request), request.params.id, request.body.reason),
  });

  tradeIn.post('/trade-ins/:id/release', {
    access: release,
    summary:
      'Libera para venda o seminovo em preparação, depois da verificação técnica: a unidade entra no estoque do produto (linha TRADE_IN do razão, ao custo do aparelho)',
    handler: (request) => service.release(principalOf(request), request.params.id),
  });

  route.pdf('/trade-ins/:id/term.pdf', {
    access: desk,
    summary:
      "O 'Termo de compra de aparelho usado' (PDF A4): loja e vendedor, aparelho e IMEIs, checklist, consulta de impedido, valor, declaração de propriedade e a assinatura",
    params,
    handler: async (request) => ({
      fileName: `termo-${tradeInCode(request.params.id)}.pdf`,
      pdf: await service.term(principalOf(request), request.params.id),
    }),
  });
}

/** Used phones taken in ('Avaliação de usado', issue 42 §1, decision 0058). */
export const tradeInsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTradeInsService(app.deps.db, app.deps.storage, app.deps.fileLinks);
  // The CSV may read a replica (decision 0062).
  const exporting = createTradeInsService(replicaReads(app.deps.db), app.deps.storage, app.deps.fileLinks);
  const route = moduleRoutes(app, tags);
  registerListAndIntakeRoutes(route, service, exporting);
  registerPriceAndSettingsRoutes(app, route, service);
  registerTradeInRoutes(route, service);
};

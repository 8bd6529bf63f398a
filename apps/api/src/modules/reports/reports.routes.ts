import {
  adjustmentOrderDetailSchema,
  awaitingCourierRowSchema,
  brandReferenceRowSchema,
  cardSettlementReportSchema,
  customerPurchaseRowSchema,
  dashboardSchema,
  dashboardTodaySchema,
  delivererCustomerRowSchema,
  depositReportSchema,
  exchangeRowSchema,
  fastDeliveryCustomersSchema,
  hasAnyPermission,
  lowStockRowSchema,
  marginQuerySchema,
  marginReportSchema,
  orderReportSchema,
  PERMISSIONS,
  productRankRowSchema,
  REPORT_PATHS,
  reportIdSchema,
  reportLevelSchema,
  reportOrderSchema,
  reportPagingSchema,
  returnRowSchema,
  revenueQuerySchema,
  revenueReportSchema,
  searchedTermRowSchema,
  signedInCustomerRowSchema,
  stockSalesReportSchema,
  unitAgeReportSchema,
  viewedProductRowSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardDatabase, reportsDatabase } from '../../db/database';
import { data } from '../../lib/envelope';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { payablesDue } from '../payables/payables.service';
import { scheduleReportSummaries } from './reports.scheduler';
import { createReportsService, type ReportsService } from './reports.service';

const { dashboard: DASHBOARD, reports: REPORTS, internalSales: INTERNAL_SALES } = PERMISSIONS;
/** The dashboard's charts and their periods (also the report detail screen, which internal_sales opens). */
const CHARTS = [DASHBOARD, REPORTS, INTERNAL_SALES];
const paged = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), total: z.number().int() });
const period = { s: z.string(), e: z.string() };
const idParams = z.object({ id: reportIdSchema });
const periodParams = z.object(period);
const rankParams = z.object({ ...period, order: reportOrderSchema });
const employeePeriod = z.object({ ...period, id: reportIdSchema });
const orderParams = z.object({ orderId: reportIdSchema });
const tags = ['reports'];
const chart = { permissions: CHARTS };
const report = { permissions: [REPORTS] };

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The dashboard's cards and today's figures ('A pagar nos próximos 7 dias' for who may see the bills). */
function registerDashboardRoutes(app: App, service: ReportsService) {
  app.get(
    '/dashboard',
    {
      config: chart,
      schema: { tags, summary: 'Números dos cartões do painel', response: { 200: data(dashboardSchema) } },
    },
    async () => ({ data: await service.dashboard() }),
  );

  app.get(
    '/dashboard/today',
    {
      config: chart,
      schema: {
        tags,
        summary:
          "Números de hoje do painel: vendas contra o mesmo dia da semana passada, pedidos por etapa, dinheiro a receber, clientes aguardando; para quem tem bo:manage:purchases, 'A pagar nos próximos 7 dias' (payablesDue)",
        response: { 200: data(dashboardTodaySchema) },
      },
    },
    async (request) => {
      const today = await service.dashboardToday();
      // 'A pagar nos próximos 7 dias' (issue 39): only for who may see the bills to pay.
      if (!hasAnyPermission(principalOf(request).permissions, [PERMISSIONS.purchases])) return { data: today };
      return { data: { ...today, payablesDue: await payablesDue(dashboardDatabase(app.deps.db)) } };
    },
  );
}

/** The dashboard's five charts: top ten of the last 7 days, or of a period. */
function registerChartRoutes(app: App, service: ReportsService, landing: ReportsService) {
  // ---------- charts: top ten of the last 7 days ----------
  const terms = { 200: data(z.array(searchedTermRowSchema)) };
  const viewed = { 200: data(z.array(viewedProductRowSchema)) };
  const signed = { 200: data(z.array(signedInCustomerRowSchema)) };
  const sold = { 200: data(z.array(productRankRowSchema)) };
  app.get(
    '/reports/product/top-ten/searched-by-term',
    {
      config: chart,
      schema: { tags, summary: 'Dez termos mais pesquisados (com resultado), últimos 7 dias', response: terms },
    },
    async () => ({ data: await landing.searchedTerms(true) }),
  );
  app.get(
    '/reports/product/top-ten/viewed',
    { config: chart, schema: { tags, summary: 'Dez produtos mais visualizados, últimos 7 dias', response: viewed } },
    async () => ({ data: await landing.productsViewed() }),
  );
  app.get(
    '/reports/top-ten/products/sold/desc',
    { config: chart, schema: { tags, summary: 'Dez produtos mais vendidos, últimos 7 dias', response: sold } },
    async () => ({ data: await landing.topTenSold() }),
  );
  app.get(
    '/reports/product/not-exists/top-ten/searched-by-term',
    {
      config: chart,
      schema: { tags, summary: 'Dez termos pesquisados sem resultado, últimos 7 dias', response: terms },
    },
    async () => ({ data: await landing.searchedTerms(false) }),
  );
  app.get(
    '/reports/customer/top-ten/signedin',
    { config: chart, schema: { tags, summary: 'Dez clientes com mais acessos, últimos 7 dias', response: signed } },
    async () => ({ data: await landing.customersSignedIn() }),
  );

  // ---------- charts: top ten of a period ----------
  app.get(
    '/reports/product/viewed/start/:s/end/:e',
    {
      config: chart,
      schema: { tags, summary: 'Dez produtos mais visualizados no período', params: periodParams, response: viewed },
    },
    async (request) => ({ data: await service.productsViewed(request.params.s, request.params.e) }),
  );
  app.get(
    '/reports/product/searched-by-term/start/:s/end/:e',
    {
      config: chart,
      schema: { tags, summary: 'Dez termos mais pesquisados no período', params: periodParams, response: terms },
    },
    async (request) => ({ data: await service.searchedTerms(true, request.params.s, request.params.e) }),
  );
  app.get(
    '/reports/product/not-exists/searched-by-term/start/:s/end/:e',
    {
      config: chart,
      schema: {
        tags,
        summary: 'Dez termos pesquisados sem resultado no período',
        params: periodParams,
        response: terms,
      },
    },
    async (request) => ({ data: await service.searchedTerms(false, request.params.s, request.params.e) }),
  );
  app.get(
    '/reports/customer/top-ten/signedin/start/:s/end/:e',
    {
      config: chart,
      schema: { tags, summary: 'Dez clientes com mais acessos no período', params: periodParams, response: signed },
    },
    async (request) => ({ data: await service.customersSignedIn(request.params.s, request.params.e) }),
  );
}

/** The general reports' rankings: the customers who bought most (or least), the products sold. */
function registerRankingRoutes(app: App, service: ReportsService) {
  // ---------- general reports ----------
  app.get(
    REPORT_PATHS.customerPurchases,
    {
      config: report,
      schema: {
        tags,
        summary: 'Clientes que mais (desc) ou menos (asc) compraram no período, pelo total das vendas',
        params: rankParams,
        querystring: reportPagingSchema,
        response: { 200: paged(customerPurchaseRowSchema) },
      },
    },
    async ({ params, query }) => service.customerPurchases(params.s, params.e, params.order, query),
  );
  app.get(
    REPORT_PATHS.productsSold,
    {
      // The dashboard's sold chart (its period variant, ?items=10) and the best/worst-selling reports.
      config: chart,
      schema: {
        tags,
        summary:
          'Produtos por unidades vendidas no período, do maior (desc) ou do menor (asc); todos os que venderam, ou uma página (?page&items; o gráfico pede items=10)',
        params: rankParams,
        querystring: reportPagingSchema,
        response: { 200: paged(productRankRowSchema) },
      },
    },
    async ({ params, query }) => service.productsSold(params.s, params.e, params.order, query),
  );
}

/** The stock's reports: low stock, stock x sales (all levels or one), the phones by age, a brand's reference. */
function registerStockRoutes(app: App, service: ReportsService) {
  const route = moduleRoutes(app, tags);
  route.get(REPORT_PATHS.lowStock, {
    access: report,
    summary: 'Produtos ativos no alerta de estoque ou abaixo',
    data: z.array(lowStockRowSchema),
    handler: () => service.lowStock(),
  });
  route.get(REPORT_PATHS.stockSales, {
    access: report,
    summary: 'Estoque x vendas de todos os níveis',
    querystring: reportPagingSchema,
    data: stockSalesReportSchema,
    handler: ({ query }) => service.stockSales(0, query),
  });
  route.get(REPORT_PATHS.stockSalesByLevel, {
    access: report,
    summary: 'Estoque x vendas: 0 todos os níveis, 1 Ouro, 2 Prata, 3 Bronze',
    params: z.object({ level: reportLevelSchema }),
    querystring: reportPagingSchema,
    data: stockSalesReportSchema,
    handler: ({ params, query }) => service.stockSales(params.level, query),
  });
  route.get(REPORT_PATHS.unitsByAge, {
    access: report,
    summary: 'Aparelhos em estoque por tempo: cada aparelho (IMEI) em estoque, do mais antigo, com seu custo',
    querystring: reportPagingSchema,
    data: unitAgeReportSchema,
    handler: ({ query }) => service.unitsByAge(query),
  });
  route.get(REPORT_PATHS.brandReference, {
    access: report,
    summary: 'Produtos (ativos e arquivados) de uma marca e referência',
    params: z.object({ brand: z.string().min(1), reference: z.string().min(1) }),
    data: z.array(brandReferenceRowSchema),
    handler: ({ params }) => service.brandReference(params.brand, params.reference),
  });
}

/** The staff's reports: a courier's or an attendant's sales, exchanges and returns (and each order's detail), a courier's customers and the orders awaiting him. */
function registerStaffRoutes(app: App, service: ReportsService) {
  const route = moduleRoutes(app, tags);
  route.get(REPORT_PATHS.ordersByDeliverer, {
    access: report,
    summary: 'Vendas do período entregues pelo motoboy, com totais por forma de pagamento',
    params: employeePeriod,
    querystring: reportPagingSchema,
    data: orderReportSchema,
    handler: ({ params, query }) => service.ordersByDeliverer(params.id, params.s, params.e, query),
  });
  route.get(REPORT_PATHS.ordersByAttendant, {
    access: report,
    summary: 'Vendas do período feitas pelo atendente, com totais por forma de pagamento',
    params: employeePeriod,
    querystring: reportPagingSchema,
    data: orderReportSchema,
    handler: ({ params, query }) => service.ordersByAttendant(params.id, params.s, params.e, query),
  });
  route.get(REPORT_PATHS.exchanges, {
    access: report,
    summary: 'Trocas do período: as registradas pelo atendente, ou as recolhidas se o id é de um motoboy',
    params: employeePeriod,
    data: z.array(exchangeRowSchema),
    handler: ({ params }) => service.exchanges(params.id, params.s, params.e),
  });
  route.get(REPORT_PATHS.returns, {
    access: report,
    summary: 'Devoluções do período: as registradas pelo atendente, ou as recolhidas se o id é de um motoboy',
    params: employeePeriod,
    data: z.array(returnRowSchema),
    handler: ({ params }) => service.returns(params.id, params.s, params.e),
  });
  route.get(REPORT_PATHS.delivererCustomers, {
    access: report,
    summary: 'Clientes aprovados atendidos pelo motoboy',
    params: idParams,
    data: z.array(delivererCustomerRowSchema),
    handler: ({ params }) => service.delivererCustomers(params.id),
  });
  route.get(REPORT_PATHS.awaitingCourier, {
    access: report,
    summary: 'Pedidos do motoboy aguardando retirada (Aguardando motoboy e Entrega imediata)',
    params: idParams,
    data: z.array(awaitingCourierRowSchema),
    handler: ({ params }) => service.awaitingCourier(params.id),
  });
  route.get(REPORT_PATHS.exchangeDetail, {
    access: report,
    summary: 'Detalhes do pedido com suas trocas',
    params: orderParams,
    data: adjustmentOrderDetailSchema,
    handler: ({ params }) => service.exchangeDetail(params.orderId),
  });
  route.get(REPORT_PATHS.returnDetail, {
    access: report,
    summary: 'Detalhes do pedido com suas devoluções',
    params: orderParams,
    data: adjustmentOrderDetailSchema,
    handler: ({ params }) => service.returnDetail(params.orderId),
  });
}

/** The sales' reports: deposits and Pix, margin (19), revenue (21), card settlements (20), fast-delivery customers. */
function registerSalesRoutes(app: App, service: ReportsService) {
  const route = moduleRoutes(app, tags);
  // Each reads the period s..e of its path.
  const periodReport = route.group({ access: report, params: periodParams });
  periodReport.get(REPORT_PATHS.deposits, {
    summary: 'Vendas do período pagas por depósito (transferência) ou Pix',
    querystring: reportPagingSchema,
    data: depositReportSchema,
    handler: ({ params, query }) => service.deposits(params.s, params.e, query),
  });
  periodReport.get(REPORT_PATHS.margin, {
    summary:
      "Relatório 19 'Margem': por produto (ou ?groupBy=brand|customer|attendant|month) no período, receita bruta, descontos (da linha e sua parte do pedido), trocas e devoluções registradas no período (mercadoria devolvida ao preço pago menos a dada em troca ao seu preço), receita líquida, custo (o registrado na venda; a devolução ao mesmo custo, a reposição ao custo médio da saída), margem R$ e % (maior margem primeiro; ?page&items); nos totais, as taxas de cartão dos pedidos e a margem depois delas",
    querystring: marginQuerySchema,
    data: marginReportSchema,
    handler: ({ params, query }) => service.margin(params.s, params.e, query),
  });
  periodReport.get(REPORT_PATHS.revenue, {
    summary:
      "Relatório 21 'Faturamento por período': por dia, semana (de segunda) ou mês (?bucket=day|week|month, dia por padrão) do período, no fuso da empresa: pedidos, receita bruta das mercadorias, descontos, trocas e devoluções, receita líquida, custo, margem R$ e % (do mais antigo; ?page&items), com os totais",
    querystring: revenueQuerySchema,
    data: revenueReportSchema,
    handler: ({ params, query }) => service.revenue(params.s, params.e, query),
  });
  periodReport.get(REPORT_PATHS.cardSettlements, {
    summary:
      "Relatório 20 'Recebimentos de cartão': cada pagamento da adquirente com data no período (dos pagamentos com cartão confirmados: data, pedido, tipo, bandeira, parcela n/N, bruto, taxa, líquido), totais por dia e do período (?page&items)",
    querystring: reportPagingSchema,
    data: cardSettlementReportSchema,
    handler: ({ params, query }) => service.cardSettlements(params.s, params.e, query),
  });
  app.get(
    REPORT_PATHS.fastDeliveryCustomers,
    {
      config: report,
      schema: {
        tags,
        summary:
          'Clientes com ao menos uma venda com entrega imediata, por nome: todos, ou uma página (?page&items); quantos são e as vendas deles',
        querystring: reportPagingSchema,
        response: { 200: fastDeliveryCustomersSchema },
      },
    },
    async ({ query }) => service.fastDeliveryCustomers(query),
  );
}

/**
 * The dashboard, its five charts and the 17 general reports (spec section 7; definitions in
 * docs/reports.md). The general reports' paths are the contract's registry (REPORT_PATHS,
 * GENERAL_REPORT_REGISTRY), which the web reads too. Every route only reads.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Their own connections and longer statement_timeout on PostgreSQL (db/database.ts reportsDatabase).
  const service = createReportsService(reportsDatabase(app.deps.db));
  // The landing page's reads (its cards, its charts of the last 7 days): a small pool of their own (decision 0093).
  const landing = createReportsService(dashboardDatabase(app.deps.db));
  registerDashboardRoutes(app, landing);
  registerChartRoutes(app, service, landing);
  registerRankingRoutes(app, service);
  registerStockRoutes(app, service);
  registerStaffRoutes(app, service);
  registerSalesRoutes(app, service);
  // The margin summary is summed again in a process that runs the scheduled work (not in the tests), on the primary.
  const { config, scheduler, db } = app.deps;
  if (config.scheduledWork) scheduleReportSummaries(scheduler, db, config.databaseUrl ? 'postgres' : 'embedded');
};

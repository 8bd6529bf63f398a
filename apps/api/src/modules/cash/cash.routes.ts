import {
  CASH_ADMIN_PERMISSIONS,
  CASH_OPERATE_PERMISSIONS,
  CASH_TEXTS,
  cashApproveBodySchema,
  cashCloseBodySchema,
  cashEntryBodySchema,
  cashOpenBodySchema,
  cashOverviewSchema,
  cashRegisterCreateBodySchema,
  cashRegisterSchema,
  cashRegisterUpdateBodySchema,
  cashSessionDetailsSchema,
  cashSessionPageSchema,
  cashSessionsQuerySchema,
  cashSettingsSchema,
  checkoutHeadersSchema,
  idParamSchema,
  reaisToCents,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { principalOf } from '../../plugins/auth';
import { type CashService, createCashService } from './cash.service';

/**
 * Who reaches the drawer's routes: the counter and the desk (internal sales, orders), and who approves or
 * administers it (credit, settings). What each may do inside is the service's (its own session, approvals).
 */
const config = { permissions: [...new Set([...CASH_OPERATE_PERMISSIONS, ...CASH_ADMIN_PERMISSIONS])] };
const params = z.object({ id: idParamSchema(CASH_TEXTS.idInvalid) });
const sessionParams = z.object({ id: idParamSchema(CASH_TEXTS.sessionNotFound) });
const tags = ['cash-registers'];

type CashApp = Parameters<FastifyPluginAsyncZod>[0];

/** The cash drawer ('Caixa', issue 40 §3, decision 0053). */
export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCashService(app.deps.db);

  registerRegisterRoutes(app, service);
  registerSessionRoutes(app, service);
  registerDrawerRoutes(app, service);
};

/** The drawers themselves: the overview, a new drawer, its name and state, and the difference's tolerance. */
function registerRegisterRoutes(app: CashApp, service: CashService): void {
  app.get(
    '/cash-registers',
    {
      config,
      schema: {
        tags,
        summary:
          'Os caixas, cada um com a sessão aberta (operador, troco inicial, entradas e saídas por tipo, o esperado agora), a sessão aberta de quem chama, quantas diferenças aguardam aprovação e a tolerância',
        response: { 200: data(cashOverviewSchema) },
      },
    },
    async (request) => ({ data: await service.overview(principalOf(request)) }),
  );

  app.get(
    '/cash-registers/deposit-accounts',
    {
      config,
      schema: {
        tags,
        summary:
          "As contas ativas da loja ('Configurações bancárias') em que uma sangria pode ser depositada (decisão 0099)",
        response: { 200: data(z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() }))) },
      },
    },
    async () => ({ data: await service.depositAccounts() }),
  );

  app.post(
    '/cash-registers',
    {
      config,
      schema: {
        tags,
        summary: "Cria um caixa ('Caixa balcão 2'); nome único. Configurações ou Crédito e cobrança; auditado",
        body: cashRegisterCreateBodySchema,
        response: { 201: data(cashRegisterSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createRegister(principalOf(request), request.body.name) }),
  );

  app.patch(
    '/cash-registers/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Renomeia um caixa (nome único) ou o ativa/desativa; um caixa aberto não é desativado (409). Configurações ou Crédito e cobrança; auditado com antes e depois',
        params,
        body: cashRegisterUpdateBodySchema,
        response: { 200: data(cashRegisterSchema) },
      },
    },
    async (request) => ({
      data: await service.updateRegister(principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/cash-registers/settings',
    {
      config,
      schema: {
        tags,
        summary: 'A tolerância de diferença no fechamento (reais): acima dela a diferença precisa de aprovação',
        response: { 200: data(cashSettingsSchema) },
      },
    },
    async () => ({ data: await service.tolerance() }),
  );

  app.put(
    '/cash-registers/settings',
    {
      config,
      schema: {
        tags,
        summary:
          'Define a tolerância de diferença (R$ 0,00 a R$ 1.000,00). Configurações ou Crédito e cobrança; auditado',
        body: cashSettingsSchema,
        response: { 200: data(cashSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.setTolerance(principalOf(request), request.body.tolerance) }),
  );
}

/** The sessions: their list, one with its entries, its closing report and the approval of its difference. */
function registerSessionRoutes(app: CashApp, service: CashService): void {
  app.get(
    '/cash-registers/sessions',
    {
      config,
      schema: {
        tags,
        summary:
          'As sessões de caixa, mais novas primeiro, paginadas (page desde 0, pageSize): por caixa e situação (open, pending = diferença aguardando aprovação, closed)',
        querystring: cashSessionsQuerySchema,
        response: { 200: data(cashSessionPageSchema) },
      },
    },
    async (request) => ({ data: await service.sessions(principalOf(request), request.query) }),
  );

  app.get(
    '/cash-registers/sessions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Uma sessão de caixa com os seus lançamentos',
        params: sessionParams,
        response: { 200: data(cashSessionDetailsSchema) },
      },
    },
    async (request) => ({ data: await service.details(principalOf(request), request.params.id) }),
  );

  app.get(
    '/cash-registers/sessions/:id/report.pdf',
    {
      config,
      schema: {
        tags,
        summary:
          'O relatório de fechamento da sessão (PDF A4): esperado por tipo, contado, diferença, aprovação e lançamentos',
        params: sessionParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, session } = await service.report(principalOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="fechamento-caixa-${session.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/cash-registers/sessions/:id/approve',
    {
      config,
      schema: {
        tags,
        summary:
          'Aprova a diferença de um fechamento acima da tolerância (Crédito e cobrança ou acesso total; nunca a do próprio caixa, salvo acesso total); auditado',
        params: sessionParams,
        body: cashApproveBodySchema,
        response: { 200: data(cashSessionDetailsSchema) },
      },
    },
    async (request) => ({
      data: await service.approve(principalOf(request), request.params.id, request.body.note ?? null),
    }),
  );
}

/** A session's life at the drawer: opened with its float, its top-ups and removals, closed with the count. */
function registerDrawerRoutes(app: CashApp, service: CashService): void {
  app.post(
    '/cash-registers/:id/open',
    {
      config,
      schema: {
        tags,
        summary:
          'Abre o caixa com o troco inicial (float, reais). Uma sessão aberta por caixa e por operador: 409 se o caixa já está aberto ou se quem chama já tem outro aberto; auditado',
        params,
        body: cashOpenBodySchema,
        response: { 201: data(cashSessionDetailsSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.open(principalOf(request), request.params.id, reaisToCents(request.body.float)) }),
  );

  app.post(
    '/cash-registers/:id/entries',
    {
      config,
      schema: {
        tags,
        summary:
          'Lança um suprimento (TOP_UP) ou uma sangria (REMOVAL, motivo obrigatório, até o dinheiro esperado) na sessão aberta; a sangria pode ser um depósito bancário (depositAccountId: uma conta ativa da loja, senão 400), que a conciliação bancária espera nessa conta; só o operador da sessão; a mesma Idempotency-Key não lança duas vezes; auditado',
        params,
        headers: checkoutHeadersSchema,
        body: cashEntryBodySchema,
        response: { 201: data(cashSessionDetailsSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.addEntry(
          principalOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        ),
      }),
  );

  app.post(
    '/cash-registers/:id/close',
    {
      config,
      schema: {
        tags,
        summary:
          'Fecha o caixa com o valor contado: esperado = troco + entradas − saídas; diferença exige motivo (400 com details.expected e details.difference) e, acima da tolerância, fica aguardando aprovação; o operador fecha o seu, um gerente (Crédito e cobrança) fecha um esquecido; auditado',
        params,
        body: cashCloseBodySchema,
        response: { 200: data(cashSessionDetailsSchema) },
      },
    },
    async (request) => ({ data: await service.close(principalOf(request), request.params.id, request.body) }),
  );
}

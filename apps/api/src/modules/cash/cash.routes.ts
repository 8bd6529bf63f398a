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
import { moduleRoutes } from '../../lib/module-routes';
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
  const route = moduleRoutes(app, tags, config);
  route.get('/cash-registers', {
    summary:
      'Os caixas, cada um com a sessão aberta (operador, troco inicial, entradas e saídas por tipo, o esperado agora), a sessão aberta de quem chama, quantas diferenças aguardam aprovação e a tolerância',
    data: cashOverviewSchema,
    handler: (request) => service.overview(principalOf(request)),
  });

  route.get('/cash-registers/deposit-accounts', {
    summary:
      "As contas ativas da loja ('Configurações bancárias') em que uma sangria pode ser depositada (decisão 0099)",
    data: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() })),
    handler: () => service.depositAccounts(),
  });

  route.post('/cash-registers', {
    summary: "Cria um caixa ('Caixa balcão 2'); nome único. Configurações ou Crédito e cobrança; auditado",
    body: cashRegisterCreateBodySchema,
    data: cashRegisterSchema,
    status: 201,
    handler: (request) => service.createRegister(principalOf(request), request.body.name),
  });

  route.patch('/cash-registers/:id', {
    summary:
      'Renomeia um caixa (nome único) ou o ativa/desativa; um caixa aberto não é desativado (409). Configurações ou Crédito e cobrança; auditado com antes e depois',
    params,
    body: cashRegisterUpdateBodySchema,
    data: cashRegisterSchema,
    handler: (request) => service.updateRegister(principalOf(request), request.params.id, request.body),
  });

  route.get('/cash-registers/settings', {
    summary: 'A tolerância de diferença no fechamento (reais): acima dela a diferença precisa de aprovação',
    data: cashSettingsSchema,
    handler: () => service.tolerance(),
  });

  route.put('/cash-registers/settings', {
    summary: 'Define a tolerância de diferença (R$ 0,00 a R$ 1.000,00). Configurações ou Crédito e cobrança; auditado',
    body: cashSettingsSchema,
    data: cashSettingsSchema,
    handler: (request) => service.setTolerance(principalOf(request), request.body.tolerance),
  });
}

/** The sessions: their list, one with its entries, its closing report and the approval of its difference. */
function registerSessionRoutes(app: CashApp, service: CashService): void {
  const route = moduleRoutes(app, tags, config);
  route.get('/cash-registers/sessions', {
    summary:
      'As sessões de caixa, mais novas primeiro, paginadas (page desde 0, pageSize): por caixa e situação (open, pending = diferença aguardando aprovação, closed)',
    querystring: cashSessionsQuerySchema,
    data: cashSessionPageSchema,
    handler: (request) => service.sessions(principalOf(request), request.query),
  });

  route.get('/cash-registers/sessions/:id', {
    summary: 'Uma sessão de caixa com os seus lançamentos',
    params: sessionParams,
    data: cashSessionDetailsSchema,
    handler: (request) => service.details(principalOf(request), request.params.id),
  });

  route.pdf('/cash-registers/sessions/:id/report.pdf', {
    summary:
      'O relatório de fechamento da sessão (PDF A4): esperado por tipo, contado, diferença, aprovação e lançamentos',
    params: sessionParams,
    handler: async (request) => {
      const { pdf, session } = await service.report(principalOf(request), request.params.id);
      return { fileName: `fechamento-caixa-${session.id}.pdf`, pdf };
    },
  });

  route.post('/cash-registers/sessions/:id/approve', {
    summary:
      'Aprova a diferença de um fechamento acima da tolerância (Crédito e cobrança ou acesso total; nunca a do próprio caixa, salvo acesso total); auditado',
    params: sessionParams,
    body: cashApproveBodySchema,
    data: cashSessionDetailsSchema,
    handler: (request) => service.approve(principalOf(request), request.params.id, request.body.note ?? null),
  });
}

/** A session's life at the drawer: opened with its float, its top-ups and removals, closed with the count. */
function registerDrawerRoutes(app: CashApp, service: CashService): void {
  const route = moduleRoutes(app, tags, config);
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

  route.post('/cash-registers/:id/entries', {
    summary:
      'Lança um suprimento (TOP_UP) ou uma sangria (REMOVAL, motivo obrigatório, até o dinheiro esperado) na sessão aberta; a sangria pode ser um depósito bancário (depositAccountId: uma conta ativa da loja, senão 400), que a conciliação bancária espera nessa conta; só o operador da sessão; a mesma Idempotency-Key não lança duas vezes; auditado',
    params,
    headers: checkoutHeadersSchema,
    body: cashEntryBodySchema,
    data: cashSessionDetailsSchema,
    status: 201,
    handler: (request) =>
      service.addEntry(principalOf(request), request.params.id, request.body, request.headers['idempotency-key']),
  });

  route.post('/cash-registers/:id/close', {
    summary:
      'Fecha o caixa com o valor contado: esperado = troco + entradas − saídas; diferença exige motivo (400 com details.expected e details.difference) e, acima da tolerância, fica aguardando aprovação; o operador fecha o seu, um gerente (Crédito e cobrança) fecha um esquecido; auditado',
    params,
    body: cashCloseBodySchema,
    data: cashSessionDetailsSchema,
    handler: (request) => service.close(principalOf(request), request.params.id, request.body),
  });
}

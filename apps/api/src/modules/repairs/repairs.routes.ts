import {
  checkoutHeadersSchema,
  idParamSchema,
  monthlyReportQuerySchema,
  REPAIR_ACTION_LABELS,
  REPAIR_ACTIONS,
  REPAIR_CSV_HEADERS,
  REPAIR_TASKS_ACCESS,
  REPAIR_TEXTS,
  REPAIRS_MANAGE_ACCESS,
  REPAIRS_READ_ACCESS,
  REPAIRS_REPORT_ACCESS,
  type RepairAction,
  repairActionAccess,
  repairCreateBodySchema,
  repairCustomerOptionSchema,
  repairDevicePasswordResponseSchema,
  repairListQuerySchema,
  repairListSchema,
  repairLookupQuerySchema,
  repairMoveBodySchema,
  repairPartOptionSchema,
  repairPublicStatusSchema,
  repairReportSchema,
  repairResponseSchema,
  repairSettingsBodySchema,
  repairSettingsSchema,
  repairTokenParamSchema,
  repairUpdateBodySchema,
  repairWarrantiesSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { csvExportSchema, csvStream, sendCsv } from '../../lib/csv';
import { AppError, tooManyRequests } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { createRepairsService, type RepairsService } from './repairs.service';
import { createStatusPageLimiter } from './status-limiter';

const params = z.object({ id: idParamSchema(REPAIR_TEXTS.idInvalid) });
const imeiParams = z.object({ imei: z.string().regex(/^\d{15}$/, REPAIR_TEXTS.imeiInvalid) });

/** The path segment of each move: 'startDiagnosis' → 'start-diagnosis'. */
export const repairMovePath = (action: RepairAction) => action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const tags = ['repairs'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the routes call: the service, the one the CSV reads a replica with, the status page's limiter. */
interface RepairRouteDeps {
  service: RepairsService;
  exporting: RepairsService;
  limiter: ReturnType<typeof createStatusPageLimiter>;
}

/** A service order opened at the counter; the lists, the technician's queue, the pickers, the report and the CSV. */
function registerIntakeAndListRoutes(app: App, { service, exporting }: RepairRouteDeps) {
  app.post(
    '/repairs',
    {
      config: REPAIRS_MANAGE_ACCESS,
      schema: {
        tags,
        summary:
          'Abre uma ordem de serviço: cliente, IMEI, modelo, senha/padrão (guardada em sigilo, apagada na saída), problema, checklist e fotos da entrada, acessórios, data prevista; em garantia da nossa venda ou de reparo anterior, sem custo. Idempotency-Key opcional: a mesma chave devolve a ordem que abriu',
        headers: checkoutHeadersSchema,
        body: repairCreateBodySchema,
        response: { 201: repairResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.create(principalOf(request), request.body, new Date(), request.headers['idempotency-key']),
      }),
  );

  app.get(
    '/repairs',
    {
      config: REPAIRS_READ_ACCESS,
      schema: {
        tags,
        summary:
          'Ordens de serviço: as abertas (status para uma só, all=true com as encerradas), late=true as atrasadas (após a data prevista), technicianId as de um técnico, imei as de um aparelho; page desde 0, items 1–100',
        querystring: repairListQuerySchema,
        response: { 200: repairListSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/repairs/tasks',
    {
      config: REPAIR_TASKS_ACCESS,
      schema: {
        tags,
        summary:
          'Minhas tarefas do técnico: as ordens que esperam a bancada (recebidas, em diagnóstico, aprovadas, em reparo), as dele e as sem técnico, a data prevista mais antiga primeiro',
        response: { 200: repairListSchema },
      },
    },
    async (request) => service.tasks(principalOf(request)),
  );

  app.get(
    '/repairs/parts',
    {
      config: REPAIR_TASKS_ACCESS,
      schema: {
        tags,
        summary:
          'As peças que o orçamento pode levar (o técnico e a assistência): produtos que não são aparelhos nem arquivados, cujo nome, código, etiqueta ou marca têm a busca, com preço de tabela e estoque (até 20)',
        querystring: repairLookupQuerySchema,
        response: { 200: z.object({ data: z.array(repairPartOptionSchema) }) },
      },
    },
    async (request) => ({ data: await service.partOptions(request.query.search) }),
  );

  app.get(
    '/repairs/customers',
    {
      config: REPAIRS_MANAGE_ACCESS,
      schema: {
        tags,
        summary:
          'Os clientes para quem a assistência abre uma ordem de serviço: por nome, e-mail, CPF/CNPJ ou telefone, aprovados primeiro (até 20)',
        querystring: repairLookupQuerySchema,
        response: { 200: z.object({ data: z.array(repairCustomerOptionSchema) }) },
      },
    },
    async (request) => ({ data: await service.customerOptions(request.query.search) }),
  );

  app.get(
    '/repairs/report',
    {
      config: REPAIRS_REPORT_ACCESS,
      schema: {
        tags,
        summary:
          'Assistência por mês (fuso do negócio) entre from e to (YYYY-MM-DD): ordens recebidas; aparelhos entregues, o faturado (mão de obra e peças) e o custo das peças; os reparos em garantia e o custo das suas peças (custo de garantia)',
        querystring: monthlyReportQuerySchema,
        response: { 200: repairReportSchema },
      },
    },
    async (request) => ({ data: await service.report(request.query.from, request.query.to) }),
  );

  app.get(
    '/repairs/export.csv',
    {
      config: REPAIRS_MANAGE_ACCESS,
      schema: csvExportSchema(
        tags,
        'CSV (ordens-de-servico.csv) das ordens de serviço da lista, com os mesmos filtros',
        repairListQuerySchema,
      ),
    },
    async (request, reply) => {
      const body = csvStream(REPAIR_CSV_HEADERS, exporting.csvBatches(request.query), (cells) => cells);
      return sendCsv(reply, 'ordens-de-servico.csv', body);
    },
  );
}

/** The repair warranty's days (read and set) and the repair warranties of a device by IMEI. */
function registerWarrantyRoutes(app: App, { service }: RepairRouteDeps) {
  app.get(
    '/repairs/settings',
    {
      config: REPAIRS_READ_ACCESS,
      schema: { tags, summary: 'Dias de garantia de um reparo (padrão 90)', response: { 200: repairSettingsSchema } },
    },
    async () => ({ data: await service.settings() }),
  );

  app.put(
    '/repairs/settings',
    {
      config: REPAIRS_MANAGE_ACCESS,
      schema: {
        tags,
        summary: 'Define os dias de garantia de um reparo (1 a 730), auditado',
        body: repairSettingsBodySchema,
        response: { 200: repairSettingsSchema },
      },
    },
    async (request) => ({ data: await service.saveSettings(principalOf(request), request.body.warrantyDays) }),
  );

  app.get(
    '/repairs/warranty/:imei',
    {
      config: REPAIRS_READ_ACCESS,
      schema: {
        tags,
        summary:
          'As garantias de reparo de um aparelho pelo IMEI (entregas, fim da garantia, dias restantes), seja ou não um aparelho do nosso estoque',
        params: imeiParams,
        response: { 200: repairWarrantiesSchema },
      },
    },
    async (request) => ({ data: await service.warranties(request.params.imei) }),
  );
}

/** The public status page (no sign-in): the unknown tokens limited per address. */
function registerStatusPageRoute(app: App, { service, limiter }: RepairRouteDeps) {
  app.get(
    '/repairs/status/:token',
    {
      config: { permissions: 'public' },
      schema: {
        tags,
        summary:
          'Página pública de acompanhamento (sem login): só a situação e as datas da ordem do token; um token real sempre responde, os desconhecidos são limitados por endereço',
        params: repairTokenParamSchema,
        response: { 200: z.object({ data: repairPublicStatusSchema }) },
      },
    },
    async (request) => {
      try {
        return { data: await service.publicStatus(request.params.token) };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404 && !(await limiter.miss(request.ip))) {
          throw tooManyRequests(REPAIR_TEXTS.tooManyRequests);
        }
        throw error;
      }
    },
  );
}

/** One service order: read, corrected, its device password, its receipt, one route per move of the contract's table. */
function registerServiceOrderRoutes(app: App, { service }: RepairRouteDeps) {
  app.get(
    '/repairs/:id',
    {
      config: REPAIRS_READ_ACCESS,
      schema: {
        tags,
        summary:
          'Uma ordem de serviço: aparelho, entrada, orçamento, garantia, pedido de cobrança, histórico, as ações possíveis e o link de WhatsApp da situação',
        params,
        response: { 200: repairResponseSchema },
      },
    },
    async (request) => ({ data: await service.detail(principalOf(request), request.params.id) }),
  );

  app.patch(
    '/repairs/:id',
    {
      config: REPAIRS_MANAGE_ACCESS,
      schema: {
        tags,
        summary:
          'Corrige modelo, problema, acessórios, observações, data prevista e técnico enquanto o aparelho está na loja',
        params,
        body: repairUpdateBodySchema,
        response: { 200: repairResponseSchema },
      },
    },
    async (request) => ({ data: await service.update(principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/repairs/:id/device-password',
    {
      config: REPAIRS_READ_ACCESS,
      schema: {
        tags,
        summary:
          'A senha ou padrão de desbloqueio deixado pelo cliente, para o técnico testar o aparelho e o balcão; cada leitura fica na auditoria. 409 REPAIR_NO_DEVICE_PASSWORD quando não foi informado ou já foi apagado na saída do aparelho',
        params,
        response: { 200: repairDevicePasswordResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ data: await service.devicePassword(principalOf(request), request.params.id) }),
  );

  app.get(
    '/repairs/:id/receipt.pdf',
    {
      config: REPAIRS_READ_ACCESS,
      schema: {
        tags,
        summary: 'O comprovante da ordem de serviço para o cliente (PDF A5), com o QR code da página de acompanhamento',
        params,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const pdf = await service.receipt(principalOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="os-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  for (const action of REPAIR_ACTIONS) {
    app.post(
      `/repairs/:id/${repairMovePath(action)}`,
      {
        config: repairActionAccess([action]),
        schema: {
          tags,
          summary: `${REPAIR_ACTION_LABELS[action]} (a tabela REPAIR_TRANSITIONS do contrato diz de onde e quem)`,
          params,
          body: repairMoveBodySchema,
          response: { 200: repairResponseSchema },
        },
      },
      async (request) => ({
        data: await service.move(principalOf(request), request.params.id, action, request.body),
      }),
    );
  }
}

/**
 * Repairs ('Assistência técnica', issue 42 §2): the service orders, their moves (one route per move of the
 * contract's table, its permission read from the table), the technician's queue, the CSV, the receipt, the repair
 * warranty by IMEI, the setting, and the public status page (rate-limited).
 */
export const repairsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RepairRouteDeps = {
    service: createRepairsService(app.deps),
    // The CSV may read a replica (decision 0062).
    exporting: createRepairsService({ ...app.deps, db: replicaReads(app.deps.db) }),
    limiter: createStatusPageLimiter(app.deps.db),
  };
  registerIntakeAndListRoutes(app, deps);
  registerWarrantyRoutes(app, deps);
  registerStatusPageRoute(app, deps);
  registerServiceOrderRoutes(app, deps);
};

import {
  associateDelivererSchema,
  CUSTOMER_HISTORY_TIMESTAMP,
  CUSTOMER_LIMITS,
  CUSTOMER_LIST_STATUS,
  CUSTOMER_STATUSES,
  CUSTOMER_TEXTS,
  customerApproveSchema,
  customerDataExportSchema,
  customerDetailsSchema,
  customerEditSchema,
  customerExportQuerySchema,
  customerHistorySchema,
  customerLevelOptionSchema,
  customerListQuerySchema,
  customerListSchema,
  customerRegisterSchema,
  customerSchema,
  customerStatusChangeSchema,
  idParamSchema,
  PERMISSIONS,
  walkInCustomerSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { csvExportSchema, csvStream, sendCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/auth';
import { customerCsvColumns } from './customers.csv';
import { createCustomerPrivacy } from './customers.privacy';
import { type CustomersService, createCustomersService } from './customers.service';

const {
  customers: CUSTOMERS,
  internalSales: INTERNAL_SALES,
  reports: REPORTS,
  fullAccess: ADMINISTRATORS,
} = PERMISSIONS;
/** A customer id in the path: a positive integer within the database's range. */
const idParams = z.object({ id: idParamSchema(CUSTOMER_TEXTS.idInvalid) });
const customersEnvelope = z.object({ customers: z.array(customerSchema) });
const isPaged = (query: z.infer<typeof customerListQuerySchema>) =>
  query.page !== undefined ||
  query.items !== undefined ||
  query.search !== undefined ||
  query.sort !== undefined ||
  query.filter !== undefined;
const PAGED_SUMMARY =
  'Sem parâmetros: a lista inteira {customers}. Com page (a partir de 0), items (1–100, padrão 10), search (nome, e-mail, documento, telefone; sem acentos e maiúsculas) ou sort (campo:asc|desc) ou filter (campo:operador:valor): uma página {customers, total}';
const dataEnvelope = z.object({ data: customerSchema });
const timestamp = (message: string) => z.string().regex(CUSTOMER_HISTORY_TIMESTAMP, message);
const tags = ['customers'];
const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

type CustomersApp = Parameters<FastifyPluginAsyncZod>[0];
type CustomerPrivacy = ReturnType<typeof createCustomerPrivacy>;

/**
 * Customers: lists by status, details, levels, search, courier association, deletion, status changes,
 * edit, approval and purchase history. Rules live in the service.
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomersService(app.deps.db);
  // The CSV may read a replica (decision 0062).
  const exporting = createCustomersService(replicaReads(app.deps.db));
  const privacy = createCustomerPrivacy(app.deps.db);

  registerListRoutes(app, service);
  registerNewCustomerRoutes(app, service);
  registerReadRoutes(app, service, exporting);
  registerChangeRoutes(app, service);
  registerHistoryRoutes(app, service);
  registerPrivacyRoutes(app, privacy);
};

/** The four lists of section 7, one per status: the whole list, or a page when any list parameter is given. */
function registerListRoutes(app: CustomersApp, service: CustomersService): void {
  const lists = [
    {
      url: '/customers',
      status: 'Approved',
      summary: 'Clientes ativos (aprovados, não bloqueados)',
      permissions: [CUSTOMERS, INTERNAL_SALES],
    },
    { url: '/customers/blocked', status: 'Blocked', summary: 'Clientes bloqueados', permissions: [CUSTOMERS] },
    { url: '/customers/reproved', status: 'Reproved', summary: 'Clientes reprovados', permissions: [CUSTOMERS] },
    {
      url: '/administrator/customers/unnaproved',
      status: 'Awaiting',
      summary: 'Clientes aguardando aprovação',
      permissions: [CUSTOMERS],
    },
  ] as const;
  for (const { url, status, summary, permissions } of lists) {
    app.get(
      url,
      {
        config: { permissions: [...permissions] },
        schema: {
          tags,
          summary,
          description: PAGED_SUMMARY,
          querystring: customerListQuerySchema,
          response: { 200: customerListSchema },
        },
      },
      async (request) =>
        isPaged(request.query) ? service.page(status, request.query) : { customers: await service.list(status) },
    );
  }
}

/** A customer registered by staff, and the caller's own 'Consumidor final'. */
function registerNewCustomerRoutes(app: CustomersApp, service: CustomersService): void {
  app.post(
    '/customers',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary:
          'Cadastra um cliente pela equipe (nome, CPF/CNPJ com dígitos verificadores, inscrição estadual opcional, telefone, e-mail, endereço com CEP, nível, frete, garantia, motoboy): aprovado na hora, auditado',
        description:
          'Novo (issue 38). 201 com o cliente. 409 DUPLICATE quando o CPF/CNPJ ou o e-mail já é de um cliente (qualquer situação): details.customer {id, name, email} para abri-lo.',
        body: customerRegisterSchema,
        response: { 201: dataEnvelope },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.register(actor(request), request.body) }),
  );

  app.post(
    '/customers/walk-in',
    {
      config: { permissions: [INTERNAL_SALES] },
      schema: {
        tags,
        summary:
          "O 'Consumidor final' de quem chama (venda no balcão sem cadastro), criado no primeiro uso: o id para o carrinho e a finalização",
        description:
          'Novo (issue 38, decisão 0040). Um por funcionário (carrinho próprio); fora de toda lista, pesquisa, contagem e LGPD. A venda é só com retirada na loja; CPF/CNPJ na nota opcional (noteDocument da finalização).',
        response: { 200: z.object({ data: walkInCustomerSchema }) },
      },
    },
    async (request) => ({ data: await service.walkIn(actor(request)) }),
  );
}

/** The CSV of a list, one customer's details, the levels and the search. */
function registerReadRoutes(app: CustomersApp, service: CustomersService, exporting: CustomersService): void {
  app.get(
    '/customers/export.csv',
    {
      config: { permissions: [CUSTOMERS] },
      schema: csvExportSchema(
        tags,
        'CSV (relatorio.csv, separador ;, UTF-8 com BOM) de todos os clientes da lista (active, blocked, reproved, awaiting) que atendem à pesquisa, na ordem pedida',
        customerExportQuerySchema,
      ),
    },
    async (request, reply) => {
      const { list, ...query } = request.query;
      const { headers, cells } = customerCsvColumns(list);
      const body = csvStream(headers, exporting.exportBatches(CUSTOMER_LIST_STATUS[list], query), cells);
      return sendCsv(reply, 'relatorio.csv', body);
    },
  );

  app.get(
    '/administrator/customer/:email',
    {
      config: { permissions: [CUSTOMERS, INTERNAL_SALES] },
      schema: {
        tags,
        summary: 'Detalhes de um cliente pelo e-mail',
        params: z.object({ email: z.string().trim().min(1, CUSTOMER_TEXTS.emailRequired).max(254) }),
        response: { 200: z.object({ data: customerDetailsSchema }) },
      },
    },
    async (request) => ({ data: await service.details(request.params.email) }),
  );

  app.get(
    '/customers/level',
    {
      config: { permissions: [CUSTOMERS, INTERNAL_SALES, REPORTS] },
      schema: {
        tags,
        summary: 'Níveis de cliente (value, text), da tabela customer_levels; o corpo é a própria lista',
        // Section 7 reads this answer as `data` (the body itself), unlike the `data.data` of other calls.
        response: { 200: z.array(customerLevelOptionSchema) },
      },
    },
    async () => service.levels(),
  );

  app.get(
    '/customers/full-search',
    {
      config: { permissions: [CUSTOMERS, INTERNAL_SALES] },
      schema: {
        tags,
        summary: 'Pesquisa por nome, e-mail, documento ou telefone (sem acentos e maiúsculas); até 50',
        querystring: z.object({
          param: z
            .string({ error: CUSTOMER_TEXTS.searchTooShort })
            .max(CUSTOMER_LIMITS.maxSearch, CUSTOMER_TEXTS.searchTooLong),
          status: z.enum(CUSTOMER_STATUSES).optional(),
        }),
        response: { 200: customersEnvelope },
      },
    },
    async (request) => ({ customers: await service.search(request.query.param, request.query.status) }),
  );
}

/** Changes of a customer: his courier, his deletion, his status, the edit modal and the approval form. */
function registerChangeRoutes(app: CustomersApp, service: CustomersService): void {
  app.put(
    '/employees/deliverer/sign/customer',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary: 'Associa um motoboy ao cliente',
        body: associateDelivererSchema,
        response: { 200: dataEnvelope },
      },
    },
    async (request) => ({ data: await service.associateDeliverer(actor(request), request.body) }),
  );

  app.delete(
    '/customers/:id',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary: 'Remove um cliente sem pedidos',
        params: idParams,
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => {
      await service.remove(actor(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.patch(
    '/administrator/customer/:id/status',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary: "Bloqueia ({status:'Blocked', note}), desbloqueia/reaprova ('Approved') ou reprova ('Reproved')",
        params: idParams,
        body: customerStatusChangeSchema,
        response: { 200: dataEnvelope },
      },
    },
    async (request) => ({ data: await service.changeStatus(actor(request), request.params.id, request.body) }),
  );

  app.patch(
    '/customers',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary:
          'Edita nível, frete, garantia, taxa, aprovação e inscrição estadual (ausente: mantém; null ou vazia: remove)',
        body: customerEditSchema,
        response: { 200: dataEnvelope },
      },
    },
    async (request) => ({ data: await service.edit(actor(request), request.body) }),
  );

  app.patch(
    '/administrator/customers/approve',
    {
      config: { permissions: [CUSTOMERS] },
      schema: {
        tags,
        summary: 'Aprova (nível, frete, garantia) ou reprova (approve: false) um cliente',
        body: customerApproveSchema,
        response: { 200: dataEnvelope },
      },
    },
    async (request) => ({ data: await service.approve(actor(request), request.body) }),
  );
}

/** A customer's purchases in a period. */
function registerHistoryRoutes(app: CustomersApp, service: CustomersService): void {
  app.get(
    '/reports/customer/histories/:id/start/:start/end/:end',
    {
      config: { permissions: [CUSTOMERS, REPORTS] },
      schema: {
        tags,
        summary: 'Pedidos do cliente no período, com itens e totais (datas AAAA-MM-DDTHH:mm:ss, horário de Brasília)',
        params: z.object({
          id: idParams.shape.id,
          start: timestamp(CUSTOMER_TEXTS.timestampInvalid),
          end: timestamp(CUSTOMER_TEXTS.timestampInvalid),
        }),
        response: { 200: z.object({ data: customerHistorySchema }) },
      },
    },
    async (request) => ({
      data: await service.history(request.params.id, request.params.start, request.params.end),
    }),
  );
}

/** LGPD: the person's rights of access and anonymisation (administrators only). */
function registerPrivacyRoutes(app: CustomersApp, privacy: CustomerPrivacy): void {
  // ---------- LGPD: the person's rights of access and anonymisation (administrators only) ----------
  app.get(
    '/customers/:id/export',
    {
      config: { permissions: [ADMINISTRATORS] },
      schema: {
        tags,
        summary:
          'LGPD: tudo o que a loja guarda sobre o cliente (cadastro, endereço, pedidos, acessos, pesquisas), em JSON',
        description:
          'Somente administradores (acesso total). Responde como anexo cliente-{id}-dados.json e registra a exportação na auditoria.',
        params: idParams,
        response: { 200: z.object({ data: customerDataExportSchema }) },
      },
    },
    async (request, reply) => {
      const data = await privacy.exportData(actor(request), request.params.id);
      reply.header('content-disposition', `attachment; filename="cliente-${request.params.id}-dados.json"`);
      return { data };
    },
  );

  app.post(
    '/customers/:id/anonymise',
    {
      config: { permissions: [ADMINISTRATORS] },
      schema: {
        tags,
        summary:
          'LGPD: anonimiza o cliente (nome, e-mail, telefone, documento, endereço; acessos e pesquisas removidos)',
        description:
          'Somente administradores. Pedidos, valores e o razão de estoque ficam (registros contábeis). 409 enquanto houver pedido em andamento ou se já anonimizado.',
        params: idParams,
        response: { 200: dataEnvelope },
      },
    },
    async (request) => ({ data: await privacy.anonymise(actor(request), request.params.id) }),
  );
}

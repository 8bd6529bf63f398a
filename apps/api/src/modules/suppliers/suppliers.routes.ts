import {
  formatDocument,
  idParamSchema,
  PERMISSIONS,
  SUPPLIER_CSV_HEADERS,
  SUPPLIER_TEXTS,
  type Supplier,
  supplierBodySchema,
  supplierExportQuerySchema,
  supplierListQuerySchema,
  supplierPageSchema,
  supplierPatchSchema,
  supplierSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { csvDate, csvExportSchema, csvStream, sendCsv } from '../../lib/csv';
import { data } from '../../lib/envelope';
import { principalOf } from '../../plugins/auth';
import { createSuppliersService } from './suppliers.service';

/** Buying: bo:manage:purchases (full:access always passes). */
const config = { permissions: [PERMISSIONS.purchases] };
const params = z.object({ id: idParamSchema(SUPPLIER_TEXTS.idInvalid) });

/** One CSV line of a supplier. */
const cells = (s: Supplier) => [
  s.name,
  s.tradeName,
  formatDocument(s.document),
  s.stateRegistration,
  s.contactName,
  s.phone,
  s.email,
  [s.address.street, s.address.number, s.address.complement, s.address.district].filter(Boolean).join(', '),
  s.address.city,
  s.address.state,
  s.address.postalCode,
  csvDate(s.createdAt),
];

/** Suppliers ('Fornecedores', issue 39 §1, decision 0047). */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSuppliersService(app.deps.db);
  // The CSV may read a replica (decision 0062).
  const exporting = createSuppliersService(replicaReads(app.deps.db));
  const tags = ['suppliers'];

  app.get(
    '/suppliers',
    {
      config,
      schema: {
        tags,
        summary:
          'Fornecedores por nome, paginados (page desde 0, size), com busca por nome, nome fantasia, CNPJ/CPF ou telefone (com ou sem pontuação)',
        querystring: supplierListQuerySchema,
        response: { 200: data(supplierPageSchema) },
      },
    },
    async (request) => ({ data: await service.page(request.query) }),
  );

  app.get(
    '/suppliers/export.csv',
    {
      config,
      schema: csvExportSchema(
        tags,
        'CSV (fornecedores.csv) de todos os fornecedores que atendem à busca, por nome',
        supplierExportQuerySchema,
      ),
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'fornecedores.csv',
        csvStream(SUPPLIER_CSV_HEADERS, exporting.exportBatches(request.query), cells),
      ),
  );

  app.post(
    '/suppliers',
    {
      config,
      schema: {
        tags,
        summary:
          'Cadastra um fornecedor (CNPJ, inclusive alfanumérico, ou CPF com dígitos verificadores conferidos), auditado; CNPJ/CPF já cadastrado: 409 com o nome do outro',
        body: supplierBodySchema,
        response: { 201: data(supplierSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(principalOf(request).employeeId, request.body) }),
  );

  app.get(
    '/suppliers/:id',
    {
      config,
      schema: { tags, summary: 'Um fornecedor', params, response: { 200: data(supplierSchema) } },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    '/suppliers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Altera os campos enviados de um fornecedor (auditado com o antes e o depois)',
        params,
        body: supplierPatchSchema,
        response: { 200: data(supplierSchema) },
      },
    },
    async (request) => ({
      data: await service.update(principalOf(request).employeeId, request.params.id, request.body),
    }),
  );
};

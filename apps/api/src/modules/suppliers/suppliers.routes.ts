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
import { csvDate } from '../../lib/csv';
import { moduleRoutes } from '../../lib/module-routes';
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
  const route = moduleRoutes(app, tags, config);

  route.get('/suppliers', {
    summary:
      'Fornecedores por nome, paginados (page desde 0, size), com busca por nome, nome fantasia, CNPJ/CPF ou telefone (com ou sem pontuação)',
    querystring: supplierListQuerySchema,
    data: supplierPageSchema,
    handler: (request) => service.page(request.query),
  });

  route.csv('/suppliers/export.csv', {
    summary: 'CSV (fornecedores.csv) de todos os fornecedores que atendem à busca, por nome',
    querystring: supplierExportQuerySchema,
    fileName: 'fornecedores.csv',
    columns: SUPPLIER_CSV_HEADERS,
    rows: (query) => exporting.exportBatches(query),
    cells,
  });

  route.post('/suppliers', {
    summary:
      'Cadastra um fornecedor (CNPJ, inclusive alfanumérico, ou CPF com dígitos verificadores conferidos), auditado; CNPJ/CPF já cadastrado: 409 com o nome do outro',
    body: supplierBodySchema,
    data: supplierSchema,
    status: 201,
    handler: (request) => service.create(principalOf(request).employeeId, request.body),
  });

  route.get('/suppliers/:id', {
    summary: 'Um fornecedor',
    params,
    data: supplierSchema,
    handler: (request) => service.get(request.params.id),
  });

  route.patch('/suppliers/:id', {
    summary: 'Altera os campos enviados de um fornecedor (auditado com o antes e o depois)',
    params,
    body: supplierPatchSchema,
    data: supplierSchema,
    handler: (request) => service.update(principalOf(request).employeeId, request.params.id, request.body),
  });
};

import { Readable } from 'node:stream';
import {
  idParamSchema,
  NFSE_TEXTS,
  nfseSettingsBodySchema,
  nfseSettingsSchema,
  PERMISSIONS,
  serviceInvoiceCancelBodySchema,
  serviceInvoiceSchema,
  serviceInvoicesQuerySchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_OPENAPI_DESCRIPTION, csvStream, sendCsv } from '../../../lib/csv';
import { data } from '../../../lib/envelope';
import { moduleRoutes } from '../../../lib/module-routes';
import { principalOf } from '../../../plugins/auth';
import { fiscalDocumentFiles } from '../fiscal-document-files';
import { scheduleNfse } from './nfse.scheduler';
import { createNfseService } from './nfse.service';

/**
 * The national NFS-e of the repairs' labour (issue 56 §4, decision 0085): emitting, sending again, cancelling —
 * `invoices`; reading the invoices, their XML and DANFSe — `invoices` or `orders`; the settings — `settings`.
 */
const write = { permissions: [PERMISSIONS.invoices] };
const read = { permissions: [PERMISSIONS.invoices, PERMISSIONS.orders] };
const settings = { permissions: [PERMISSIONS.settings] };
const params = z.object({ id: idParamSchema(NFSE_TEXTS.notFound) });
const repairParams = z.object({ id: idParamSchema(NFSE_TEXTS.repairNotFound) });
const tags = ['fiscal'];

export const nfseRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = moduleRoutes(app, tags);
  const { config, db } = app.deps;
  const service = createNfseService({
    db,
    serverSecret: config.jwtSecret,
    sefinUrl: config.fiscalSefinUrl,
    sefinCa: config.fiscalSefinCa,
    timeoutMs: config.fiscalSefazTimeoutMs,
  });
  // The repairs delivered get their NFS-e by themselves in a process that runs the scheduled work (not in the tests).
  if (config.scheduledWork) scheduleNfse(app.deps.scheduler, service);

  app.get(
    '/fiscal/nfse/settings',
    {
      config: settings,
      schema: { tags, summary: 'As configurações da NFS-e nacional', response: { 200: data(nfseSettingsSchema) } },
    },
    async () => ({ data: await service.settings() }),
  );
  route.put('/fiscal/nfse/settings', {
    access: settings,
    summary:
      'Salva as configurações da NFS-e: município aderente ao padrão nacional, item da LC 116 e código de tributação nacional, alíquota do ISS, Simples, série da DPS, endereços da Sefin Nacional; auditado',
    body: nfseSettingsBodySchema,
    data: nfseSettingsSchema,
    handler: (request) => service.saveSettings(principalOf(request), request.body),
  });

  route.get('/fiscal/nfse', {
    access: read,
    summary: 'As NFS-e da mão de obra dos reparos, das mais novas (até 500), por situação e ordem de serviço',
    querystring: serviceInvoicesQuerySchema,
    data: z.array(serviceInvoiceSchema),
    handler: (request) => service.list(request.query),
  });

  app.get(
    '/fiscal/nfse/to-invoice.csv',
    {
      config: read,
      schema: {
        tags,
        summary:
          "'Serviços a faturar': a mão de obra dos reparos enquanto o município não usa a NFS-e nacional, para o contador",
        description: CSV_OPENAPI_DESCRIPTION,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      const rows = await service.toInvoiceRows();
      return sendCsv(
        reply,
        'servicos-a-faturar.csv',
        csvStream(
          ['Ordem de serviço', 'Data', 'Cliente', 'CPF/CNPJ', 'Serviço', 'Valor', 'Alíquota ISS (%)', 'ISS'],
          Readable.from([rows]),
          (row: string[]) => row,
        ),
      );
    },
  );

  app.post(
    '/fiscal/nfse/repairs/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          "'Emitir NFS-e': a mão de obra cobrada da ordem de serviço numa NFS-e nacional (DPS assinada com o A1 e enviada à Sefin Nacional), ou em 'Serviços a faturar' se o município não é aderente",
        params: repairParams,
        response: { 201: data(serviceInvoiceSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.emit(principalOf(request), request.params.id) }),
  );

  app.get(
    '/fiscal/nfse/:id',
    { config: read, schema: { tags, summary: 'Uma NFS-e', params, response: { 200: data(serviceInvoiceSchema) } } },
    async (request) => ({ data: await service.one(request.params.id) }),
  );

  route.post('/fiscal/nfse/:id/send', {
    access: write,
    summary: 'Envia de novo a DPS que aguarda a Sefin Nacional',
    params,
    data: serviceInvoiceSchema,
    handler: (request) => service.send(request.params.id),
  });

  route.post('/fiscal/nfse/:id/cancel', {
    access: write,
    summary: 'Cancela a NFS-e autorizada (evento 101101, com o motivo); auditado',
    params,
    body: serviceInvoiceCancelBodySchema,
    data: serviceInvoiceSchema,
    handler: (request) => service.cancel(principalOf(request), request.params.id, request.body),
  });

  fiscalDocumentFiles(route, read, params, '/fiscal/nfse/:id', {
    xml: {
      summary: 'O XML da NFS-e autorizada, como a Sefin Nacional o devolveu',
      load: (id) => service.xml(id),
    },
    printout: {
      file: 'danfse.pdf',
      summary: 'O DANFSe (PDF) da NFS-e autorizada',
      load: (id) => service.danfse(id),
    },
  });
};

import {
  csvMoney,
  idempotencyKeyHeaderSchema,
  idParamSchema,
  PERMISSIONS,
  PURCHASE_CSV_HEADERS,
  PURCHASE_ENTRY_TEXTS,
  PURCHASE_TEXTS,
  type PurchaseDecisions,
  type PurchaseSummary,
  purchaseDecisionsSchema,
  purchaseExportQuerySchema,
  purchaseListQuerySchema,
  purchaseNfeQuerySchema,
  purchasePageSchema,
  purchasePreviewSchema,
  purchaseProductOptionSchema,
  purchaseProductSearchQuerySchema,
  purchaseSchema,
  purchaseSettingsSchema,
  supplierReturnBodySchema,
  supplierReturnSchema,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { csvDate } from '../../lib/csv';
import { AppError, badRequest } from '../../lib/errors';
import { moduleRoutes } from '../../lib/module-routes';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { NFE_MAX_BYTES } from './nfe/nfe-reader';
import { createPurchasesService } from './purchases.service';

const config = { permissions: [PERMISSIONS.purchases] };
const params = z.object({ id: idParamSchema(PURCHASE_ENTRY_TEXTS.idInvalid) });
/** The decisions of a 500-item note (its IMEIs, its new products) fit well under 1 MB. */
const DECISIONS_MAX_BYTES = 1024 * 1024;

const tooLarge = () => new AppError(413, PURCHASE_TEXTS.nfe.tooLarge, { code: 'PAYLOAD_TOO_LARGE' });

const nfeHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeaderSchema
    .optional()
    .describe(
      'Opcional, no confirmar (dryRun=false): a mesma chave devolve a entrada já feita (cabeçalho Idempotent-Replayed: true), nunca uma segunda; com outra nota, 409.',
    ),
});

const csvCells = (p: PurchaseSummary) => [
  csvDate(p.createdAt),
  p.supplier.name,
  p.supplier.document,
  p.number,
  p.series,
  csvDate(p.issuedAt),
  p.accessKey,
  p.itemsCount,
  csvMoney(p.total),
  p.signatureStatus === 'VALID' ? 'Assinada' : 'Sem assinatura',
  p.createdBy,
];

/** 'Entrada por XML' (issue 39 §2, decision 0049): the supplier's NF-e previewed and entered; the entries. */
export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file's limit is the multipart parser's: a larger file is cut off while it streams, never read whole.
  await app.register(multipart, {
    limits: { fileSize: NFE_MAX_BYTES, files: 1, fields: 2, fieldSize: DECISIONS_MAX_BYTES, parts: 4 },
  });
  const service = createPurchasesService(app.deps.db);
  // The CSV may read a replica (decision 0062).
  const exporting = createPurchasesService(replicaReads(app.deps.db));
  const tags = ['purchases'];
  const route = moduleRoutes(app, tags, config);

  app.post(
    '/purchases/nfe',
    {
      config,
      schema: {
        tags,
        summary:
          "'Entrada por XML': lê a NF-e do fornecedor (multipart: file, decisions opcional); dryRun=true (padrão) responde a prévia, dryRun=false dá entrada",
        description:
          'Corpo multipart/form-data: `file` (o XML da NF-e modelo 55, versão 4.00, nfeProc ou NFe, até 2 MB) e `decisions` opcional (JSON: por item `line`, `productId` para vincular ou `create` para criar o produto, `factor`, `units` (um por aparelho: `imei` e, com dois chips, `imei2`) ou `imeis` (um IMEI por aparelho), não os dois; `confirmRecipient`; `unsignedReason`). ' +
          'A prévia casa cada item com um produto pelo GTIN, depois pelo código do fornecedor lembrado, e mostra o custo unitário ((vProd + vFrete + vSeg + vOutro − vDesc + vIPI + vICMSST) ÷ unidades), o novo custo médio e os preços por nível (um produto criado sem `discount` recebe os percentuais padrão de GET /purchases/settings, em `levelDefaults`). ' +
          "Um item vinculado cujo custo unitário se afasta do custo médio do produto além da variação configurada (`costDeviation`) é pendência até `acceptCost: true` ('Custo conferido'). 'Pago no ato' em dinheiro sai do caixa aberto de quem confirma (409 CASH_DRAWER_CLOSED sem caixa aberto, numa loja que usa caixas). " +
          'Confirmar grava numa transação: fornecedor, produtos, códigos lembrados, o movimento de estoque (PURCHASE), os aparelhos por IMEI, o custo médio e as contas a pagar. A mesma chave de acesso de novo: 409; pendências: 400 PURCHASE_NOT_READY com cada uma.',
        consumes: ['multipart/form-data'],
        querystring: purchaseNfeQuerySchema,
        headers: nfeHeadersSchema,
        response: { 200: z.object({ data: z.union([purchasePreviewSchema, purchaseSchema]) }) },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readUpload(request, ['decisions'], {
        tooLarge,
        missing: () => badRequest(PURCHASE_ENTRY_TEXTS.fileRequired),
      });
      const decisions = parseDecisions(fields.decisions);
      const actorId = principalOf(request).employeeId;
      if (request.query.dryRun) return { data: await service.preview(actorId, file, decisions) };
      const key = (request.headers as { 'idempotency-key'?: string })['idempotency-key'];
      const answer = await service.confirm(actorId, file, decisions, key);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return { data: answer.purchase };
    },
  );

  route.post('/purchases/returns', {
    summary:
      'Devolução ao fornecedor (issue 39 §4): aparelhos em estoque ou em análise, por IMEI, com o motivo; saem do estoque (o histórico nomeia o fornecedor e a chave da nota de entrada) e o fornecedor fica devendo o custo de entrada deles (crédito em Contas a pagar)',
    description:
      'Todos do mesmo fornecedor e vindos por Entrada por XML; cada IMEI que não serve é nomeado e nada é gravado. Uma transação.',
    body: supplierReturnBodySchema,
    data: supplierReturnSchema,
    handler: (request) => service.returnToSupplier(principalOf(request).employeeId, request.body),
  });

  route.get('/purchases', {
    summary:
      'Entradas por XML, as mais novas primeiro, paginadas (page desde 0, size), com busca no fornecedor (nome, CNPJ), número ou chave da nota',
    querystring: purchaseListQuerySchema,
    data: purchasePageSchema,
    handler: (request) => service.page(request.query),
  });

  route.get('/purchases/products', {
    summary:
      "'Vincular a um produto' na Entrada por XML: produtos ativos pela busca do catálogo (nome, código, tag, marca ou referência, sem acento nem caixa), por nome, até limit (padrão 20, no máximo 50); basta 'Compras'",
    querystring: purchaseProductSearchQuerySchema,
    data: z.array(purchaseProductOptionSchema),
    handler: (request) => service.products(request.query),
  });

  route.csv('/purchases/export.csv', {
    summary: 'CSV (entradas.csv) de todas as entradas por XML que atendem à busca, na ordem da lista',
    querystring: purchaseExportQuerySchema,
    fileName: 'entradas.csv',
    columns: PURCHASE_CSV_HEADERS,
    rows: (query) => exporting.exportBatches(query.search),
    cells: csvCells,
  });

  route.get('/purchases/settings', {
    summary:
      "Configurações da Entrada por XML (decisão 0090): os percentuais Ouro, Prata e Bronze de um produto criado a partir da nota e a variação (± %) do custo unitário sobre o custo médio do produto que pede 'Custo conferido'",
    data: purchaseSettingsSchema,
    handler: () => service.settings(),
  });

  route.put('/purchases/settings', {
    summary:
      'Altera as configurações da Entrada por XML (percentuais de 0 a 100; variação de 1 a 1000 % inteiro); auditado',
    body: purchaseSettingsSchema,
    data: purchaseSettingsSchema,
    handler: (request) => service.saveSettings(principalOf(request).employeeId, request.body),
  });

  route.get('/purchases/:id', {
    summary:
      'Uma entrada por XML: a nota, o fornecedor, cada item com o produto, fator, unidades, custo unitário, custo antes e depois, os IMEIs, e as contas a pagar',
    params,
    data: purchaseSchema,
    handler: (request) => service.get(request.params.id),
  });
};

function parseDecisions(text: string | undefined): PurchaseDecisions {
  if (!text?.trim()) return purchaseDecisionsSchema.parse({});
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(PURCHASE_ENTRY_TEXTS.decisionsInvalid);
  }
  const parsed = purchaseDecisionsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      issue
        ? PURCHASE_ENTRY_TEXTS.decisionRefused(issue.path.join('.'), issue.message)
        : PURCHASE_ENTRY_TEXTS.decisionsInvalid,
      'VALIDATION_FAILED',
    );
  }
  return parsed.data;
}

import {
  IMPORT_KINDS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  type ImportKind,
  idempotencyKeyHeaderSchema,
  importMappingSchema,
  importQuerySchema,
  importResultSchema,
  importTemplateQuerySchema,
  PERMISSIONS,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { runImport, TEMPLATE_NAMES, template } from './imports.service';

/** Who may import each kind: the permission that creates and edits it. */
const PERMISSION: Record<ImportKind, string> = { products: PERMISSIONS.products, customers: PERMISSIONS.customers };
const KIND_NAMES: Record<ImportKind, string> = { products: 'produtos', customers: 'clientes' };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const tooLarge = () => new AppError(413, IMPORT_TEXTS.fileTooLarge, { code: 'PAYLOAD_TOO_LARGE' });

/** A confirm takes the `Idempotency-Key` header, as the order moves do: the same import sent twice writes once. */
const importHeadersSchema = z.looseObject({
  'idempotency-key': idempotencyKeyHeaderSchema
    .optional()
    .describe(
      'Opcional: a mesma chave com a mesma planilha, mapeamento e opções repete a primeira resposta sem importar de novo (cabeçalho Idempotent-Replayed: true), mesmo ao mesmo tempo; com outra planilha, 409. Sem efeito com dryRun=true.',
    ),
});

/**
 * Spreadsheet import (issue 21 §2): POST /imports/{products|customers} with the file (multipart, field
 * `file`, ≤ 20 MB) and an optional `mapping` field (JSON: file column → our column); GET …/template.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });
  const tags = ['imports'];

  for (const kind of IMPORT_KINDS) {
    app.post(
      `/imports/${kind}`,
      {
        config: { permissions: [PERMISSION[kind]] },
        schema: {
          tags,
          summary: `Importa ${KIND_NAMES[kind]} de uma planilha CSV ou XLSX (multipart: file, mapping opcional); dryRun=true só confere`,
          description:
            'Corpo multipart/form-data: `file` (CSV com `;` ou `,`, UTF-8 com ou sem BOM ou Windows-1252, vírgula decimal; ou XLSX; até 20 MB) e `mapping` opcional (JSON: coluna da planilha → coluna nossa, "" para ignorar). ' +
            'Uma planilha com erros não importa nada, salvo skipInvalid=true. Tudo numa transação.',
          consumes: ['multipart/form-data'],
          querystring: importQuerySchema,
          headers: importHeadersSchema,
          response: { 200: z.object({ data: importResultSchema }) },
        },
      },
      async (request, reply) => {
        const { file, fields } = await readUpload(request, ['mapping'], {
          tooLarge,
          missing: () => badRequest(IMPORT_TEXTS.fileRequired),
        });
        const mappingText = fields.mapping;
        let mapping: Record<string, string> = {};
        if (mappingText?.trim()) {
          let json: unknown;
          try {
            json = JSON.parse(mappingText);
          } catch {
            throw badRequest(IMPORT_TEXTS.mappingInvalid);
          }
          const parsed = importMappingSchema.safeParse(json);
          if (!parsed.success) throw badRequest(IMPORT_TEXTS.mappingInvalid);
          mapping = parsed.data;
        }
        const actor = principalOf(request).employeeId;
        const key = (request.headers as { 'idempotency-key'?: string })['idempotency-key'];
        const answer = await runImport(app.deps.db, actor, kind, file, mapping, request.query, key);
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return { data: answer.result };
      },
    );

    app.get(
      `/imports/${kind}/template`,
      {
        config: { permissions: [PERMISSION[kind]] },
        schema: {
          tags,
          summary: `'Baixar modelo': a planilha modelo de ${KIND_NAMES[kind]} (format=csv com ; e BOM, ou xlsx)`,
          querystring: importTemplateQuerySchema,
          produces: ['text/csv', XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const { format } = request.query;
        const body = await template(kind, format);
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
          .header('content-disposition', `attachment; filename="${TEMPLATE_NAMES[kind]}.${format}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
};

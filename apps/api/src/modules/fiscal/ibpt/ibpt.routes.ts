import {
  IBPT_MAX_BYTES,
  IBPT_MAX_ROWS,
  IBPT_TEXTS,
  ibptSummarySchema,
  ibptTableSchema,
  PERMISSIONS,
  UFS,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { data } from '../../../lib/envelope';
import { AppError, badRequest } from '../../../lib/errors';
import { readUpload } from '../../../lib/uploads';
import { principalOf } from '../../../plugins/auth';
import { ibptSummary, importIbptTable } from './ibpt-tables';

/** 'Configurações' → 'Fiscal' → 'Tabela IBPT' (issue 55 §2, decision 0077): the fiscal settings' permission. */
const config = { permissions: [PERMISSIONS.settings] };

export const ibptRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file's limit is the multipart parser's: a larger file is cut off while it streams, never read whole.
  await app.register(multipart, {
    limits: { fileSize: IBPT_MAX_BYTES, files: 1, fields: 1, fieldSize: 16, parts: 2 },
  });
  const tags = ['fiscal'];

  app.get(
    '/fiscal/ibpt',
    {
      config,
      schema: {
        tags,
        summary:
          'As tabelas IBPT importadas (uma por UF: versão, chave, fonte, vigência, linhas, se a vigência terminou, quem importou e quando) e a UF do emitente, a que as notas usam',
        response: { 200: data(ibptSummarySchema) },
      },
    },
    async () => ({ data: await ibptSummary(app.deps.db) }),
  );

  app.post(
    '/fiscal/ibpt',
    {
      config,
      schema: {
        tags,
        summary: `Importa a tabela IBPT de uma UF (multipart: \`file\`, o CSV como o IBPT publica, até ${IBPT_MAX_BYTES / 1024 / 1024} MB e ${IBPT_MAX_ROWS} linhas, e \`uf\`), substituindo a da UF numa transação; auditado`,
        description:
          'Cabeçalho codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte, em UTF-8 ou ISO-8859-1. Alíquotas de 0 a 100 com até 4 casas (ponto ou vírgula), datas dd/mm/aaaa; toda linha com a chave, a versão, a fonte e a vigência da primeira. A primeira linha errada recusa o arquivo inteiro (400 nomeando a linha); acima do tamanho 413 antes de ler o resto. Responde a tabela da UF como GET a lista.',
        consumes: ['multipart/form-data'],
        response: { 201: data(ibptTableSchema) },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readUpload(request, ['uf'], {
        tooLarge: () => new AppError(413, IBPT_TEXTS.tooLarge, { code: 'PAYLOAD_TOO_LARGE' }),
        missing: () => badRequest(IBPT_TEXTS.fileRequired),
      });
      const uf = (fields.uf ?? '').trim().toUpperCase();
      if (!(UFS as readonly string[]).includes(uf)) throw badRequest(IBPT_TEXTS.ufInvalid);
      const table = await importIbptTable(app.deps.db, principalOf(request), uf as (typeof UFS)[number], file);
      return reply.status(201).send({ data: table });
    },
  );
};

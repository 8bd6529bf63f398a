import { PassThrough } from 'node:stream';
import {
  csvMoney,
  FISCAL_NOTE_STATUS_LABELS,
  FISCAL_NOTE_TEXTS,
  fiscalEmissionRequestSchema,
  fiscalNoteCancelBodySchema,
  fiscalNoteCorrectionBodySchema,
  fiscalNoteEmailBodySchema,
  fiscalNoteEmitBodySchema,
  fiscalNoteGapPageSchema,
  fiscalNoteGapsQuerySchema,
  fiscalNotePageSchema,
  fiscalNoteSchema,
  fiscalNotesMonthQuerySchema,
  fiscalNotesQuerySchema,
  fiscalVoidingBodySchema,
  fiscalVoidingSchema,
  idParamSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import { replicaReads } from '../../../db/database';
import { CSV_CONTENT_TYPE, CSV_OPENAPI_DESCRIPTION, csvAttachment, csvDate, csvStream } from '../../../lib/csv';
import { moduleRoutes } from '../../../lib/module-routes';
import { principalOf } from '../../../plugins/auth';
import { afterCounterSale } from '../../orders/workflow.service';
import { fiscalDocumentFiles } from '../fiscal-document-files';
import { registerContingencyRoutes } from './contingency.routes';
import { scheduleNotes } from './notes.scheduler';
import { createNotesService, type NotesService } from './notes.service';

/**
 * 'Notas fiscais' (issue 41 §2–3, decision 0057): emitting an order's note, sending it again, cancelling, correcting,
 * voiding numbers — `invoices`; reading them, their XML and DANFE — `invoices` or `orders` (the desk that hands
 * the order over prints its DANFE).
 */
const write = { permissions: [PERMISSIONS.invoices] };
const read = { permissions: [PERMISSIONS.invoices, PERMISSIONS.orders] };
const params = z.object({ id: idParamSchema(FISCAL_NOTE_TEXTS.noteNotFound) });

const tags = ['fiscal'];

/** The app the routes are registered on (the type provider's). */
type NotesApp = Parameters<FastifyPluginAsyncZod>[0];

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const options = {
    db,
    mailer: app.deps.mailer,
    serverSecret: config.jwtSecret,
    sefazUrl: config.fiscalSefazUrl,
    svcUrl: config.fiscalSvcUrl,
    sefazCa: config.fiscalSefazCa,
    sefazTimeoutMs: config.fiscalSefazTimeoutMs,
    providerUrl: config.fiscalProviderUrl,
    providerTokenUrl: config.fiscalProviderTokenUrl,
  };
  const service = createNotesService(options);
  // The CSV may read a replica (decision 0062).
  const exporting = createNotesService({ ...options, db: replicaReads(db) });
  // The waiting notes go again by themselves in a process that runs the scheduled work (not in the tests).
  if (config.scheduledWork) scheduleNotes(app.deps.scheduler, service);
  // A counter sale handed over at once: its NFC-e emitted right after it commits (decision 0078).
  afterCounterSale(db, 'fiscalNotes', (orderId) => service.emitRequestedOf(orderId));

  registerContingencyRoutes(app, service);
  registerNoteListRoutes(app, service, exporting);
  registerNoteEmissionRoutes(app, service);
  registerNoteEventRoutes(app, service);
  registerNoteDocumentRoutes(app, service);
  registerVoidingRoutes(app, service);
};

/** The lists: the page of notes, its CSV, the automatic notes refused, the month's XMLs for the accountant. */
function registerNoteListRoutes(app: NotesApp, service: NotesService, exporting: NotesService): void {
  const route = moduleRoutes(app, tags);
  route.get('/fiscal/notes', {
    access: read,
    summary:
      'As notas emitidas, das mais novas: por número, chave, cliente (nome ou documento) ou código do pedido, por período (dia de emissão), situação, modelo e pedido; paginadas',
    querystring: fiscalNotesQuerySchema,
    data: fiscalNotePageSchema,
    handler: (request) => service.list(request.query),
  });

  app.get(
    '/fiscal/notes/export.csv',
    {
      config: read,
      schema: {
        tags,
        summary: 'As notas que os filtros da lista encontram, todas, em CSV',
        description: CSV_OPENAPI_DESCRIPTION,
        querystring: fiscalNotesQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', csvAttachment('notas-fiscais.csv'))
        .send(
          csvStream(
            [
              'Número',
              'Série',
              'Modelo',
              'Chave de acesso',
              'Emissão',
              'Situação',
              'Código SEFAZ',
              'Cliente',
              'CPF/CNPJ',
              'Pedido',
              'Total',
              'Protocolo',
            ],
            exporting.exportBatches(request.query),
            (n) => [
              n.number,
              n.series,
              n.model === 55 ? 'NF-e' : 'NFC-e',
              n.accessKey,
              csvDate(n.issuedAt),
              FISCAL_NOTE_STATUS_LABELS[n.status],
              n.statusCode ?? '',
              n.recipient.name ?? '',
              n.recipient.document ?? '',
              n.order?.code ?? '',
              csvMoney(n.total),
              n.protocol ?? '',
            ],
          ),
        ),
  );

  route.get('/fiscal/notes/gaps', {
    access: read,
    summary:
      "Lacunas de numeração: por modelo, série e mês, os números nunca usados e os de notas rejeitadas, que ainda não foram autorizados nem inutilizados ('Inutilizar': POST /fiscal/voidings), em páginas",
    querystring: fiscalNoteGapsQuerySchema,
    data: fiscalNoteGapPageSchema,
    handler: (request) => service.gaps(request.query),
  });

  route.get('/fiscal/notes/requests', {
    access: read,
    summary:
      'Os pedidos entregues cuja nota automática não pôde ser emitida (emissão automática ligada): o pedido, as tentativas e o motivo da última recusa',
    data: z.array(fiscalEmissionRequestSchema),
    handler: () => service.failedRequests(),
  });

  app.get(
    '/fiscal/notes/xml.zip',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Os XMLs do mês para o contador, num .zip: o nfeProc de cada nota autorizada ou cancelada emitida no mês, o procEventoNFe dos seus eventos (cancelamento, cancelamento por substituição, cartas de correção), o ProcInutNFe das inutilizações do mês, e o índice indice.csv (uma linha por arquivo: arquivo, tipo, modelo, série, número, chave, data, situação, valor, evento/protocolo; UTF-8 com BOM, `;`, valores 1234,56)',
        querystring: fiscalNotesMonthQuerySchema,
      },
    },
    async (request, reply) => {
      const zip = new Zip();
      const out = new PassThrough();
      zip.ondata = (error, chunk, final) => {
        if (error) return out.destroy(error);
        out.write(chunk);
        if (final) out.end();
      };
      void (async () => {
        try {
          for await (const file of service.monthFiles(request.query.month)) {
            const entry = new ZipDeflate(file.name, { level: 6 });
            zip.add(entry);
            entry.push(strToU8(file.content), true);
          }
          zip.end();
        } catch (error) {
          out.destroy(error as Error);
        }
      })();
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="notas-${request.query.month}.zip"`)
        .send(out);
    },
  );
}

/** One note: emitted from its order, read, sent again. */
function registerNoteEmissionRoutes(app: NotesApp, service: NotesService): void {
  const route = moduleRoutes(app, tags);
  route.post('/fiscal/notes', {
    access: write,
    summary:
      'Emite a nota do pedido (NF-e 55 ou NFC-e 65; sem modelo: NF-e para CNPJ ou outra UF, NFC-e para consumidor da UF): número tomado numa transação, XML validado contra os schemas (400 nomeando o campo) e assinado, enviado à SEFAZ; responde a nota autorizada, rejeitada (código e motivo; o número fica para a nota corrigida), em processamento, ou aguardando a SEFAZ (a NFC-e em contingência offline)',
    body: fiscalNoteEmitBodySchema,
    data: fiscalNoteSchema,
    status: 201,
    handler: (request) => service.emit(principalOf(request), request.body),
  });

  // Each answers the note.
  const note = route.group({ access: write, params, data: fiscalNoteSchema });
  note.get('/fiscal/notes/:id', {
    access: read,
    summary: 'A nota, com o que a SEFAZ respondeu e os seus eventos (cancelamento, cartas de correção)',
    handler: (request) => service.details(request.params.id),
  });

  note.post('/fiscal/notes/:id/retry', {
    summary:
      'Envia de novo: a nota que a SEFAZ não respondeu (e a NFC-e em contingência), consulta o lote em processamento, ou refaz a nota rejeitada a partir do pedido, com o mesmo número',
    handler: (request) => service.retry(principalOf(request), request.params.id),
  });
}

/** The events of an authorised note: cancellation and correction letters. */
function registerNoteEventRoutes(app: NotesApp, service: NotesService): void {
  // Each answers the note.
  const note = moduleRoutes(app, tags).group({ access: write, params, data: fiscalNoteSchema });
  note.post('/fiscal/notes/:id/cancel', {
    summary:
      'Cancela a nota autorizada (evento 110111) em até 24 horas da autorização, com motivo de 15 a 255 caracteres; auditado',
    body: fiscalNoteCancelBodySchema,
    handler: (request) => service.cancel(principalOf(request), request.params.id, request.body.reason),
  });

  note.post('/fiscal/notes/:id/correction', {
    summary: 'Carta de correção (evento 110110) da NF-e autorizada: 15 a 1.000 caracteres, até 20 por nota; auditada',
    body: fiscalNoteCorrectionBodySchema,
    handler: (request) => service.correct(principalOf(request), request.params.id, request.body.text),
  });
}

/** The note's documents: its XML, its DANFE, both by e-mail. */
function registerNoteDocumentRoutes(app: NotesApp, service: NotesService): void {
  const route = moduleRoutes(app, tags);
  fiscalDocumentFiles(route, read, params, '/fiscal/notes/:id', {
    xml: {
      summary: 'O XML da nota: o nfeProc (nota e protocolo) quando autorizada, senão a nota assinada',
      load: (id) => service.xml(id),
    },
    printout: {
      file: 'danfe.pdf',
      summary: 'O DANFE da nota: A4 para a NF-e, 80 mm com o QR Code para a NFC-e',
      load: (id) => service.danfe(id),
    },
  });

  route.post('/fiscal/notes/:id/email', {
    access: write,
    summary: 'Envia o DANFE e o XML da nota autorizada por e-mail ao cliente (ou ao endereço informado); auditado',
    params,
    body: fiscalNoteEmailBodySchema,
    data: z.object({ to: z.string() }),
    handler: (request) => service.email(principalOf(request), request.params.id, request.body.to),
  });
}

/** Voiding numbers never used. */
function registerVoidingRoutes(app: NotesApp, service: NotesService): void {
  const route = moduleRoutes(app, tags);
  route.post('/fiscal/voidings', {
    access: write,
    summary:
      'Inutiliza números nunca usados de uma série, ou o de uma nota rejeitada (até 10.000 de uma vez, motivo de 15 a 255 caracteres; a nota rejeitada fica com o número inutilizado e o pedido livre para uma nota nova); antes de enviar, recusa em palavras um intervalo já inutilizado (no todo ou em parte) ou com uma nota autorizada, cancelada, denegada ou a caminho da SEFAZ; auditado',
    body: fiscalVoidingBodySchema,
    data: fiscalVoidingSchema,
    status: 201,
    handler: (request) => service.voidNumbers(principalOf(request), request.body),
  });
}

import {
  BOLETO_RETORNO_MAX_BYTES,
  BOLETO_TEXTS,
  boletoEmailBodySchema,
  boletoListSchema,
  boletoRemessaSchema,
  boletoRetornoResultSchema,
  boletoSchema,
  boletoSettingsBodySchema,
  boletoSettingsSchema,
  boletoSettleResultSchema,
  idParamSchema,
  PERMISSIONS,
  RECEIVABLE_TEXTS,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';
import { moduleRoutes } from '../../lib/module-routes';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { registerPixClaimer } from '../payments/payments.service';
import { receiveBoletoPix } from './boleto-pix';
import { createBoletosService } from './boletos.service';

/** Issuing and sending an instalment's boleto: the desk and 'Crédito e cobrança', as receiving it by hand. */
const desk = { permissions: [PERMISSIONS.orders, PERMISSIONS.credit] };
/** The remessa and the retorno (the bank's files): 'Crédito e cobrança'. */
const credit = { permissions: [PERMISSIONS.credit] };
/** The bank account of the boletos: read with credit or settings, written with 'Configurações bancárias'. */
const settingsRead = { permissions: [PERMISSIONS.settings, PERMISSIONS.credit] };
const settingsWrite = { permissions: [PERMISSIONS.settings] };
const instalmentParams = z.object({ id: idParamSchema(RECEIVABLE_TEXTS.idInvalid) });
const params = z.object({ id: idParamSchema(BOLETO_TEXTS.notFound) });

const tooLarge = () =>
  new AppError(413, BOLETO_TEXTS.retornoTooLarge(BOLETO_RETORNO_MAX_BYTES / 1024 / 1024), {
    code: 'PAYLOAD_TOO_LARGE',
  });

/** Registered boletos of instalments and the CNAB 240 files (issue 58 §2, decision 0092). */
export const boletosRoutes: FastifyPluginAsyncZod = async (app) => {
  // The retorno's limit is the multipart parser's: a larger file is cut off while it streams, never read whole.
  await app.register(multipart, { limits: { fileSize: BOLETO_RETORNO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  // A Pix of a boleto híbrido's QR code pays that boleto (decision 0100): the payments module asks us.
  registerPixClaimer(receiveBoletoPix);
  const service = createBoletosService(app.deps.db, app.deps.mailer, app.deps.config.bbCobranca);
  const tags = ['boletos'];
  const route = moduleRoutes(app, tags);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

  route.get('/boletos/settings', {
    access: settingsRead,
    summary:
      "'Boleto registrado': banco (001), agência e conta com DV, convênio (7 dígitos), carteira, variação, próxima sequência do nosso número, próxima remessa (NSA) e boleto híbrido (pixHybrid); null antes de configurar",
    data: boletoSettingsSchema,
    handler: () => service.settings(),
  });

  route.put('/boletos/settings', {
    access: settingsWrite,
    summary:
      'Salva o boleto registrado inteiro; a sequência do nosso número não volta a uma já emitida no convênio nem a remessa a um NSA já gerado (400); boleto híbrido (pixHybrid) sem a API Cobrança do BB configurada no servidor: 400. Auditado',
    body: boletoSettingsBodySchema,
    data: boletoSettingsSchema,
    handler: (request) => service.saveSettings(actor(request), request.body),
  });

  route.get('/receivables/:id/boletos', {
    access: desk,
    summary: 'Os boletos da parcela, o mais recente primeiro (no máximo um não baixado)',
    params: instalmentParams,
    data: boletoListSchema,
    handler: (request) => service.ofInstalment(request.params.id),
  });

  route.post('/receivables/:id/boletos', {
    access: desk,
    summary:
      "'Emitir boleto': um boleto registrado para a parcela em aberto (o próximo nosso número), do que ela pede hoje, com vencimento no da parcela (hoje, se já vencida); código de barras e linha digitável pelo padrão FEBRABAN. Sem configuração ou parcela paga/cancelada: 409; já com boleto não baixado: 409 DUPLICATE. Entra na próxima remessa; com o boleto híbrido ligado, registrado na hora pela API Cobrança do BB com indicadorPix S e o QR Code Pix que o banco devolveu (pixCopyPaste, pixTxid); recusa ou silêncio do banco: 502 BANK_FAILED, nada fica. Auditado",
    params: instalmentParams,
    data: boletoSchema,
    status: 201,
    handler: (request) => service.issue(actor(request), request.params.id),
  });

  route.pdf('/boletos/:id/boleto.pdf', {
    access: desk,
    summary:
      "O boleto em PDF (A4): recibo do pagador e ficha de compensação com a linha digitável e o código de barras (ITF, 44 dígitos); no boleto híbrido, ao lado do código de barras o QR Code Pix com 'Pague com Pix' e o Pix Copia e Cola",
    params,
    handler: async (request) => {
      const { boleto, pdf } = await service.pdf(request.params.id);
      return { fileName: `boleto-${boleto.nossoNumero}.pdf`, pdf };
    },
  });

  route.post('/boletos/:id/email', {
    access: desk,
    summary: "'Enviar por e-mail': o PDF do boleto para o e-mail do cliente (ou `to`); sem e-mail: 400. Auditado",
    params,
    body: boletoEmailBodySchema,
    data: z.object({ to: z.string() }),
    handler: (request) => service.email(actor(request), request.params.id, request.body.to),
  });

  route.get('/boletos/remessas', {
    access: credit,
    summary: 'As remessas CNAB 240 geradas, a mais recente primeiro (até 50)',
    data: z.array(boletoRemessaSchema),
    handler: () => service.remessas(),
  });

  route.post('/boletos/remessas', {
    access: credit,
    summary:
      "'Gerar remessa': um arquivo CNAB 240 (Banco do Brasil, segmentos P, Q e R, entrada de títulos) com todos os boletos emitidos e ainda não enviados, numerado com o próximo NSA; nenhum esperando: 409. Auditado",
    data: boletoRemessaSchema,
    status: 201,
    handler: (request) => service.createRemessa(actor(request)),
  });

  app.get(
    '/boletos/remessas/:id/file',
    {
      config: credit,
      schema: {
        tags,
        summary: 'O arquivo da remessa como foi gerado (CB + NSA + .REM, linhas de 240 posições terminadas em CRLF)',
        params,
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const file = await service.remessaFile(request.params.id);
      return reply
        .type('text/plain; charset=iso-8859-1')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.content, 'latin1'));
    },
  );

  app.post(
    '/boletos/retornos',
    {
      config: credit,
      schema: {
        tags,
        summary:
          "'Ler retorno': o arquivo CNAB 240 de retorno do banco (multipart: `file`, até 2 MB: acima disso 413 antes de ler o resto). Liquidação (06, 17) paga a parcela uma vez; baixa (09) baixa o boleto; as tarifas viram uma conta paga de 'Tarifas bancárias'. O mesmo arquivo lido de novo não muda nada (applied: false); outro banco ou convênio, ou linha fora do layout: 400. Auditado",
        consumes: ['multipart/form-data'],
        response: { 200: data(boletoRetornoResultSchema) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request, [], {
        tooLarge,
        missing: () => badRequest(BOLETO_TEXTS.retornoEmpty),
      });
      return { data: await service.readRetorno(actor(request), { name: 'retorno', content: file }) };
    },
  );

  route.post('/boletos/settle', {
    access: credit,
    summary:
      "'Consultar pagamentos no banco': cada boleto em aberto registrado pela API Cobrança do BB é consultado (GET /boletos/{id}, 'Detalhar um Boleto'); liquidado (codigoEstadoTituloCobranca 6) paga a parcela uma vez, como a liquidação do retorno, com valorPagoSacado (multa e juros incluídos) na dataCreditoLiquidacao. Já paga pelo retorno ou pelo Pix: nada muda. Banco recusa ou não responde: 502 BANK_FAILED, nada muda; API não configurada no servidor: 400. Auditado",
    data: boletoSettleResultSchema,
    handler: (request) => service.settle(actor(request)),
  });
};

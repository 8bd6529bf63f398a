import {
  BANK_RECONCILIATION_PERMISSIONS,
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_TEXTS,
  bankConfirmAllSchema,
  bankLineConfirmSchema,
  bankLineIgnoreSchema,
  bankLinePayableSchema,
  bankLineReceivableSchema,
  bankMatchSchema,
  bankPspImportSchema,
  bankReconciliationQuerySchema,
  bankReconciliationSchema,
  bankStatementImportSchema,
  idParamSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';
import { moduleRoutes } from '../../lib/module-routes';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { createReceivablesService } from '../credit/receivables.service';
import { createBankStatementsService } from './bank-statements.service';

/** Who collects ('Crédito e cobrança') or who pays ('Compras'), as the cash flow. */
const config = { permissions: [...BANK_RECONCILIATION_PERMISSIONS] };
/** A bill made from a line: who pays bills ('Compras'), as POST /payables. */
const payables = { permissions: [PERMISSIONS.purchases] };
/** A receipt made from a line: who collects ('Crédito e cobrança'), who may date a receipt before its due day. */
const collectors = { permissions: [PERMISSIONS.credit] };
const params = z.object({ id: idParamSchema(BANK_STATEMENT_TEXTS.lineNotFound) });
const importQuery = bankReconciliationQuerySchema.pick({ accountId: true });

const tooLarge = () =>
  new AppError(413, BANK_STATEMENT_TEXTS.tooLarge(BANK_STATEMENT_MAX_BYTES / 1024 / 1024), {
    code: 'PAYLOAD_TOO_LARGE',
  });

/** The bank statement (OFX) and its reconciliation (issue 58 §3, decision 0097). */
export const bankStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file's limit is the multipart parser's: a larger file is cut off while it streams, never read whole.
  await app.register(multipart, { limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  // The instalment paid by 'Criar recebimento' has its cobv at the PSP follow it, as a payment at the desk does.
  const credit = createReceivablesService(app.deps.db, {
    serverSecret: app.deps.config.jwtSecret,
    ca: app.deps.config.pixPspCa,
    warn: (message) => app.log.warn(message),
  });
  const service = createBankStatementsService(
    app.deps.db,
    { serverSecret: app.deps.config.jwtSecret, ca: app.deps.config.pixPspCa },
    (id) => credit.followed(id),
  );
  const tags = ['bank-statements'];
  const route = moduleRoutes(app, tags, config);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

  route.get('/bank-statements/accounts', {
    summary: "As contas ativas da loja ('Configurações bancárias') que podem receber um extrato",
    data: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string() })),
    handler: () => service.accounts(),
  });

  app.post(
    '/bank-statements',
    {
      config,
      schema: {
        tags,
        summary:
          "'Importar extrato': o arquivo OFX (1.x SGML ou 2.x XML, UTF-8 ou Latin-1) da conta `accountId` (multipart: `file`, até 5 MB: acima disso 413 antes de ler o resto), lido fora da thread das requisições com limite de tempo. Arquivo que não é OFX, sem saldo final (LEDGERBAL) ou com lançamento ilegível: 400 e nada muda. Cada lançamento guardado uma vez por conta (FITID, ou um hash sem FITID); o mesmo arquivo de novo: applied false. Auditado",
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: data(bankStatementImportSchema), 201: data(bankStatementImportSchema) },
      },
    },
    async (request, reply) => {
      const { file } = await readUpload(request, [], {
        tooLarge,
        missing: () => badRequest(BANK_STATEMENT_TEXTS.fileEmpty),
      });
      const answer = await service.importStatement(actor(request), request.query.accountId, {
        name: 'extrato.ofx',
        content: file,
      });
      return reply.status(answer.applied ? 201 : 200).send({ data: answer });
    },
  );

  app.post(
    '/bank-statements/psp',
    {
      config,
      schema: {
        tags,
        summary:
          "'Importar Pix do PSP': os Pix recebidos no mês (AAAA-MM) pelo PSP da loja (GET /pix da API Pix do BACEN, pelas credenciais e mTLS do cartão 'Pix Cobrança'), cada um um lançamento de entrada da conta `accountId` (chave: o endToEndId), cada devolução liquidada uma saída; o mesmo de novo: applied false. Saldo: o líquido dos lançamentos do mês da conta (a API Pix não tem saldo). Sem PSP: 404; PSP recusou ou inacessível: 502; mês que não começou: 400. Auditado",
        body: bankPspImportSchema,
        response: { 200: data(bankStatementImportSchema), 201: data(bankStatementImportSchema) },
      },
    },
    async (request, reply) => {
      const answer = await service.importPsp(actor(request), request.body.accountId, request.body.month);
      return reply.status(answer.applied ? 201 : 200).send({ data: answer });
    },
  );

  route.get('/bank-statements/reconciliation', {
    summary:
      "'Conciliação bancária' da conta e do mês (AAAA-MM): os lançamentos do extrato, cada aberto com a sua proposta (mesmo valor, no dia do lançamento ou até 5 dias antes, o mais próximo primeiro: recebimento de parcela, conta paga, repasse de cartão no dia previsto), o conciliado com um lançamento depois desfeito de novo em aberto (reopened), o saldo do banco (LEDGERBAL), o dos livros e a diferença",
    querystring: bankReconciliationQuerySchema,
    data: bankReconciliationSchema,
    handler: (request) => service.reconciliation(request.query.accountId, request.query.month),
  });

  route.post('/bank-statements/reconciliation/confirm', {
    summary:
      "'Confirmar todas as propostas': cada lançamento aberto da conta e do mês com proposta exata, conciliado com ela numa transação (as propostas refeitas nela). Auditado, um registro por lançamento",
    body: bankConfirmAllSchema,
    data: z.object({ confirmed: z.number().int() }),
    handler: (request) => service.confirmAll(actor(request), request.body.accountId, request.body.month),
  });

  // Each answers the statement line's match.
  const line = route.group({ params, data: bankMatchSchema });
  line.post('/bank-statements/lines/:id/confirm', {
    summary:
      "'Confirmar': o lançamento aberto conciliado com o previsto (conferido de novo: mesmo valor, no dia ou até 5 dias antes, não conciliado com outro; senão 409). Auditado",
    body: bankLineConfirmSchema,
    handler: (request) => service.confirm(actor(request), request.params.id, request.body),
  });

  app.post(
    '/bank-statements/lines/:id/ignore',
    {
      config,
      schema: {
        tags,
        summary: "'Ignorar': o lançamento aberto deixado de lado com o motivo (3 a 300 caracteres). Auditado",
        params,
        body: bankLineIgnoreSchema,
        response: { 200: data(z.object({ ignored: z.literal(true) })) },
      },
    },
    async (request) => {
      await service.ignore(actor(request), request.params.id, request.body.reason);
      return { data: { ignored: true as const } };
    },
  );

  line.post('/bank-statements/lines/:id/payable', {
    access: payables,
    summary:
      "'Criar conta a pagar': uma saída do extrato sem conta prevista vira uma conta paga no dia do lançamento, da conta do extrato, por transferência, e o lançamento fica conciliado com ela. Entrada: 400. Auditado",
    body: bankLinePayableSchema,
    status: 201,
    handler: (request) => service.payable(actor(request), request.params.id, request.body),
  });

  line.post('/bank-statements/lines/:id/receivable', {
    access: collectors,
    summary:
      "'Criar recebimento': uma entrada do extrato sem recebimento previsto paga a parcela em aberto escolhida (receivableId) com o seu valor, no dia do lançamento, por depósito, pelas regras do crédito (multa e juros do dia primeiro; acima do que a parcela pede naquele dia ou abaixo da multa e dos juros: 409 PAYMENT_OVERPAID; parte do valor: aceita), e o lançamento fica conciliado com esse recebimento, numa transação. Saída: 400. Auditado",
    body: bankLineReceivableSchema,
    status: 201,
    handler: (request) => service.receivable(principalOf(request), request.params.id, request.body),
  });
};

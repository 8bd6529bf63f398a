import {
  checkoutHeadersSchema,
  idParamSchema,
  PERMISSIONS,
  RECEIVABLE_TEXTS,
  receivableDetailsSchema,
  receivableListQuerySchema,
  receivablePageSchema,
  receivablePaymentBodySchema,
  receivableUndoBodySchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth';
import { createReceivablesService } from './receivables.service';

/** Reading and receiving: the desk (orders) and 'Crédito e cobrança'; undoing a payment: credit only. */
const desk = { permissions: [PERMISSIONS.orders, PERMISSIONS.credit] };
const credit = { permissions: [PERMISSIONS.credit] };
const params = z.object({ id: idParamSchema(RECEIVABLE_TEXTS.idInvalid) });
const paymentParams = z.object({
  id: idParamSchema(RECEIVABLE_TEXTS.idInvalid),
  paymentId: idParamSchema(RECEIVABLE_TEXTS.paymentNotFound),
});
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** The receivables ('Contas a receber', issue 40 §2, decision 0054). */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReceivablesService(app.deps.db);
  const tags = ['receivables'];
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

  app.get(
    '/receivables',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Parcelas a receber por vencimento, paginadas (page desde 0, pageSize), com o que cada uma pede hoje (principal, multa, juros) e os totais de todas as que atendem aos filtros: situação (dueToday, dueThisWeek = hoje a hoje+6, overdue, open, paid), vencimento de/até (from, to: YYYY-MM-DD) e cliente (customerId)',
        querystring: receivableListQuerySchema,
        response: { 200: data(receivablePageSchema) },
      },
    },
    async (request) => ({ data: await service.page(request.query) }),
  );

  app.get(
    '/receivables/:id',
    {
      config: desk,
      schema: {
        tags,
        summary: 'Uma parcela com o que pede hoje e os seus recebimentos (os desfeitos inclusive)',
        params,
        response: { 200: data(receivableDetailsSchema) },
      },
    },
    async (request) => ({ data: await service.details(request.params.id) }),
  );

  app.post(
    '/receivables/:id/payments',
    {
      config: desk,
      schema: {
        tags,
        summary:
          'Recebe uma parcela, no todo ou em parte (paidOn até hoje, não antes do último recebimento; method CASH, PIX, DEPOSIT, CARD ou SETTLEMENT; amount em reais): multa (2 % uma vez) e juros (1 % ao mês pro rata die) do dia primeiro, o resto no principal; abaixo da multa e dos juros ou acima do que a parcela pede: 409 PAYMENT_OVERPAID com details.due; dinheiro entra no caixa aberto de quem recebe; a mesma Idempotency-Key não recebe duas vezes; auditado',
        params,
        headers: checkoutHeadersSchema,
        body: receivablePaymentBodySchema,
        response: { 200: data(receivableDetailsSchema) },
      },
    },
    async (request) => ({
      data: await service.pay(actor(request), request.params.id, request.body, request.headers['idempotency-key']),
    }),
  );

  app.post(
    '/receivables/:id/payments/:paymentId/undo',
    {
      config: credit,
      schema: {
        tags,
        summary:
          'Desfaz o recebimento mais recente da parcela, com o motivo (guardado, auditado); outro que não o mais recente: 409',
        params: paymentParams,
        body: receivableUndoBodySchema,
        response: { 200: data(receivableDetailsSchema) },
      },
    },
    async (request) => ({
      data: await service.undo(actor(request), request.params.id, request.params.paymentId, request.body.reason),
    }),
  );
};

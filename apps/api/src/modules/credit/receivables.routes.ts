import {
  checkoutHeadersSchema,
  csvMoney,
  formatDay,
  idParamSchema,
  PERMISSIONS,
  RECEIVABLE_CSV_HEADERS,
  RECEIVABLE_STATUS_LABELS,
  RECEIVABLE_TEXTS,
  type Receivable,
  receivableDetailsSchema,
  receivableListQuerySchema,
  receivablePageSchema,
  receivablePaymentBodySchema,
  receivablePixSchema,
  receivablesSummarySchema,
  receivableUndoBodySchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { moduleRoutes } from '../../lib/module-routes';
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

/** One CSV line of an instalment. */
const cells = (r: Receivable) => [
  r.id,
  r.customer.name,
  r.order.code,
  `${r.seq}/${r.count}`,
  formatDay(r.dueDate),
  csvMoney(r.amount),
  csvMoney(r.paid),
  csvMoney(r.open),
  r.dueToday.daysLate,
  csvMoney(r.dueToday.total),
  RECEIVABLE_STATUS_LABELS[r.status],
];

/** The receivables ('Contas a receber', issue 40 §2, decision 0054). */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReceivablesService(app.deps.db, {
    serverSecret: app.deps.config.jwtSecret,
    ca: app.deps.config.pixPspCa,
    warn: (message) => app.log.warn(message),
  });
  // The CSV may read a replica (decision 0062).
  const exporting = createReceivablesService(replicaReads(app.deps.db));
  const tags = ['receivables'];
  const route = moduleRoutes(app, tags);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

  route.get('/receivables', {
    access: desk,
    summary:
      'Parcelas a receber por vencimento, paginadas (page desde 0, pageSize), com o que cada uma pede hoje (principal, multa, juros) e os totais de todas as que atendem aos filtros: situação (dueToday, dueThisWeek = hoje a hoje+6, overdue, open, paid), vencimento de/até (from, to: YYYY-MM-DD) e cliente (customerId)',
    querystring: receivableListQuerySchema,
    data: receivablePageSchema,
    handler: (request) => service.page(request.query),
  });

  route.get('/receivables/summary', {
    access: desk,
    summary:
      "'A receber hoje / vencido': parcelas em aberto que vencem hoje e as vencidas (quantas e o que está em aberto delas)",
    data: receivablesSummarySchema,
    handler: () => service.summary(),
  });

  route.csv('/receivables/export.csv', {
    access: desk,
    summary: 'CSV (contas-a-receber.csv) de todas as parcelas que atendem aos filtros da lista, na ordem da lista',
    querystring: receivableListQuerySchema,
    fileName: 'contas-a-receber.csv',
    columns: RECEIVABLE_CSV_HEADERS,
    rows: ({ page: _page, pageSize: _size, ...filter }) => exporting.exportBatches(filter),
    cells,
  });

  route.get('/receivables/:id/pix', {
    access: desk,
    summary:
      "O Pix da parcela. Com o PSP da loja configurado (decisão 0094): a cobrança com vencimento (cobv) da parcela, criada no PSP na primeira chamada e revisada quando a parcela mudou; kind COBV, o BR Code dinâmico do seu location e o txid (26 caracteres); o PSP calcula multa e juros no dia do pagamento. Sem PSP (ou parcela vencida sem cobv, cliente sem CPF/CNPJ: notice diz por quê): kind STATIC, o txid da parcela (o código do pedido, 'R' e o número) e o BR Code estático do que ela pede hoje; payload null sem chave Pix da loja. Recusa do PSP: 502 PSP_FAILED. O webhook do banco recebe a parcela que o txid nomeia, uma vez por Pix",
    params,
    data: receivablePixSchema,
    handler: (request) => service.pix(request.params.id),
  });

  route.pdf('/receivables/:id/payments/:paymentId/receipt.pdf', {
    access: desk,
    summary:
      'O recibo de um recebimento (PDF A5): cliente, pedido, parcela, vencimento, data, forma, parcela, multa, juros e total, quem recebeu',
    params: paymentParams,
    handler: async ({ params: { id, paymentId } }) => ({
      fileName: `recibo-parcela-${id}-${paymentId}.pdf`,
      pdf: await service.receipt(id, paymentId),
    }),
  });

  route.get('/receivables/:id', {
    access: desk,
    summary: 'Uma parcela com o que pede hoje e os seus recebimentos (os desfeitos inclusive)',
    params,
    data: receivableDetailsSchema,
    handler: (request) => service.details(request.params.id),
  });

  route.post('/receivables/:id/payments', {
    access: desk,
    summary:
      'Recebe uma parcela, no todo ou em parte (paidOn uma data real até hoje, não antes da venda nem do último recebimento; uma data passada antes do vencimento, que deixa de fora multa e juros, só com a permissão credit, senão 403; method CASH, PIX, DEPOSIT, CARD ou SETTLEMENT; amount em reais): multa (2 % uma vez) e juros (1 % ao mês pro rata die) do dia primeiro, o resto no principal; abaixo da multa e dos juros ou acima do que a parcela pede: 409 PAYMENT_OVERPAID com details.due; dinheiro entra no caixa aberto de quem recebe; a mesma Idempotency-Key não recebe duas vezes; auditado',
    params,
    headers: checkoutHeadersSchema,
    body: receivablePaymentBodySchema,
    data: receivableDetailsSchema,
    handler: (request) =>
      service.pay(principalOf(request), request.params.id, request.body, request.headers['idempotency-key']),
  });

  route.post('/receivables/:id/payments/:paymentId/undo', {
    access: credit,
    summary:
      'Desfaz o recebimento mais recente da parcela, com o motivo (guardado, auditado); outro que não o mais recente: 409',
    params: paymentParams,
    body: receivableUndoBodySchema,
    data: receivableDetailsSchema,
    handler: (request) =>
      service.undo(actor(request), request.params.id, request.params.paymentId, request.body.reason),
  });
};

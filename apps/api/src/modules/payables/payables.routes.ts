import {
  checkoutHeadersSchema,
  csvMoney,
  formatDay,
  idParamSchema,
  PAYABLE_CATEGORY_LABELS,
  PAYABLE_CSV_HEADERS,
  PAYABLE_STATUS_LABELS,
  PAYABLE_TEXTS,
  type Payable,
  PERMISSIONS,
  payableAccountSchema,
  payableCreateBodySchema,
  payableDetailsSchema,
  payableListQuerySchema,
  payablePageSchema,
  payablePaymentBodySchema,
  payableReasonBodySchema,
  payablesDueSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replicaReads } from '../../db/database';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createPayablesService } from './payables.service';

/** Buying: bo:manage:purchases (full:access always passes). */
const config = { permissions: [PERMISSIONS.purchases] };
const params = z.object({ id: idParamSchema(PAYABLE_TEXTS.idInvalid) });
const paymentParams = z.object({
  id: idParamSchema(PAYABLE_TEXTS.idInvalid),
  paymentId: idParamSchema(PAYABLE_TEXTS.paymentNotFound),
});

/** One CSV line of a bill. */
const cells = (p: Payable) => [
  p.id,
  p.supplier?.name ?? '',
  PAYABLE_CATEGORY_LABELS[p.category],
  p.description,
  p.documentNumber,
  formatDay(p.dueDate),
  csvMoney(p.amount),
  csvMoney(p.paid),
  csvMoney(p.open),
  PAYABLE_STATUS_LABELS[p.status],
];

/** Bills to pay ('Contas a pagar', issue 39 §3, decision 0047). */
export const payablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPayablesService(app.deps.db);
  // The CSV may read a replica (decision 0062).
  const exporting = createPayablesService(replicaReads(app.deps.db));
  const tags = ['payables'];
  const route = moduleRoutes(app, tags, config);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).employeeId;

  route.get('/payables', {
    summary:
      'Contas a pagar por vencimento, paginadas (page desde 0, pageSize), com os totais de todas as que atendem aos filtros: situação (open, overdue, dueToday, dueThisWeek = hoje a hoje+6, paid, canceled; no fuso do negócio), vencimento de/até (from, to: YYYY-MM-DD), fornecedor, categoria e busca',
    querystring: payableListQuerySchema,
    data: payablePageSchema,
    handler: (request) => service.page(request.query),
  });

  route.csv('/payables/export.csv', {
    summary: 'CSV (contas-a-pagar.csv) de todas as contas que atendem aos filtros da lista, na ordem da lista',
    querystring: payableListQuerySchema,
    fileName: 'contas-a-pagar.csv',
    columns: PAYABLE_CSV_HEADERS,
    rows: ({ page: _page, pageSize: _size, ...filter }) => exporting.exportBatches(filter),
    cells,
  });

  route.get('/payables/due', {
    summary:
      "'A pagar nos próximos 7 dias': soma e quantidade das contas em aberto que vencem de hoje a hoje+6, e as vencidas à parte (créditos de fornecedor fora)",
    data: payablesDueSchema,
    handler: () => service.due(),
  });

  route.get('/payables/accounts', {
    summary:
      "'Conta de saída' de um pagamento: as contas ativas da empresa (informações bancárias não desativadas), com nome e detalhe",
    data: z.array(payableAccountSchema),
    handler: () => service.accounts(),
  });

  route.post('/payables', {
    summary:
      'Lança uma conta digitada (aluguel, combustível…): categoria, descrição, fornecedor opcional, documento, vencimento e valor; auditada',
    body: payableCreateBodySchema,
    data: payableDetailsSchema,
    status: 201,
    handler: (request) => service.create(actor(request), request.body),
  });

  // Each answers the bill with its payments.
  const payable = route.group({ params, data: payableDetailsSchema });
  payable.get('/payables/:id', {
    summary: 'Uma conta com seus pagamentos (os desfeitos também, com quem, quando e por quê)',
    handler: (request) => service.details(request.params.id),
  });

  payable.post('/payables/:id/payments', {
    summary:
      'Registra um pagamento (total ou parcial: data até hoje, forma, conta, valor, observação); acima do que está em aberto: 409 PAYMENT_OVERPAID com details.open; conta paga ou cancelada: 409; a mesma Idempotency-Key devolve a conta sem um segundo pagamento',
    headers: checkoutHeadersSchema,
    body: payablePaymentBodySchema,
    handler: (request) =>
      service.pay(actor(request), request.params.id, request.body, request.headers['idempotency-key']),
  });

  route.post('/payables/:id/payments/:paymentId/undo', {
    summary:
      'Desfaz um pagamento com o motivo (auditado): o valor volta a ficar em aberto; o pagamento fica na conta, marcado como desfeito; já desfeito: 409',
    params: paymentParams,
    body: payableReasonBodySchema,
    data: payableDetailsSchema,
    handler: (request) =>
      service.undo(actor(request), request.params.id, request.params.paymentId, request.body.reason),
  });

  payable.post('/payables/:id/cancel', {
    summary:
      'Cancela uma conta lançada por engano, com o motivo (auditado); com pagamentos não desfeitos ou já cancelada: 409',
    body: payableReasonBodySchema,
    handler: (request) => service.cancel(actor(request), request.params.id, request.body.reason),
  });
};

import {
  CASH_FLOW_CSV_HEADERS,
  CASH_FLOW_PERMISSIONS,
  type CashFlowRow,
  cashFlowQuerySchema,
  cashFlowSchema,
  csvMoney,
  formatDay,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replicaReads, reportsDatabase } from '../../db/database';
import { moduleRoutes } from '../../lib/module-routes';
import { createCashFlowService } from './cash-flow.service';

const config = { permissions: CASH_FLOW_PERMISSIONS };

const cells = (r: CashFlowRow) => [
  formatDay(r.start),
  formatDay(r.end),
  csvMoney(r.received),
  csvMoney(r.paid),
  csvMoney(r.toReceive),
  csvMoney(r.toPay),
  csvMoney(r.net),
  r.balance === null ? '' : csvMoney(r.balance),
];

/** The cash flow ('Fluxo de caixa', issue 40 §4). */
export const cashFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  // The screen reads the reports' own connections (issue 59): ten owners asking at once queue there, never on the
  // API's pool that /api/health, the sign-in and every other screen need.
  const service = createCashFlowService(reportsDatabase(app.deps.db));
  // The CSV may read a replica (decision 0062).
  const exporting = createCashFlowService(replicaReads(app.deps.db));
  const tags = ['cash-flow'];
  const route = moduleRoutes(app, tags, config);

  route.get('/cash-flow', {
    summary:
      'Fluxo de caixa: recebido e pago dos 90 dias antes de hoje até hoje, cada dinheiro uma vez, na origem (Pix recebidos pelo banco e devolvidos; partes em dinheiro e Pix confirmados à mão; transferências e Pix de pedido aprovados pelo comprovante; dinheiro no balcão sem partes; acertos de motoboy; cartão pelo líquido no dia do repasse; parcelas pagas; reembolsos feitos; usados pagos em dinheiro; contas pagas, exceto compensação; suprimento e sangria não contam); a receber (repasses de cartão futuros, parcelas em aberto) e a pagar (contas em aberto) de hoje aos 89 dias seguintes pelo dia do vencimento; o vencido à parte (overdue), fora das linhas e do saldo; por dia ou semana (grain), com o saldo a partir do saldo de hoje digitado (openingBalance)',
    querystring: cashFlowQuerySchema,
    data: cashFlowSchema,
    handler: (request) => service.flow(request.query),
  });

  route.csv('/cash-flow/export.csv', {
    summary: 'CSV (fluxo-de-caixa.csv) das linhas do fluxo de caixa, com os mesmos parâmetros',
    querystring: cashFlowQuerySchema,
    fileName: 'fluxo-de-caixa.csv',
    columns: CASH_FLOW_CSV_HEADERS,
    rows: async (query) => [(await exporting.flow(query)).rows],
    cells,
  });
};

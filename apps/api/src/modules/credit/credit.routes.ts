import {
  CREDIT_TEXTS,
  creditSettingsSchema,
  customerCreditBodySchema,
  customerCreditSchema,
  idParamSchema,
  PERMISSIONS,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data } from '../../lib/envelope';
import { principalOf } from '../../plugins/auth';
import { createCreditService } from './credit.service';

/** Reading a customer's credit: who keeps the customers, who sells, the desk, and 'Crédito e cobrança'. */
const read = {
  permissions: [PERMISSIONS.customers, PERMISSIONS.internalSales, PERMISSIONS.orders, PERMISSIONS.credit],
};
/** Changing credit: 'Crédito e cobrança' only (full:access always passes). */
const write = { permissions: [PERMISSIONS.credit] };
const params = z.object({ id: idParamSchema(CREDIT_TEXTS.customerNotFound) });

/** Credit per customer and the shop's credit settings (issue 40 §1). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCreditService(app.deps.db);
  const tags = ['credit'];

  app.get(
    '/customers/:id/credit',
    {
      config: read,
      schema: {
        tags,
        summary:
          'O crédito do cliente: limite (reais; null = sem crédito, só à vista), os prazos permitidos (os dias de cada parcela a partir da entrega, ex.: [[28], [30, 60, 90]]) e quem mudou por último',
        params,
        response: { 200: data(customerCreditSchema) },
      },
    },
    async (request) => ({ data: await service.customerCredit(request.params.id) }),
  );

  app.put(
    '/customers/:id/credit',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Define o limite (reais, ou null) e os prazos ('28', '30/60/90': dias crescentes separados por barra, até 12 parcelas de até 365 dias) do cliente; Crédito e cobrança; auditado com antes e depois",
        params,
        body: customerCreditBodySchema,
        response: { 200: data(customerCreditSchema) },
      },
    },
    async (request) => ({
      data: await service.saveCustomerCredit(principalOf(request).employeeId, request.params.id, request.body),
    }),
  );

  app.get(
    '/credit/settings',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Configurações de crédito: dias de atraso que bloqueiam vendas a prazo (5 por padrão), multa (%, uma vez) e juros ao mês (%, pro rata die)',
        response: { 200: data(creditSettingsSchema) },
      },
    },
    async () => ({ data: await service.settings() }),
  );

  app.put(
    '/credit/settings',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Define os dias de atraso que bloqueiam vendas a prazo (0 a 365), a multa (0 a 20 %) e os juros ao mês (0 a 10 %); Crédito e cobrança; auditado',
        body: creditSettingsSchema,
        response: { 200: data(creditSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.saveSettings(principalOf(request).employeeId, request.body) }),
  );
};

import {
  CREDIT_TEXTS,
  creditSettingsSchema,
  customerCreditBodySchema,
  customerCreditSchema,
  idParamSchema,
  PERMISSIONS,
  pspSettingsBodySchema,
  pspSettingsSchema,
  pspTestSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { readPspSettings, removePspSettings, savePspSettings, testPsp } from './cobv/psp-settings';
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
  const route = moduleRoutes(app, tags);

  route.get('/customers/:id/credit', {
    access: read,
    summary:
      'O crédito do cliente: limite (reais; null = sem crédito, só à vista), os prazos permitidos (os dias de cada parcela a partir da entrega, ex.: [[28], [30, 60, 90]]) e quem mudou por último',
    params,
    data: customerCreditSchema,
    handler: (request) => service.customerCredit(request.params.id),
  });

  route.put('/customers/:id/credit', {
    access: write,
    summary:
      "Define o limite (reais, ou null) e os prazos ('28', '30/60/90': dias crescentes separados por barra, até 12 parcelas de até 365 dias) do cliente; Crédito e cobrança; auditado com antes e depois",
    params,
    body: customerCreditBodySchema,
    data: customerCreditSchema,
    handler: (request) => service.saveCustomerCredit(principalOf(request).employeeId, request.params.id, request.body),
  });

  route.get('/credit/settings', {
    access: read,
    summary:
      'Configurações de crédito: dias de atraso que bloqueiam vendas a prazo (5 por padrão), multa (%, uma vez) e juros ao mês (%, pro rata die)',
    data: creditSettingsSchema,
    handler: () => service.settings(),
  });

  route.put('/credit/settings', {
    access: write,
    summary:
      'Define os dias de atraso que bloqueiam vendas a prazo (0 a 365), a multa (0 a 20 %) e os juros ao mês (0 a 10 %); Crédito e cobrança; auditado',
    body: creditSettingsSchema,
    data: creditSettingsSchema,
    handler: (request) => service.saveSettings(principalOf(request).employeeId, request.body),
  });

  // The shop's Pix PSP (issue 58 §1, decision 0094): 'Crédito e cobrança' only; its secrets never answered.
  const { db, config } = app.deps;

  route.get('/credit/psp', {
    access: write,
    summary:
      'O PSP Pix da loja (cobranças com vencimento das parcelas): URL base da API Pix, Client ID, se há client secret e certificado mTLS guardados (nunca os segredos)',
    data: pspSettingsSchema,
    handler: () => readPspSettings(db),
  });

  route.put('/credit/psp', {
    access: write,
    summary:
      'Define o PSP Pix: baseUrl (https://…), clientId, clientSecret (omitido: mantém o guardado; 400 se não há), certificate (.pfx em base64 com certificatePassword; null remove; omitido mantém) — segredos cifrados (AES-256-GCM sob o segredo do servidor, como o certificado A1); auditado sem os segredos',
    body: pspSettingsBodySchema,
    data: pspSettingsSchema,
    handler: (request) => savePspSettings(db, config.jwtSecret, principalOf(request).employeeId, request.body),
  });

  app.delete(
    '/credit/psp',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove o PSP Pix (404 sem PSP): as parcelas voltam ao Pix estático; auditado',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePspSettings(db, principalOf(request).employeeId);
      return reply.code(204).send(null);
    },
  );

  route.post('/credit/psp/test', {
    access: write,
    summary:
      "'Testar conexão': pede um token OAuth2 (client credentials) ao PSP, com mTLS quando há certificado; ok e a mensagem (a do PSP quando recusa); com o token, registra o webhook do Pix no PSP para a chave Pix da loja (PUT /webhook/{chave}, webhookUrl = PUBLIC_URL + /api/payments/pix/webhook/{segredo}) e confere por GET; sem chave Pix ou com PUBLIC_URL que não é https, webhook.registered false e a mensagem diz por quê; 404 sem PSP",
    data: pspTestSchema,
    handler: () => testPsp(db, config.jwtSecret, config.pixPspCa, config.publicUrl),
  });
};

import {
  bankSettingSchema,
  bankSettingsBodySchema,
  cardSettingsEnvelopeSchema,
  cardSettingsSchema,
  companySettingsPatchSchema,
  companySettingsSchema,
  DEPARTURE_TEXTS,
  departureScheduleSchema,
  departuresBodySchema,
  idParamSchema,
  ORDER_PAYMENT_TEXTS,
  orderStatusParamSchema,
  PERMISSIONS,
  QUOTE_TEXTS,
  quoteValiditySchema,
  quoteWhatsAppTemplateBodySchema,
  repairWhatsAppTemplateBodySchema,
  SETTINGS_TEXTS,
  setupBodySchema,
  setupStatusSchema,
  whatsAppTemplateBodySchema,
  whatsAppTemplatesSchema,
} from '@backoffice/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes';
import { principalOf } from '../../plugins/auth';
import { createSettingsService, quoteValidityDays, type SettingsService } from './settings.service';
import { createWhatsAppTemplatesService, whatsAppKindKey } from './whatsapp-templates.service';

const { orders: ORDERS, internalSales: INTERNAL_SALES, settings: SETTINGS } = PERMISSIONS;
/** Reading the settings: the settings page opens with orders (spec section 6), read-only without SETTINGS. */
const READ = [ORDERS, SETTINGS] as const;
/** Changing where the shop gets paid (Pix keys, accounts, automatic Pix): 'Configurações bancárias' only. */
const WRITE = [SETTINGS] as const;
/** A positive integer id in the path, within the database's range. */
const positiveId = idParamSchema(SETTINGS_TEXTS.idInvalid);
const bankEnvelope = z.object({ data: bankSettingSchema });
const companyEnvelope = z.object({ data: companySettingsSchema });
const tags = ['settings'];
const actor = (request: Parameters<typeof principalOf>[0]) => {
  const { employeeId, name } = principalOf(request);
  return { employeeId, name };
};

type SettingsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Settings (spec section 7): bank settings (Pix keys and transfer accounts) and the company's settings, read
 * with `orders` (section 6) and written only with `bo:manage:settings`; the quotes' validity.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSettingsService(app.deps.db, app.log);

  registerBankRoutes(app, service);
  registerCompanyRoutes(app, service);
  registerSetupRoutes(app, service);
  registerCardFeeRoutes(app, service);
  registerWhatsAppRoutes(app);
  registerQuoteRoutes(app, service);
};

/** Bank settings: Pix keys and transfer accounts. */
function registerBankRoutes(app: SettingsApp, service: SettingsService): void {
  const route = moduleRoutes(app, tags);
  route.get('/orders/bank-settings', {
    access: { permissions: READ },
    summary: 'Informações bancárias (Pix e transferência), desativadas incluídas',
    data: z.array(bankSettingSchema),
    handler: () => service.listBankSettings(),
  });

  app.put(
    '/orders/bank-settings',
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary:
          'Cria (sem id, 201) ou altera (com id, 200) uma informação bancária; uma chave Pix ativa por tipo (409 PIX_KEY_TYPE_ACTIVE)',
        body: bankSettingsBodySchema,
        response: { 200: bankEnvelope, 201: bankEnvelope },
      },
    },
    async (request, reply) => {
      const { setting, created } = await service.saveBankSetting(actor(request), request.body.settings);
      return reply.status(created ? 201 : 200).send({ data: setting });
    },
  );

  app.delete(
    '/orders/bank-settings/:id',
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary: 'Remove uma informação bancária',
        params: z.object({ id: positiveId }),
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => {
      await service.deleteBankSetting(actor(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}

/** The company's settings ('Configurações da Empresa'). */
function registerCompanyRoutes(app: SettingsApp, service: SettingsService): void {
  app.get(
    '/companies/settings/:companyId',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary:
          'Configurações da empresa: nome, CNPJ, endereço (PDF do pedido), Pix automático, nome e cidade do recebedor Pix',
        params: z.object({ companyId: positiveId }),
        response: { 200: companyEnvelope },
      },
    },
    async (request) => ({ data: await service.companySettings(request.params.companyId) }),
  );

  app.patch(
    '/companies/settings',
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary:
          'Liga ou desliga o Pix automático; nome (≤ 25) e cidade (≤ 15) do recebedor em ASCII maiúsculo; nome, CNPJ e endereço (≤ 200, vazio apaga) da empresa',
        body: companySettingsPatchSchema,
        response: { 200: companyEnvelope },
      },
    },
    async (request) => ({ data: await service.updateCompanySettings(actor(request), request.body) }),
  );
}

/** The first run and the couriers' departures (issue 21 §1, decision 0019). */
function registerSetupRoutes(app: SettingsApp, service: SettingsService): void {
  const route = moduleRoutes(app, tags);
  const setupEnvelope = z.object({ data: setupStatusSchema });
  app.get(
    '/setup',
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary:
          'Configuração inicial: se ainda falta (required) e o que já está salvo (empresa, CNPJ, cidade Pix, se há chave Pix, saídas)',
        response: { 200: setupEnvelope },
      },
    },
    async () => ({ data: await service.setupStatus() }),
  );

  app.post(
    '/setup',
    {
      config: { permissions: WRITE },
      schema: {
        tags,
        summary:
          'Conclui a configuração inicial numa transação: nome e CNPJ da empresa, cidade do recebedor Pix, a primeira chave Pix e os horários de saída (409 se já concluída)',
        body: setupBodySchema,
        response: { 200: setupEnvelope },
      },
    },
    async (request) => ({ data: await service.completeSetup(actor(request), request.body) }),
  );

  route.get('/settings/departures', {
    access: { permissions: 'signed-in' },
    summary: 'Horários de saída dos motoboys por dia da semana (0 domingo … 6 sábado), hora do fuso da empresa',
    data: departureScheduleSchema,
    handler: async () => ({ departures: (await service.departures()).map((times) => [...times]) }),
  });

  route.put('/settings/departures', {
    access: { permissions: WRITE },
    summary: `Salva os horários de saída (7 dias, HH:MM, no máximo 8 por dia, ao menos um na semana); ${DEPARTURE_TEXTS.saved}`,
    body: departuresBodySchema,
    data: departureScheduleSchema,
    handler: async (request) => ({
      departures: (await service.saveDepartures(actor(request), request.body.departures)).map((times) => [...times]),
    }),
  });
}

/** The card fees and days (issue 38 §2, decision 0042). */
function registerCardFeeRoutes(app: SettingsApp, service: SettingsService): void {
  const route = moduleRoutes(app, tags);
  app.get(
    '/settings/card-fees',
    {
      // Read by whoever records a card payment (orders, the checkout) and by 'Configurações'.
      config: { permissions: [ORDERS, INTERNAL_SALES, SETTINGS] },
      schema: {
        tags,
        summary:
          'Cartões: taxa da adquirente (%) do débito e do crédito em 1× a 12×, prazos (débito D+1, crédito D+30 por parcela, por padrão) e parcelamento máximo da loja',
        response: { 200: cardSettingsEnvelopeSchema },
      },
    },
    async () => ({ data: await service.cardSettings() }),
  );

  route.put('/settings/card-fees', {
    access: { permissions: WRITE },
    summary: `Salva as taxas e prazos de cartão; ${ORDER_PAYMENT_TEXTS.settingsSaved}`,
    body: cardSettingsSchema,
    data: cardSettingsEnvelopeSchema.shape.data,
    handler: (request) => service.saveCardSettings(actor(request), request.body),
  });
}

/** The WhatsApp messages per order status (issue 20 §6), the quotes' and the repairs'. */
function registerWhatsAppRoutes(app: SettingsApp): void {
  const route = moduleRoutes(app, tags);
  const templates = createWhatsAppTemplatesService(app.deps.db);
  const statusParams = z.object({ status: orderStatusParamSchema });
  route.get('/settings/whatsapp-templates', {
    access: { permissions: READ },
    summary:
      'Mensagens do WhatsApp por status do pedido e a dos orçamentos (a salva ou a padrão) e os marcadores que podem usar ({codigo}, {pix}…)',
    data: whatsAppTemplatesSchema.shape.data,
    handler: () => templates.list(),
  });

  // The quotes' message (decision 0043) and the repairs' (issue 42 §2): static paths, matched before the status's.
  const kinds = [
    {
      kind: 'quote',
      body: quoteWhatsAppTemplateBodySchema,
      save: 'Salva a mensagem dos orçamentos ({cliente}, {numero}, {itens}, {total}, {validade}…; marcador desconhecido: 400 com a lista dos válidos)',
      restore: 'Restaurar padrão: volta à mensagem padrão dos orçamentos',
    },
    {
      kind: 'repair',
      body: repairWhatsAppTemplateBodySchema,
      save: 'Salva a mensagem das ordens de serviço ({cliente}, {os}, {aparelho}, {situacao}, {total}, {previsao}, {link}; marcador desconhecido: 400 com a lista dos válidos)',
      restore: 'Restaurar padrão: volta à mensagem padrão das ordens de serviço',
    },
  ] as const;
  for (const { kind, body, save, restore } of kinds) {
    app.put(
      `/settings/whatsapp-templates/${kind}`,
      {
        config: { permissions: WRITE },
        schema: { tags, summary: save, body, response: { 200: whatsAppTemplatesSchema } },
      },
      async (request) => ({
        data: await templates.save(principalOf(request).employeeId, whatsAppKindKey(kind), request.body.template),
      }),
    );
    app.delete(
      `/settings/whatsapp-templates/${kind}`,
      {
        config: { permissions: WRITE },
        schema: { tags, summary: restore, response: { 200: whatsAppTemplatesSchema } },
      },
      async (request) => ({ data: await templates.restore(principalOf(request).employeeId, whatsAppKindKey(kind)) }),
    );
  }

  route.put('/settings/whatsapp-templates/:status', {
    access: { permissions: WRITE },
    summary: 'Salva a mensagem de um status (marcador desconhecido: 400 com a lista dos válidos)',
    params: statusParams,
    body: whatsAppTemplateBodySchema,
    data: whatsAppTemplatesSchema.shape.data,
    handler: (request) => templates.save(principalOf(request).employeeId, request.params.status, request.body.template),
  });

  route.delete('/settings/whatsapp-templates/:status', {
    access: { permissions: WRITE },
    summary: 'Restaurar padrão: volta à mensagem padrão do status',
    params: statusParams,
    data: whatsAppTemplatesSchema.shape.data,
    handler: (request) => templates.restore(principalOf(request).employeeId, request.params.status),
  });
}

/** The quotes' validity (decision 0043). */
function registerQuoteRoutes(app: SettingsApp, service: SettingsService): void {
  app.get(
    '/settings/quotes',
    {
      config: { permissions: [INTERNAL_SALES, SETTINGS] },
      schema: {
        tags: ['quotes'],
        summary: 'Validade dos orçamentos novos, em dias (7 por padrão)',
        response: { 200: z.object({ data: quoteValiditySchema }) },
      },
    },
    async () => ({ data: { days: await quoteValidityDays(app.deps.db) } }),
  );

  app.put(
    '/settings/quotes',
    {
      config: { permissions: [SETTINGS] },
      schema: {
        tags: ['quotes'],
        summary: `Salva a validade dos orçamentos novos (1 a 90 dias); ${QUOTE_TEXTS.validitySaved}`,
        body: quoteValiditySchema,
        response: { 200: z.object({ data: quoteValiditySchema }) },
      },
    },
    async (request) => ({ data: { days: await service.saveQuoteValidity(actor(request), request.body.days) } }),
  );
}

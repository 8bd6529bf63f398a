import {
  DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  QUOTE_WHATSAPP_PLACEHOLDERS,
  QUOTE_WHATSAPP_TEMPLATE_KEY,
  WHATSAPP_PLACEHOLDERS,
  type WhatsAppTemplates,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';

const describe = (placeholders: Readonly<Record<string, string>>) =>
  Object.entries(placeholders).map(([name, description]) => ({ name, description }));

/**
 * The quotes' message (decision 0043): the one saved in 'Configurações' (the row of `whatsapp_templates` keyed
 * `QUOTE_WHATSAPP_TEMPLATE_KEY`) or the contract's default. For the quotes' service.
 */
export async function quoteWhatsAppTemplate(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('whatsapp_templates')
    .select('template')
    .where('status', '=', QUOTE_WHATSAPP_TEMPLATE_KEY)
    .executeTakeFirst();
  return row?.template ?? DEFAULT_QUOTE_WHATSAPP_TEMPLATE;
}

/**
 * The WhatsApp message of each order status (issue 20 §6) and the quotes' one (decision 0043): the one saved in
 * 'Configurações' (table of migration 0033; the quotes' under key 0, which no status has) or the contract's
 * default. Every change runs in one transaction with an audit row.
 */
export function createWhatsAppTemplatesService(db: DB) {
  async function list(): Promise<WhatsAppTemplates> {
    const rows = await db.selectFrom('whatsapp_templates').select(['status', 'template']).execute();
    const saved = new Map(rows.map((row) => [Number(row.status), row.template]));
    const quote = saved.get(QUOTE_WHATSAPP_TEMPLATE_KEY);
    return {
      templates: [...ORDER_STATUS_KEYS]
        .sort((a, b) => a - b)
        .map((status) => ({
          status,
          label: ORDER_STATUS_LABELS[status],
          template: saved.get(status) ?? DEFAULT_WHATSAPP_TEMPLATES[status],
          isDefault: !saved.has(status),
          defaultTemplate: DEFAULT_WHATSAPP_TEMPLATES[status],
        })),
      placeholders: describe(WHATSAPP_PLACEHOLDERS),
      quote: {
        template: quote ?? DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
        isDefault: quote === undefined,
        defaultTemplate: DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
        placeholders: describe(QUOTE_WHATSAPP_PLACEHOLDERS),
      },
    };
  }

  return {
    list,

    /** An order status's message, or the quotes' (`QUOTE_WHATSAPP_TEMPLATE_KEY`). */
    async save(
      employeeId: number,
      status: OrderStatusKey | typeof QUOTE_WHATSAPP_TEMPLATE_KEY,
      template: string,
    ): Promise<WhatsAppTemplates> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('whatsapp_templates')
          .values({ status, template, updated_by: employeeId, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('status').doUpdateSet({ template, updated_by: employeeId, updated_at: new Date() }),
          )
          .execute();
        await recordAudit(trx, {
          employeeId,
          entity: 'whatsapp_template',
          entityId: status,
          action: 'update',
          changes: { template },
        });
      });
      return list();
    },

    /** 'Restaurar padrão': the saved message goes, the default is used again. */
    async restore(
      employeeId: number,
      status: OrderStatusKey | typeof QUOTE_WHATSAPP_TEMPLATE_KEY,
    ): Promise<WhatsAppTemplates> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('whatsapp_templates').where('status', '=', status).execute();
        await recordAudit(trx, { employeeId, entity: 'whatsapp_template', entityId: status, action: 'restore' });
      });
      return list();
    },
  };
}

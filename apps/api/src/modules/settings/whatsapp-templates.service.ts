import {
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  WHATSAPP_PLACEHOLDERS,
  type WhatsAppTemplates,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { recordAudit } from '../../lib/audit';

/**
 * The WhatsApp message of each order status (issue 20 §6): the one saved in 'Configurações' (table of
 * migration 0033) or the contract's default. Every change runs in one transaction with an audit row.
 */
export function createWhatsAppTemplatesService(db: DB) {
  async function list(): Promise<WhatsAppTemplates> {
    const rows = await db.selectFrom('whatsapp_templates').select(['status', 'template']).execute();
    const saved = new Map(rows.map((row) => [Number(row.status), row.template]));
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
      placeholders: Object.entries(WHATSAPP_PLACEHOLDERS).map(([name, description]) => ({ name, description })),
    };
  }

  return {
    list,

    async save(employeeId: number, status: OrderStatusKey, template: string): Promise<WhatsAppTemplates> {
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
    async restore(employeeId: number, status: OrderStatusKey): Promise<WhatsAppTemplates> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('whatsapp_templates').where('status', '=', status).execute();
        await recordAudit(trx, { employeeId, entity: 'whatsapp_template', entityId: status, action: 'restore' });
      });
      return list();
    },
  };
}

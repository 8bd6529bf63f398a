import {
  DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
  DEFAULT_REPAIR_WHATSAPP_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  QUOTE_WHATSAPP_PLACEHOLDERS,
  QUOTE_WHATSAPP_TEMPLATE_KEY,
  REPAIR_WHATSAPP_PLACEHOLDERS,
  REPAIR_WHATSAPP_TEMPLATE_KEY,
  WHATSAPP_PLACEHOLDERS,
  type WhatsAppTemplates,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';

const describe = (placeholders: Readonly<Record<string, string>>) =>
  Object.entries(placeholders).map(([name, description]) => ({ name, description }));

/** A message of its own kind: the quotes' (decision 0043) or the repairs' (issue 42 §2), each under its key. */
const KINDS = {
  quote: {
    key: QUOTE_WHATSAPP_TEMPLATE_KEY,
    shipped: DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
    placeholders: QUOTE_WHATSAPP_PLACEHOLDERS,
  },
  repair: {
    key: REPAIR_WHATSAPP_TEMPLATE_KEY,
    shipped: DEFAULT_REPAIR_WHATSAPP_TEMPLATE,
    placeholders: REPAIR_WHATSAPP_PLACEHOLDERS,
  },
} as const;
export type WhatsAppKind = keyof typeof KINDS;
/** The row key of a kind's message (`whatsapp_templates.status`, which no order status uses below 1). */
export const whatsAppKindKey = (kind: WhatsAppKind) => KINDS[kind].key;

/**
 * A kind's message: the one saved in 'Configurações' or the contract's default. For the quotes' and the repairs'
 * services.
 */
export async function kindWhatsAppTemplate(db: Executor, kind: WhatsAppKind): Promise<string> {
  const row = await db
    .selectFrom('whatsapp_templates')
    .select('template')
    .where('status', '=', KINDS[kind].key)
    .executeTakeFirst();
  return row?.template ?? KINDS[kind].shipped;
}

/**
 * The WhatsApp message of each order status (issue 20 §6), the quotes' (decision 0043) and the repairs' (issue 42
 * §2): the one saved in 'Configurações' (table of migration 0033; the quotes' under key 0 and the repairs' under -1,
 * which no status has) or the contract's default. Every change runs in one transaction with an audit row.
 */
export function createWhatsAppTemplatesService(db: DB) {
  async function list(): Promise<WhatsAppTemplates> {
    const rows = await db.selectFrom('whatsapp_templates').select(['status', 'template']).execute();
    const saved = new Map(rows.map((row) => [Number(row.status), row.template]));
    const kind = (name: WhatsAppKind) => {
      const edited = saved.get(KINDS[name].key);
      return {
        template: edited ?? KINDS[name].shipped,
        isDefault: edited === undefined,
        defaultTemplate: KINDS[name].shipped,
        placeholders: describe(KINDS[name].placeholders),
      };
    };
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
      quote: kind('quote'),
      repair: kind('repair'),
    };
  }

  return {
    list,

    /** An order status's message, or a kind's (`whatsAppKindKey`). */
    async save(
      employeeId: number,
      status: OrderStatusKey | (typeof KINDS)[WhatsAppKind]['key'],
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
      status: OrderStatusKey | (typeof KINDS)[WhatsAppKind]['key'],
    ): Promise<WhatsAppTemplates> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('whatsapp_templates').where('status', '=', status).execute();
        await recordAudit(trx, { employeeId, entity: 'whatsapp_template', entityId: status, action: 'restore' });
      });
      return list();
    },
  };
}

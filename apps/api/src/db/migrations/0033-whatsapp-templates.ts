import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The WhatsApp messages per order status (issue 20 §6) as 'Configurações' edited them. A status without a
 * row uses the default shipped in the contract (DEFAULT_WHATSAPP_TEMPLATES); 'Restaurar padrão' deletes it.
 */
export const whatsappTemplates: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table whatsapp_templates (
        status smallint primary key,
        template text not null check (length(template) between 1 and 1000),
        updated_by integer references employees(id) on delete set null,
        updated_at timestamptz not null default now()
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table whatsapp_templates']);
  },
};

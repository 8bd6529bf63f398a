import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * First run (issue 21 §1, decision 0019), on the company's row (`company_settings`, company 1):
 * - `cnpj`: the company's CNPJ (formatted), null until the setup or Configurações sets it;
 * - `setup_completed_at`: when an administrator completed 'Configuração inicial'; null = still to do;
 * - `delivery_departures`: the couriers' week of departures, `[[…Sunday], [Monday…], …, [Saturday…]]` as
 *   'HH:MM' São Paulo time; null = the defaults of section 9, which live in the contract only
 *   (`DEFAULT_DELIVERY_DEPARTURES`), never copied here.
 * A database already in use when this runs (it holds products or orders) is a shop that was set up by hand:
 * its setup counts as done, so an upgrade does not greet it with the first-run dialog.
 */
export const firstRun: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table company_settings add column cnpj text',
      'alter table company_settings add column setup_completed_at timestamptz',
      'alter table company_settings add column delivery_departures jsonb',
      `insert into company_settings (company_id, name, setup_completed_at, updated_at)
         select 1, '', now(), now()
         where exists (select 1 from products) or exists (select 1 from orders)
       on conflict (company_id) do update set setup_completed_at = excluded.setup_completed_at`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table company_settings drop column delivery_departures',
      'alter table company_settings drop column setup_completed_at',
      'alter table company_settings drop column cnpj',
    ]);
  },
};

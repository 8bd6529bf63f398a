import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The national NFS-e (issue 56 §4, decision 0085), owned by the fiscal module's NFS-e:
 * - `nfse_settings`, one row: whether the shop's city has joined the national system ('Município aderente ao padrão
 *   nacional'; when not, the labour is listed for the accountant), the service's LC 116/2003 item (14.01) and its
 *   national tax code (cTribNac, 6 digits: 140101), the ISS rate in hundredths of a percent (2,00 % = 200), the
 *   Simples situation (opSimpNac 1 not opting, 2 MEI, 3 ME/EPP) and special regime (regEspTrib 0–6), the DPS series
 *   and the next DPS number, the Sefin Nacional's base address per environment (empty: the published one).
 * - `service_invoices`: a repair's labour invoiced. PENDING (its DPS signed, not answered yet), AUTHORIZED (the
 *   NFS-e: its key, 50 digits, and number), REJECTED (the API's codes and texts), CANCELLED (event 101101),
 *   TO_INVOICE (the city is not national: listed in 'Serviços a faturar'). One DPS number per series, ever; one
 *   live invoice per repair.
 */
export const nfse: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table nfse_settings (
        id boolean primary key default true check (id),
        national boolean not null default true,
        service_item text not null default '14.01' check (service_item ~ '^[0-9]{2}\\.[0-9]{2}$'),
        national_tax_code text not null default '140101' check (national_tax_code ~ '^[0-9]{6}$'),
        iss_rate_hundredths integer not null default 200 check (iss_rate_hundredths between 0 and 500),
        simples_option smallint not null default 3 check (simples_option in (1, 2, 3)),
        special_regime smallint not null default 0 check (special_regime between 0 and 6),
        dps_series text not null default '1' check (dps_series ~ '^[0-9]{1,5}$'),
        next_dps_number bigint not null default 1 check (next_dps_number between 1 and 999999999999999),
        production_url text not null default '' check (char_length(production_url) <= 300),
        homologation_url text not null default '' check (char_length(homologation_url) <= 300),
        updated_by integer references employees(id),
        updated_at timestamptz not null default now()
      )`,
      'insert into nfse_settings default values',
      `create table service_invoices (
        id integer generated always as identity primary key,
        repair_id integer not null references repairs(id),
        order_id integer references orders(id),
        status text not null check (status in ('PENDING', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'TO_INVOICE')),
        amount_cents integer not null check (amount_cents > 0),
        iss_rate_hundredths integer not null check (iss_rate_hundredths between 0 and 500),
        iss_cents integer not null check (iss_cents >= 0),
        taker_document text not null,
        taker_name text not null,
        description text not null,
        environment smallint check (environment in (1, 2)),
        dps_series text,
        dps_number bigint,
        dps_id text unique check (dps_id ~ '^DPS[0-9]{42}$'),
        dps_xml text,
        access_key text unique check (access_key ~ '^[0-9]{50}$'),
        nfse_number text,
        nfse_xml text,
        rejection text,
        cancel_reason text,
        cancel_event_xml text,
        created_by integer references employees(id),
        created_at timestamptz not null default now(),
        authorized_at timestamptz,
        cancelled_at timestamptz,
        unique (dps_series, dps_number),
        check ((status = 'TO_INVOICE') = (dps_number is null))
      )`,
      `create unique index service_invoices_live_repair on service_invoices (repair_id)
        where status in ('PENDING', 'AUTHORIZED', 'TO_INVOICE')`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table service_invoices', 'drop table nfse_settings']);
  },
};

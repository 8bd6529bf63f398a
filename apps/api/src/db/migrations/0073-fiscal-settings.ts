import type { Migration } from 'kysely/migration';
import { runStatements, triggerFunction } from './run-statements';

/**
 * The shop's fiscal setup (issue 41 §1, decision 0056): what the NF-e (55) and NFC-e (65) will be issued with.
 * - `fiscal_issuer`: the company's one row ('Emitente'): CNPJ (normalised, 14 characters), IE (digits or
 *   'ISENTO'), names, tax regime (CRT 1–4), the address with its IBGE city code, phone, environment (1 produção,
 *   2 homologação), the series and next number of each model, the NFC-e's CSC id and its token, the token sealed
 *   (AES-256-GCM: iv, tag, ciphertext; never in clear).
 * - `fiscal_certificate`: the company's A1 certificate: what is shown in clear (holder, CNPJ, serial, SHA-1
 *   fingerprint, validity, who sent it and when) and the .pfx bytes and their password, each sealed (iv, tag,
 *   ciphertext) with a key derived from the server's secret. One row: a new upload replaces it.
 * - `fiscal_profiles` ('Perfis fiscais'): the taxes of a kind of product (CFOP inside and outside the state, ICMS
 *   CST or CSOSN, PIS and COFINS CST, the reform's IBS/CBS CST, cClassTrib and rates), names unique whatever
 *   their case, at most one the shop's default. Rates are integer ten-thousandths of a percent (0,9 % = 9000;
 *   100 % = 1000000): exact to the 4 decimals the NF-e's fields carry.
 * - `products.fiscal_profile_id`: the profile a product is invoiced with (none: the default's).
 * - The bell (migration 0053's `bell_items`): `certificate_expiring`, the certificate's item from 30 days before
 *   it expires (the contract's CERTIFICATE_WARNING_DAYS, written here as the number it is today), its id by the
 *   certificate's fingerprint so a new certificate is news again; kept by triggers as 0053's are.
 */
const ITEM = `select 'certificate-expiring:' || c.sha1_fingerprint, 'certificate_expiring', c.company_id::bigint,
    null::text, c.not_after - interval '30 days', null::text, null::integer
  from fiscal_certificate c`;
const COLUMNS = '(id, kind, ref_id, ref_key, at, sort_key, actor)';
const FORGET = (keys: string) => `delete from bell_items where kind = 'certificate_expiring' and ref_id in (${keys})`;

const sealed = (column: string, required: boolean) =>
  [
    `${column}_iv bytea${required ? ' not null' : ''} check (octet_length(${column}_iv) = 12)`,
    `${column}_tag bytea${required ? ' not null' : ''} check (octet_length(${column}_tag) = 16)`,
    `${column}_ciphertext bytea${required ? ' not null' : ''}`,
  ].join(',\n        ');

const rate = (column: string, required: boolean) =>
  `${column}_rate_ten_thousandths integer${required ? ' not null' : ''} check (${column}_rate_ten_thousandths between 0 and 1000000)`;

export const fiscalSettings: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table fiscal_issuer (
        company_id integer primary key,
        cnpj text not null check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
        ie text not null check (ie = 'ISENTO' or ie ~ '^[0-9]{2,14}$'),
        legal_name text not null check (char_length(legal_name) between 2 and 60),
        trade_name text check (char_length(trade_name) between 1 and 60),
        crt smallint not null check (crt between 1 and 4),
        street text not null check (char_length(street) between 2 and 60),
        number text not null check (char_length(number) between 1 and 60),
        complement text check (char_length(complement) between 1 and 60),
        district text not null check (char_length(district) between 2 and 60),
        cep text not null check (cep ~ '^[0-9]{8}$'),
        uf text not null check (uf ~ '^[A-Z]{2}$'),
        city_name text not null check (char_length(city_name) between 2 and 60),
        city_code text not null check (city_code ~ '^[0-9]{7}$'),
        phone text check (phone ~ '^[0-9]{6,14}$'),
        environment smallint not null default 2 check (environment in (1, 2)),
        nfe_series integer not null check (nfe_series between 0 and 999),
        nfe_next_number integer not null check (nfe_next_number between 1 and 999999999),
        nfce_series integer not null check (nfce_series between 0 and 999),
        nfce_next_number integer not null check (nfce_next_number between 1 and 999999999),
        csc_id text check (csc_id ~ '^[0-9]{1,6}$'),
        ${sealed('csc_token', false)},
        updated_by integer references employees (id),
        updated_at timestamptz not null default now(),
        constraint fiscal_issuer_csc_token_whole check ((csc_token_iv is null) = (csc_token_tag is null)
          and (csc_token_iv is null) = (csc_token_ciphertext is null)),
        constraint fiscal_issuer_csc_token_with_id check (csc_token_iv is null or csc_id is not null)
      )`,
      `create table fiscal_certificate (
        company_id integer primary key,
        holder text not null,
        cnpj text not null check (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$'),
        serial_number text not null,
        sha1_fingerprint text not null check (sha1_fingerprint ~ '^[0-9A-F]{40}$'),
        not_before timestamptz not null,
        not_after timestamptz not null,
        ${sealed('pfx', true)},
        ${sealed('password', true)},
        uploaded_by integer references employees (id),
        uploaded_at timestamptz not null default now(),
        constraint fiscal_certificate_validity check (not_before < not_after)
      )`,
      `create table fiscal_profiles (
        id serial primary key,
        name text not null check (char_length(name) between 1 and 60),
        is_default boolean not null default false,
        cfop_in_state text not null check (cfop_in_state ~ '^5[0-9]{3}$'),
        cfop_out_of_state text not null check (cfop_out_of_state ~ '^6[0-9]{3}$'),
        icms_cst text check (icms_cst ~ '^[0-9]{2}$'),
        icms_csosn text check (icms_csosn ~ '^[0-9]{3}$'),
        ${rate('icms', true)},
        pis_cst text not null check (pis_cst ~ '^[0-9]{2}$'),
        ${rate('pis', true)},
        cofins_cst text not null check (cofins_cst ~ '^[0-9]{2}$'),
        ${rate('cofins', true)},
        ibs_cbs_cst text check (ibs_cbs_cst ~ '^[0-9]{3}$'),
        c_class_trib text check (c_class_trib ~ '^[0-9]{6}$'),
        ${rate('cbs', false)},
        ${rate('ibs_uf', false)},
        ${rate('ibs_mun', false)},
        created_by integer references employees (id),
        created_at timestamptz not null default now(),
        updated_by integer references employees (id),
        updated_at timestamptz not null default now(),
        constraint fiscal_profiles_icms_one check ((icms_cst is null) <> (icms_csosn is null)),
        constraint fiscal_profiles_ibs_cbs_whole check ((ibs_cbs_cst is null) = (c_class_trib is null)
          and (ibs_cbs_cst is null) = (cbs_rate_ten_thousandths is null)
          and (ibs_cbs_cst is null) = (ibs_uf_rate_ten_thousandths is null)
          and (ibs_cbs_cst is null) = (ibs_mun_rate_ten_thousandths is null))
      )`,
      'create unique index fiscal_profiles_name on fiscal_profiles (lower(name))',
      'create unique index fiscal_profiles_one_default on fiscal_profiles (is_default) where is_default',
      'alter table products add column fiscal_profile_id integer references fiscal_profiles (id)',
      'create index products_fiscal_profile on products (fiscal_profile_id) where fiscal_profile_id is not null',
      // The bell's item of the certificate, kept whoever writes (as migration 0053's sources).
      triggerFunction('bell_fiscal_certificate_insert', [
        `insert into bell_items ${COLUMNS} ${ITEM} where c.company_id in (select company_id from changed)`,
      ]),
      `create trigger bell_fiscal_certificate_insert after insert on fiscal_certificate
        referencing new table as changed for each statement execute function bell_fiscal_certificate_insert()`,
      triggerFunction('bell_fiscal_certificate_update', [
        FORGET('old.company_id, new.company_id'),
        `insert into bell_items ${COLUMNS} ${ITEM} where c.company_id = new.company_id`,
      ]),
      `create trigger bell_fiscal_certificate_update after update on fiscal_certificate for each row
        when ((old.company_id, old.sha1_fingerprint, old.not_after)
          is distinct from (new.company_id, new.sha1_fingerprint, new.not_after))
        execute function bell_fiscal_certificate_update()`,
      triggerFunction('bell_fiscal_certificate_delete', [FORGET('select company_id from changed')]),
      `create trigger bell_fiscal_certificate_delete after delete on fiscal_certificate
        referencing old table as changed for each statement execute function bell_fiscal_certificate_delete()`,
      triggerFunction('bell_fiscal_certificate_truncate', [
        "delete from bell_items where kind = 'certificate_expiring'",
      ]),
      `create trigger bell_fiscal_certificate_truncate after truncate on fiscal_certificate
        for each statement execute function bell_fiscal_certificate_truncate()`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      ...['insert', 'update', 'delete', 'truncate'].flatMap((event) => [
        `drop trigger bell_fiscal_certificate_${event} on fiscal_certificate`,
        `drop function bell_fiscal_certificate_${event}()`,
      ]),
      "delete from bell_items where kind = 'certificate_expiring'",
      'alter table products drop column fiscal_profile_id',
      'drop table fiscal_profiles',
      'drop table fiscal_certificate',
      'drop table fiscal_issuer',
    ]);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * How the notes go out and when (issue 41 §2, decision 0057):
 * - `fiscal_issuer.transport`: straight to the state's SEFAZ ('SEFAZ', the default) or through a provider's REST
 *   API ('NUVEM_FISCAL'), with the provider's environment (sandbox or production), client id and client secret
 *   (sealed as the CSC token is: iv, tag, ciphertext; never in clear).
 * - `fiscal_issuer.auto_emit`: 'OFF', or 'HANDOVER' (an order's note emitted by itself when it is handed over).
 * - `fiscal_notes.provider_id`: the provider's id of a note sent through it.
 * - `fiscal_emission_requests`: the orders handed over waiting for their automatic note (one each), with the
 *   attempts and the last refusal when it could not be emitted.
 */
export const fiscalTransport: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table fiscal_issuer
        add column transport text not null default 'SEFAZ' check (transport in ('SEFAZ', 'NUVEM_FISCAL')),
        add column provider_sandbox boolean not null default true,
        add column provider_client_id text check (char_length(provider_client_id) between 1 and 200),
        add column provider_secret_iv bytea check (octet_length(provider_secret_iv) = 12),
        add column provider_secret_tag bytea check (octet_length(provider_secret_tag) = 16),
        add column provider_secret_ciphertext bytea,
        add column auto_emit text not null default 'OFF' check (auto_emit in ('OFF', 'HANDOVER')),
        add constraint fiscal_issuer_provider_secret_whole check ((provider_secret_iv is null) = (provider_secret_tag is null)
          and (provider_secret_iv is null) = (provider_secret_ciphertext is null))`,
      'alter table fiscal_notes add column provider_id text',
      `create table fiscal_emission_requests (
        order_id integer primary key references orders (id),
        requested_by integer references employees (id),
        requested_at timestamptz not null default now(),
        attempts integer not null default 0,
        last_error text,
        updated_at timestamptz not null default now()
      )`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop table fiscal_emission_requests',
      'alter table fiscal_notes drop column provider_id',
      `alter table fiscal_issuer drop constraint fiscal_issuer_provider_secret_whole,
        drop column auto_emit, drop column provider_secret_ciphertext, drop column provider_secret_tag,
        drop column provider_secret_iv, drop column provider_client_id, drop column provider_sandbox,
        drop column transport`,
    ]);
  },
};

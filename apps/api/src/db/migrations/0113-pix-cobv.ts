import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Pix Cobrança com vencimento (issue 58 §1, decision 0094), owned by the credit module:
 * - `pix_psp_settings`: the shop's PSP (one row per company): the API's base URL, the OAuth2 client id, the
 *   client secret and (when the PSP asks for mutual TLS) the client certificate (.pfx) and its password, each
 *   sealed with AES-256-GCM under the server's secret as the A1 certificate is (lib/secret-box.ts: IV, tag and
 *   ciphertext packed in one column);
 * - `receivable_cobv`: each cobv made for an instalment, by its txid (26 to 35 letters and digits, the API's
 *   `TxId`): its location (the dynamic BR Code's URL), the revision the PSP answered, its status (ATIVA,
 *   CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR), and what it was made for (open principal, due day, fine already
 *   charged, interest from) so 'Cobrar por Pix' revises it when the instalment changed. One ATIVA per instalment.
 */
export const pixCobv: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table pix_psp_settings (
        company_id integer primary key,
        base_url text not null check (base_url ~ '^https?://'),
        client_id text not null check (length(client_id) between 1 and 200),
        client_secret bytea not null,
        certificate bytea,
        certificate_password bytea,
        check ((certificate is null) = (certificate_password is null)),
        updated_by integer references employees (id),
        updated_at timestamptz not null default now()
      )`,
      `create table receivable_cobv (
        txid text primary key check (txid ~ '^[a-zA-Z0-9]{26,35}$'),
        receivable_id integer not null references receivables (id),
        generation integer not null check (generation >= 1),
        location text not null,
        revision integer not null default 0 check (revision >= 0),
        status text not null default 'ATIVA'
          check (status in ('ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR')),
        principal_cents integer not null check (principal_cents > 0),
        due_date date not null,
        fine_charged boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (receivable_id, generation)
      )`,
      `create unique index receivable_cobv_one_active on receivable_cobv (receivable_id) where status = 'ATIVA'`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop table receivable_cobv', 'drop table pix_psp_settings']);
  },
};

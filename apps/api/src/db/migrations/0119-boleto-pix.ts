import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The boleto híbrido (issue 58 §2, decision 0100): whether the shop's Banco do Brasil agreement registers its
 * boletos through BB's "API Cobranças" v2 with `indicadorPix: "S"` (off by default: the CNAB 240 remessa, no QR),
 * and, on each boleto registered so, the Pix QR code BB answered (`qrCode.txId` and `qrCode.emv`, the copia e
 * cola) and when the API registered it (such a boleto never goes into a remessa). One Pix txid names one boleto.
 */
export const boletoPix: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table boleto_settings add column pix_hybrid boolean not null default false',
      'alter table boletos add column api_registered_at timestamptz',
      'alter table boletos add column pix_txid text',
      'alter table boletos add column pix_emv text',
      'create unique index boletos_pix_txid on boletos (pix_txid) where pix_txid is not null',
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'drop index boletos_pix_txid',
      'alter table boletos drop column pix_emv',
      'alter table boletos drop column pix_txid',
      'alter table boletos drop column api_registered_at',
      'alter table boleto_settings drop column pix_hybrid',
    ]);
  },
};

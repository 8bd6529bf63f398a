import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The NFS-e's 'Alíquota aproximada do Simples Nacional (%)' (decision 0095): the DPS's totTrib/pTotTribSN of an
 * ME/EPP in the Simples, in hundredths of a percent (0–99,99 %: pTotTribSN is TSDec2V2); null while the shop has not said it (the NFS-e of
 * an ME/EPP is then refused before signing: Anexo I, E0712, forbids indTotTrib to an ME/EPP).
 */
export const nfseSimplesTaxRate: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table nfse_settings add column simples_tax_rate_hundredths integer
        check (simples_tax_rate_hundredths between 0 and 9999)`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table nfse_settings drop column simples_tax_rate_hundredths']);
  },
};

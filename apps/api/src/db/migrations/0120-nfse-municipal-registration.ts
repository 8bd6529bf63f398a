import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The shop's 'Inscrição municipal' for the NFS-e (the DPS's prest/IM, TSInscMun: 1 to 15 characters): a provider
 * registered in its city's CNC must inform it (Anexo I, E0116); null for a shop that has none (a MEI, a city that
 * keeps no CNC).
 */
export const nfseMunicipalRegistration: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table nfse_settings add column municipal_registration text
        check (char_length(municipal_registration) between 1 and 15)`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table nfse_settings drop column municipal_registration']);
  },
};

import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Whether the installed A1 certificate was issued under ICP-Brasil (issue 54 §9): read once when it is sent
 * (modules/fiscal/icp-brasil.ts, `issuedUnderIcpBrasil`); false keeps it installed with a warning (the SEFAZ will
 * refuse it), null is a certificate sent before the check (nothing said until it is sent again).
 */
export const certificateIcpBrasil: Migration = {
  async up(db) {
    await runStatements(db, ['alter table fiscal_certificate add column icp_brasil boolean']);
  },
  async down(db) {
    await runStatements(db, ['alter table fiscal_certificate drop column icp_brasil']);
  },
};

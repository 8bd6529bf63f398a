import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Where the signer's certificate of an entered supplier NF-e chained (issue 57 §4, decision 0096), kept so the
 * purchase's details say what was checked: ICP_BRASIL (reached a shipped ICP-Brasil root), OUTSIDE (ended at a
 * self-signed certificate that is not one), INCOMPLETE (the file lacked the intermediate authorities). Null for an
 * unsigned entry and for entries made before this check (not re-examined: their files are not kept).
 */
export const purchaseSignatureChain: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table purchases add column signature_chain text
        check (signature_chain in ('ICP_BRASIL', 'OUTSIDE', 'INCOMPLETE'))`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table purchases drop column signature_chain']);
  },
};

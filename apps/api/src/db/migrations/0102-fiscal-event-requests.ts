import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The signed request kept beside the SEFAZ's answer (issue 56 §3, decision 0084), so that a note's events are
 * archived as `procEventoNFe` (the signed `evento` with its `retEvento`) and a voiding as `ProcInutNFe` (the signed
 * `inutNFe` with its `retInutNFe`), as the official proc schemas have them:
 * - `request_xml`: the signed `evento` (with its namespace) or the signed `inutNFe`, as sent; null through a provider,
 *   whose `xml` is already the proc it keeps.
 * - `answer_only`: a row kept before this migration with only the SEFAZ's answer (the bare `retEvento` or
 *   `retInutNFe`, the request was never stored): kept as it is, flagged, archived under its own name and marked so
 *   in the month's index. Not a provider's proc (its `xml` holds `procEventoNFe` / `ProcInutNFe`).
 */
export const fiscalEventRequests: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table fiscal_note_events add column request_xml text',
      'alter table fiscal_note_events add column answer_only boolean not null default false',
      `update fiscal_note_events set answer_only = true
        where xml is not null and position('procEventoNFe' in xml) = 0`,
      'alter table fiscal_voidings add column request_xml text',
      'alter table fiscal_voidings add column answer_only boolean not null default false',
      `update fiscal_voidings set answer_only = true
        where xml is not null and xml <> '' and position('procinutnfe' in lower(xml)) = 0`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table fiscal_voidings drop column answer_only',
      'alter table fiscal_voidings drop column request_xml',
      'alter table fiscal_note_events drop column answer_only',
      'alter table fiscal_note_events drop column request_xml',
    ]);
  },
};

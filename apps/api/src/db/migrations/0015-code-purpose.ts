import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * What a one-time code is for (issue 15, "a new employee cannot use the activation code"): the 48-hour
 * activation code of a new employee, or a 15-minute recovery code. Asking for a recovery code supersedes
 * older recovery codes only, so the activation code of the welcome e-mail stays valid until it is used or
 * expires. Codes written before are told apart by their lifetime (only activation codes outlive an hour).
 */
export const codePurpose: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table password_codes
         add column purpose text not null default 'recovery' check (purpose in ('recovery', 'activation'))`,
      `update password_codes set purpose = 'activation' where expires_at - created_at > interval '1 hour'`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['alter table password_codes drop column purpose']);
  },
};

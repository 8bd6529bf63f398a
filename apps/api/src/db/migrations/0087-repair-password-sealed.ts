import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * A service order's device password sealed at rest (issue 53, finding 10; decision 0059): `device_password_sealed`
 * holds it sealed (lib/secret-box.ts: AES-256-GCM under a key derived from the server's secret, which no migration
 * knows), and the start seals the clear values left in `device_password` right after the migrations
 * (modules/repairs/device-password.ts, `sealClearDevicePasswords`), which then stays empty. Both are erased when
 * the device leaves.
 */
export const repairPasswordSealed: Migration = {
  async up(db) {
    await runStatements(db, [
      'alter table repairs add column device_password_sealed bytea',
      'alter table repairs drop constraint repairs_password_erased',
      `alter table repairs add constraint repairs_password_erased check (
         status not in ('DELIVERED', 'RETURNED') or (device_password is null and device_password_sealed is null))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table repairs drop constraint repairs_password_erased',
      `alter table repairs add constraint repairs_password_erased check (
         status not in ('DELIVERED', 'RETURNED') or device_password is null)`,
      'alter table repairs drop column device_password_sealed',
    ]);
  },
};

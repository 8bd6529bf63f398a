import type { DB } from '../../db/database';
import { open, packSealed, seal, secretKey, unpackSealed } from '../../lib/secret-box';
import { repairsRepository } from './repairs.repository';

/**
 * A service order's device password or pattern at rest (decision 0059, issue 53 finding 10): sealed like the fiscal
 * secrets (lib/secret-box.ts, the key of the `repairs` use derived from the server's secret) in
 * `repairs.device_password_sealed`, never in clear in the table nor in a backup, and erased when the device leaves.
 */

const PURPOSE = 'repairs.device_password';

/** The password as stored: its sealed bytes. */
export function sealDevicePassword(serverSecret: string, password: string): Buffer {
  return packSealed(seal(secretKey(serverSecret, 'repairs'), Buffer.from(password, 'utf8'), PURPOSE));
}

/** The password a sealed value holds; throws when the server's secret is not the one that sealed it. */
export function openDevicePassword(serverSecret: string, sealed: Buffer): string {
  return open(secretKey(serverSecret, 'repairs'), unpackSealed(sealed), PURPOSE).toString('utf8');
}

/**
 * The start's step after the migrations (db/bootstrap.ts): the passwords kept in clear before migration 0087 are
 * sealed and their clear column emptied, in one transaction with those rows locked (a second process starting at
 * the same moment then finds none left). Answers how many were sealed.
 */
export async function sealClearDevicePasswords(db: DB, serverSecret: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const clear = await repairsRepository.clearPasswords(trx);
    for (const { id, password } of clear) {
      await repairsRepository.update(trx, id, {
        device_password: null,
        device_password_sealed: sealDevicePassword(serverSecret, password),
      });
    }
    return clear.length;
  });
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The secrets kept at rest, sealed with AES-256-GCM under a key derived from the server's secret (JWT_SECRET) by
 * HKDF-SHA256 with fixed salt and info per use, so each use has its own key (another use of the secret derives
 * another key) and no key is ever stored. Each value has its own random 96-bit IV and its 128-bit tag; its purpose is
 * the additional authenticated data, so a sealed value moved to another column does not open.
 * - fiscal (decision 0056): the A1 certificate's .pfx bytes, its password, the NFC-e's CSC token;
 * - repairs (decision 0059): the device's password or pattern a service order keeps until the device leaves;
 * - psp (decision 0094): the Pix PSP's OAuth2 client secret, its mTLS certificate (.pfx) and that one's password.
 */

/** HKDF's fixed inputs of each use: changing one makes every secret stored under it unreadable. */
const KEY_INPUTS = {
  fiscal: {
    salt: 'BackOffice fiscal secrets',
    info: 'AES-256-GCM key for the A1 certificate, its password and the CSC, v1',
  },
  repairs: {
    salt: 'BackOffice repair secrets',
    info: "AES-256-GCM key for a service order's device password, v1",
  },
  psp: {
    salt: 'BackOffice Pix PSP secrets',
    info: "AES-256-GCM key for the Pix PSP's client secret and mTLS certificate, v1",
  },
} as const;
export type SecretUse = keyof typeof KEY_INPUTS;

/** What a sealed value is for (its AAD). */
export type SealPurpose =
  | 'fiscal_certificate.pfx'
  | 'fiscal_certificate.password'
  | 'fiscal_issuer.csc_token'
  | 'fiscal_issuer.provider_secret'
  | 'fiscal_issuer.tech_csrt'
  | 'repairs.device_password'
  | 'pix_psp.client_secret'
  | 'pix_psp.certificate'
  | 'pix_psp.certificate_password';

export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** The 32-byte key of one use's secrets, from the server's secret. */
export function secretKey(serverSecret: string, use: SecretUse): Buffer {
  const { salt, info } = KEY_INPUTS[use];
  return Buffer.from(hkdfSync('sha256', serverSecret, salt, info, 32));
}

/** The 32-byte key of the fiscal secrets, from the server's secret. */
export const fiscalKey = (serverSecret: string): Buffer => secretKey(serverSecret, 'fiscal');

export function seal(key: Buffer, plaintext: Buffer, purpose: SealPurpose): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** The plaintext, or an error when the key is not the one that sealed it (or the value was altered). */
export function open(key: Buffer, sealed: Sealed, purpose: SealPurpose): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

/** A sealed value in one column: its IV (12 bytes), its tag (16 bytes), then the ciphertext. */
export function packSealed(sealed: Sealed): Buffer {
  return Buffer.concat([sealed.iv, sealed.tag, sealed.ciphertext]);
}

export function unpackSealed(packed: Buffer): Sealed {
  return { iv: packed.subarray(0, 12), tag: packed.subarray(12, 28), ciphertext: packed.subarray(28) };
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The fiscal secrets at rest (decision 0056): the A1 certificate's .pfx bytes, its password and the NFC-e's CSC
 * token, each sealed with AES-256-GCM under a key derived from the server's secret (JWT_SECRET) by HKDF-SHA256
 * with fixed salt and info, so the key is this purpose's own (another use of the secret derives another key) and
 * is never stored. Each value has its own random 96-bit IV and its 128-bit tag; its purpose is the additional
 * authenticated data, so a sealed value moved to another column does not open.
 */

/** HKDF's fixed inputs: changing either makes every stored secret unreadable (the shop uploads them again). */
const HKDF_SALT = 'BackOffice fiscal secrets';
const HKDF_INFO = 'AES-256-GCM key for the A1 certificate, its password and the CSC, v1';

/** What a sealed value is for (its AAD). */
export type SealPurpose =
  | 'fiscal_certificate.pfx'
  | 'fiscal_certificate.password'
  | 'fiscal_issuer.csc_token'
  | 'fiscal_issuer.provider_secret';

export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** The 32-byte key of the fiscal secrets, from the server's secret. */
export function fiscalKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, HKDF_SALT, HKDF_INFO, 32));
}

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

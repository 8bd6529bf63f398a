/**
 * The backups' key set from the app (issue 53 finding 13, decision 0068): the administrator's passphrase is stretched
 * with scrypt into an X25519 private key (age's native recipient type); the server keeps only its public half (the
 * `age1…` recipient) and the salt. Backups are encrypted to that recipient, so the server can make them without the
 * passphrase and nobody who copies the server or its backups can read them without it; a restore asks for it and
 * derives the same key again.
 */
import { randomBytes, scrypt, webcrypto } from 'node:crypto';
import { identityToRecipient } from 'age-encryption';

/** scrypt's cost (2^15, r 8, p 1: 32 MiB and about a tenth of a second), the same as age's own passphrase files. */
const KDF = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
/** The DER prefix of a PKCS #8 X25519 private key (RFC 8410): the 32 bytes of the key follow. */
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** A new salt for a passphrase being set (base64). */
export const newKeySalt = () => randomBytes(16).toString('base64');

/** The private key that `passphrase` and `salt` (base64) stand for: age decrypts with it. */
export async function passphraseKey(passphrase: string, salt: string): Promise<webcrypto.CryptoKey> {
  const secret = await new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), Buffer.from(salt, 'base64'), 32, KDF, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
  return webcrypto.subtle.importKey('pkcs8', Buffer.concat([PKCS8_X25519, secret]), { name: 'X25519' }, true, [
    'deriveBits',
  ]);
}

/** The public recipient (`age1…`) of that key: what the server keeps and encrypts the backups to. */
export async function passphraseRecipient(passphrase: string, salt: string): Promise<string> {
  return identityToRecipient(await passphraseKey(passphrase, salt));
}

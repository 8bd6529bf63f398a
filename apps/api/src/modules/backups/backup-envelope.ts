/**
 * A backup's file (issue 34 §4; docs/decisions/0018-backups-and-restore.md): two text lines, then the archive.
 *
 *     BACKOFFICE-BACKUP 1\n
 *     {"format":"pglite",…,"archive":{"sha256":…},"data":{"sha256":…},"tables":{"customers":120,…}}\n
 *     <archive: the dump (PGlite's data directory as .tar.gz, or pg_dump -Fc), or that dump encrypted with age>
 *
 * The manifest is made at backup time: the SHA-256 of the archive as stored (checked before anything, with
 * or without the passphrase), of the dump itself (checked after decryption) and the rows of every table in
 * that dump (checked on the restored database before it replaces the current one). With BACKUP_PASSPHRASE
 * the archive is an age file (https://age-encryption.org/v1, scrypt passphrase recipient, ChaCha20-Poly1305
 * in 64 KiB authenticated chunks): `tail -n +3 <backup> | age -d > dump` opens it without this program.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { Decrypter, Encrypter } from 'age-encryption';
import { z } from 'zod';
import { passphraseKey } from './backup-key';

/** A backup that is refused, with the reason in Portuguese (the restore command prints it, no stack trace). */
export class RestoreRefused extends Error {}

export const ENVELOPE_MAGIC = 'BACKOFFICE-BACKUP 1\n';
export type DumpFormat = 'pglite' | 'pgdump';

const digest = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() });
const manifestSchema = z.object({
  format: z.enum(['pglite', 'pgdump']),
  createdAt: z.string(),
  /**
   * `age-scrypt`: the archive is an age file whose recipient is a passphrase (BACKUP_PASSPHRASE);
   * `age-x25519-passphrase`: an age file to the key derived from the passphrase set in the app and `keySalt`
   * (backup-key.ts); null: the dump as it is.
   */
  encryption: z.enum(['age-scrypt', 'age-x25519-passphrase']).nullable(),
  /** The salt (base64) of the passphrase's key, with `age-x25519-passphrase`. */
  keySalt: z.string().max(100).optional(),
  /** The archive as stored after the two lines. */
  archive: digest,
  /** The dump itself (the archive decrypted). */
  data: digest,
  /** The rows of each table of the schema in the dump. */
  tables: z.record(z.string().min(1).max(200), z.number().int().nonnegative()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** How a backup is encrypted: with BACKUP_PASSPHRASE itself, or to the key of the passphrase set in the app. */
export type BackupEncryption = { passphrase: string } | { recipient: string; salt: string } | undefined;

/** The file of a backup of `dump`: its manifest and the archive, encrypted when told how. */
export async function sealBackup(
  dump: Buffer,
  info: { format: DumpFormat; createdAt: string; tables: Record<string, number> },
  encryption: BackupEncryption,
): Promise<Buffer> {
  let archive: Buffer = dump;
  if (encryption) {
    const encrypter = new Encrypter();
    if ('passphrase' in encryption) encrypter.setPassphrase(encryption.passphrase);
    else encrypter.addRecipient(encryption.recipient);
    archive = Buffer.from(await encrypter.encrypt(dump));
  }
  const manifest: BackupManifest = {
    format: info.format,
    createdAt: info.createdAt,
    encryption: encryption ? ('passphrase' in encryption ? 'age-scrypt' : 'age-x25519-passphrase') : null,
    ...(encryption && 'salt' in encryption ? { keySalt: encryption.salt } : {}),
    archive: { sha256: sha256(archive), bytes: archive.length },
    data: { sha256: sha256(dump), bytes: dump.length },
    tables: info.tables,
  };
  return Buffer.concat([Buffer.from(`${ENVELOPE_MAGIC}${JSON.stringify(manifest)}\n`), archive]);
}

/** A backup file read: with its manifest, or an older one (before issue 34) that has none. */
export type BackupFile =
  | { manifest: BackupManifest; archive: Buffer }
  | { manifest: null; format: DumpFormat; dump: Buffer };

/** Reads a backup file; refuses one that is no backup of this program or whose manifest cannot be read. */
export async function readBackupFile(file: string): Promise<BackupFile> {
  const head = Buffer.alloc(ENVELOPE_MAGIC.length);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return { manifest: null, format: 'pglite', dump: await readFile(file) };
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP')
    return { manifest: null, format: 'pgdump', dump: await readFile(file) };
  if (head.toString('latin1') !== ENVELOPE_MAGIC) throw new RestoreRefused(`${file} não é um backup do BackOffice.`);
  const bytes = await readFile(file);
  const end = bytes.indexOf(0x0a, ENVELOPE_MAGIC.length);
  const parsed = end < 0 ? null : manifestSchema.safeParse(safeJson(bytes.subarray(ENVELOPE_MAGIC.length, end)));
  if (!parsed?.success)
    throw new RestoreRefused(
      `O manifesto do backup ${file} está ilegível: o arquivo está corrompido. Nada foi alterado.`,
    );
  return { manifest: parsed.data, archive: bytes.subarray(end + 1) };
}

function safeJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

const CORRUPT = 'O arquivo do backup foi alterado ou está corrompido';

/**
 * The dump inside a backup, after checking the archive's SHA-256, decrypting it (asking for the passphrase
 * only then) and checking the dump's SHA-256 against the manifest. Refuses with the reason otherwise.
 */
export async function openArchive(
  backup: { manifest: BackupManifest; archive: Buffer },
  passphrase: () => Promise<string | undefined>,
): Promise<Buffer> {
  const { manifest, archive } = backup;
  if (archive.length !== manifest.archive.bytes || sha256(archive) !== manifest.archive.sha256)
    throw new RestoreRefused(
      `${CORRUPT}: o SHA-256 do arquivo não confere com o manifesto gravado no backup. Nada foi alterado.`,
    );
  let dump = archive;
  if (manifest.encryption) {
    const secret = await passphrase();
    if (!secret)
      throw new RestoreRefused(
        'Este backup é criptografado: informe a senha (BACKUP_PASSPHRASE ou quando o comando pedir). Nada foi alterado.',
      );
    const decrypter = new Decrypter();
    if (manifest.encryption === 'age-x25519-passphrase') {
      if (!manifest.keySalt)
        throw new RestoreRefused(`${CORRUPT}: o manifesto não traz o sal da senha. Nada foi alterado.`);
      decrypter.addIdentity(await passphraseKey(secret, manifest.keySalt));
    } else decrypter.addPassphrase(secret);
    try {
      dump = Buffer.from(await decrypter.decrypt(archive));
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      throw new RestoreRefused(
        /no identity matched|incorrect passphrase/i.test(message)
          ? 'Senha do backup incorreta: o backup não foi aberto. Nada foi alterado.'
          : `${CORRUPT}: a criptografia não confere. Nada foi alterado.`,
      );
    }
  }
  if (dump.length !== manifest.data.bytes || sha256(dump) !== manifest.data.sha256)
    throw new RestoreRefused(
      `${CORRUPT}: o SHA-256 dos dados não confere com o manifesto gravado no backup. Nada foi alterado.`,
    );
  return dump;
}

/** What a table count of the restored database says against the manifest; null when all match. */
export function countsDiffer(expected: Record<string, number>, found: Record<string, number>): string | null {
  for (const [table, rows] of Object.entries(expected)) {
    if (!(table in found)) return `a tabela ${table} não existe no banco restaurado`;
    if (found[table] !== rows) return `a tabela ${table} tem ${found[table]} linhas, o manifesto diz ${rows}`;
  }
  return null;
}

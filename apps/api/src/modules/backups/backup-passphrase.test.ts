import { createHash } from 'node:crypto';
import path from 'node:path';
import { backupSettingsEnvelopeSchema } from '@backoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { openArchive, RestoreRefused, readBackupFile } from './backup-envelope';

/**
 * Issue 53 finding 13 (decision 0068): the administrator sets the backups' passphrase in the app; the server keeps only
 * the public key derived from it, the next backups are encrypted to it and open with the passphrase alone.
 * BACKUP_PASSPHRASE, when set on the server, still wins. Through the API on each engine.
 */
const PASSPHRASE = 'cavalo bateria grampo correto';
let t: TestApp;
afterEach(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const status = async (token: string) =>
  backupSettingsEnvelopeSchema.parse((await call('GET', '/backups/settings', token)).json()).data;

describe('the backups passphrase set in the app', () => {
  it('encrypts the next backups to its key, which the passphrase alone opens; nothing of it stored in clear', async () => {
    t = await createTestApp();
    const admin = await signIn(t.app, DEMO.admin);
    expect(await status(admin)).toMatchObject({ encrypted: false, passphraseFrom: null });
    const plain = await call('POST', '/backups', admin);
    expect(plain.statusCode, plain.body).toBe(201);

    // Too short (11 characters) is refused in words, and nothing changes.
    const short = await call('PUT', '/backups/passphrase', admin, { passphrase: 'onze letras' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      'A senha dos backups precisa de pelo menos 12 caracteres (uma frase de 4 ou 5 palavras serve).',
    ]);
    // Only whoever keeps the settings sets it.
    const manager = await signIn(t.app, DEMO.manager);
    expect((await call('PUT', '/backups/passphrase', manager, { passphrase: PASSPHRASE })).statusCode).toBe(403);
    expect(await status(admin)).toMatchObject({ encrypted: false, passphraseFrom: null });

    const set = await call('PUT', '/backups/passphrase', admin, { passphrase: PASSPHRASE });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ encrypted: true, passphraseFrom: 'app' });
    const kept = await t.db.selectFrom('backup_settings').selectAll().executeTakeFirstOrThrow();
    expect(kept.key_recipient).toMatch(/^age1[0-9a-z]{58}$/);
    expect(JSON.stringify(kept)).not.toContain(PASSPHRASE);

    const made = await call('POST', '/backups', admin);
    expect(made.statusCode, made.body).toBe(201);
    const file = path.join(t.config.dataDir, 'backups', made.json().data.name);
    const read = await readBackupFile(file);
    if (!read.manifest) throw new Error('no manifest');
    expect(read.manifest).toMatchObject({ encryption: 'age-x25519-passphrase', keySalt: kept.key_salt });
    expect(read.archive.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    await expect(openArchive(read, async () => undefined)).rejects.toThrow(RestoreRefused);
    await expect(openArchive(read, async () => 'outra senha qualquer')).rejects.toThrow(
      new RestoreRefused('Senha do backup incorreta: o backup não foi aberto. Nada foi alterado.'),
    );
    const dump = await openArchive(read, async () => PASSPHRASE);
    expect(createHash('sha256').update(dump).digest('hex')).toBe(read.manifest.data.sha256);

    // The backup made before it is still read as it is.
    const before = await readBackupFile(path.join(t.config.dataDir, 'backups', plain.json().data.name));
    if (!before.manifest) throw new Error('no manifest');
    expect(before.manifest.encryption).toBeNull();
    expect((await openArchive(before, async () => undefined)).length).toBe(before.manifest.data.bytes);
  }, 120_000);

  it('gives way to BACKUP_PASSPHRASE on the server: 409, and the backups sealed with that one', async () => {
    t = await createTestApp({ backupPassphrase: 'senha do servidor' });
    const admin = await signIn(t.app, DEMO.admin);
    expect(await status(admin)).toMatchObject({ encrypted: true, passphraseFrom: 'env' });
    const refused = await call('PUT', '/backups/passphrase', admin, { passphrase: PASSPHRASE });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      'A senha dos backups está definida no servidor (BACKUP_PASSPHRASE) e vale sobre esta: mude-a lá, se for o caso.',
    ]);
    const made = await call('POST', '/backups', admin);
    expect(made.statusCode, made.body).toBe(201);
    const read = await readBackupFile(path.join(t.config.dataDir, 'backups', made.json().data.name));
    expect(read.manifest?.encryption).toBe('age-scrypt');
  }, 120_000);
});

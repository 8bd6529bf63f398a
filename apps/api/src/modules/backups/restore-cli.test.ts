import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDatabase, migrateToLatest } from '../../db/database';
import { createBackupsService } from './backups.service';

const run = promisify(execFile);
const silent = { info: () => undefined, error: () => undefined };

/**
 * Issue 34 §4, as the person restoring sees it: `npm run restore` of a changed backup (a flipped byte) or of
 * an encrypted one with a wrong passphrase prints one Portuguese line — no stack trace — exits 1, and leaves
 * DATA_DIR as it was (the embedded database in place, no folder beside).
 */
describe('npm run restore of a bad backup', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h-backups-cli-'));
  let plain: string;
  let encrypted: string;

  beforeAll(async () => {
    loadConfig({ dataDir, inMemory: false, databaseUrl: undefined }, {}); // the server's jwt-secret, as after a run
    const db = createDatabase({ databaseUrl: undefined, dataDir, inMemory: false });
    try {
      await migrateToLatest(db);
      await sql`create table ballast (id int primary key)`.execute(db);
      await sql`insert into ballast select generate_series(1, 10)`.execute(db);
      const config = { dataDir, databaseUrl: undefined };
      const service = createBackupsService({ db, config, log: silent });
      plain = path.join(service.dir, (await service.backup('manual')).name);
      const sealed = createBackupsService({ db, config: { ...config, backupPassphrase: 'certa' }, log: silent });
      encrypted = path.join(service.dir, (await sealed.backup('scheduled')).name);
    } finally {
      await db.destroy();
    }
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const restore = async (file: string, env: Record<string, string> = {}) => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const { DATABASE_URL: _, BACKUP_PASSPHRASE: __, ...inherited } = process.env;
    return run(process.execPath, ['--import', tsx, path.join(import.meta.dirname, 'restore-cli.ts'), file, '--force'], {
      env: { ...inherited, DATA_DIR: dataDir, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  };

  it('refuses a flipped byte in one line, no stack trace, DATA_DIR untouched', async () => {
    const bytes = readFileSync(plain);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0x20;
    const file = path.join(dataDir, 'alterado.backup');
    writeFileSync(file, bytes);
    const before = readdirSync(dataDir).sort();
    const result = await restore(file);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Restauração recusada: O arquivo do backup foi alterado ou está corrompido: o SHA-256 do arquivo não confere com o manifesto gravado no backup. Nada foi alterado.\n',
    });
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 120_000);

  it('refuses a wrong BACKUP_PASSPHRASE, and an encrypted backup with no passphrase nor terminal', async () => {
    const wrong = await restore(encrypted, { BACKUP_PASSPHRASE: 'errada' });
    expect(wrong).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Restauração recusada: Senha do backup incorreta: o backup não foi aberto. Nada foi alterado.\n',
    });
    const none = await restore(encrypted);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      'Restauração recusada: Este backup é criptografado: informe a senha (BACKUP_PASSPHRASE ou quando o comando pedir). Nada foi alterado.\n',
    );
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
  }, 120_000);
});

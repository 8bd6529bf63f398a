import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { createEmbeddedMaintenance } from '../db/maintenance';
import { createBackupsService } from '../modules/backups/backups.service';
import { createMailer } from './mailer';

const silent = { info: () => undefined, error: () => undefined, warn: () => undefined } as never as FastifyBaseLogger;

/** Every file and folder under `dir` that its group or others may read or write, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const info = statSync(entry);
    if ((info.mode & 0o077) !== 0) found.push(`${path.relative(dir, entry) || '.'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return found;
}

/**
 * Issue 34 §4: backups hold password hashes and the Pix webhook secret, the outbox one-time codes, and
 * jwt-secret signs every session; some were 0644. With the usual umask (022), everything the server writes
 * in DATA_DIR — and a jwt-secret left 0644 by an older server — is its user's alone: files 0600, folders 0700.
 */
describe('the data folder is private', () => {
  let dataDir: string;
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022);
    dataDir = mkdtempSync(path.join(tmpdir(), 'h-backups-private-'));
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the embedded database, jwt-secret, outbox mails, backups and maintenance.json 0600', async () => {
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'a'.repeat(96), { mode: 0o644 });
    chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    const config = loadConfig({ dataDir, inMemory: false, databaseUrl: undefined }, {});
    expect(config.jwtSecret).toBe('a'.repeat(96));
    const db = createDatabase(config);
    try {
      await migrateToLatest(db);
      await createMailer(config, silent).send({ to: 'cliente@example.com', subject: 'Código', text: '123456' });
      const backup = await createBackupsService({ db, config, log: silent }).backup('manual');
      createEmbeddedMaintenance(db, { dataDir, log: silent }).begin();
      expect(statSync(path.join(dataDir, 'backups', backup.name)).mode & 0o777).toBe(0o600);
      // While the database is open, no one else enters the folder.
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      await db.destroy();
    }
    expect(readdirSync(dataDir).sort()).toEqual(['backups', 'jwt-secret', 'maintenance.json', 'outbox', 'pglite']);
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('creates a new jwt-secret 0600', () => {
    loadConfig({ dataDir, inMemory: false, databaseUrl: undefined }, {});
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });
});

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_NAME } from '@backoffice/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { readBackupFile, sha256 } from './backup-envelope';
import { backupName, listBackups, rotateBackups } from './backup-files';
import { scheduleBackups } from './backups.scheduler';
import { createBackupsService } from './backups.service';

const silent = { info: () => undefined, error: () => undefined };
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('backups API', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), payload });

  it('answers 403 to an employee without the settings permission, 401 without a token', async () => {
    const manager = await signIn(t.app, DEMO.manager);
    const name = backupName(new Date('2026-11-23T06:00:00Z'), 'manual', 'pglite.tar.gz');
    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${name}`],
      ['GET', '/api/backups/settings'],
      ['PUT', '/api/backups/settings'],
    ] as const) {
      const res = await call(method, url, manager, method === 'PUT' ? { timeOfDay: '03:00', keep: 14 } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await listBackups(path.join(t.config.dataDir, 'backups'))).toEqual([]);
  });

  it("makes a backup on demand, lists it and downloads exactly the file's bytes", async () => {
    expect((await call('GET', '/api/backups', admin)).json()).toEqual({ data: [] });
    const made = await call('POST', '/api/backups', admin);
    expect(made.statusCode).toBe(201);
    const backup = made.json().data;
    expect(backup.kind).toBe('manual');
    expect(backup.name).toMatch(BACKUP_NAME);
    expect(backup.name.endsWith(onPostgres ? '.pgdump.backup' : '.pglite.backup')).toBe(true);
    expect(backup.size).toBeGreaterThan(1000);
    const list = (await call('GET', '/api/backups', admin)).json().data;
    expect(list).toEqual([backup]);

    const file = readFileSync(path.join(t.config.dataDir, 'backups', backup.name));
    expect(file.length).toBe(backup.size);
    const download = await call('GET', `/api/backups/${backup.name}`, admin);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.equals(file)).toBe(true);
    // A browser asks for brotli or gzip: the archive still comes as its own bytes (Chromium's download of a
    // `.tar.gz` sent with Content-Encoding: br failed).
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${backup.name}`,
      headers: { ...bearer(admin), 'accept-encoding': 'br, gzip' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.headers['content-length']).toBe(String(file.length));
    expect(asked.rawPayload.equals(file)).toBe(true);
    // The manifest's line, then the archive: gzip (PGlite's tar) or PGDMP (pg_dump -Fc), whose SHA-256 it holds.
    const backupFile = await readBackupFile(path.join(t.config.dataDir, 'backups', backup.name));
    if (!backupFile.manifest) throw new Error('no manifest');
    expect(backupFile.manifest).toMatchObject({ format: onPostgres ? 'pgdump' : 'pglite', encryption: null });
    expect(backupFile.manifest.archive.sha256).toBe(sha256(backupFile.archive));
    expect(backupFile.manifest.tables.employees).toBe(
      Number(
        (
          await t.db
            .selectFrom('employees')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
    );
    expect(
      onPostgres ? backupFile.archive.subarray(0, 5).toString() : backupFile.archive.subarray(0, 2).toString('hex'),
    ).toBe(onPostgres ? 'PGDMP' : '1f8b');
    // Private: the server's user alone reads it.
    expect(statSync(path.join(t.config.dataDir, 'backups', backup.name)).mode & 0o777).toBe(0o600);

    const status = (await call('GET', '/api/backups/settings', admin)).json().data;
    expect(status).toMatchObject({
      timeOfDay: '03:00',
      keep: 14,
      method: onPostgres ? 'pg_dump' : 'pglite',
      encrypted: false,
    });
    expect(status.lastRun).toMatchObject({ kind: 'manual', name: backup.name, size: backup.size, error: null });
  });

  it('never serves a file outside the backups: traversal and foreign names refused, unknown backup 404', async () => {
    // Files beside and inside the folder that are not backups.
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'segredo');
    await call('POST', '/api/backups', admin);
    writeFileSync(path.join(t.config.dataDir, 'backups', 'notes.txt'), 'não é backup');
    for (const name of [
      '..%2Fsecret.txt',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2Fsecret.txt',
      'notes.txt',
      `..%2F${backupName(new Date(), 'manual', 'pglite.tar.gz')}`,
      `${backupName(new Date(), 'manual', 'pglite.tar.gz')}%00.txt`,
    ]) {
      const res = await call('GET', `/api/backups/${name}`, admin);
      expect(res.statusCode, name).toBe(400);
      expect(res.body).not.toContain('segredo');
    }
    const traversal = await call('GET', '/api/backups/..%2Fsecret.txt', admin);
    expect(traversal.json().errors).toContain('Nome de backup inválido.');
    const unknown = await call('GET', `/api/backups/${backupName(new Date('2020-01-01'), 'manual', 'pgdump')}`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['Backup não encontrado.']);
    // The list shows backups only.
    expect((await call('GET', '/api/backups', admin)).json().data).toHaveLength(1);
  });

  it('saves the time and how many to keep, in Portuguese when wrong, and rotates at once', async () => {
    for (const body of [
      { timeOfDay: '24:00', keep: 14 },
      { timeOfDay: '3:00', keep: 14 },
    ]) {
      const res = await call('PUT', '/api/backups/settings', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain('Informe o horário como HH:MM (00:00 a 23:59).');
    }
    for (const keep of [0, 366, 2.5]) {
      const res = await call('PUT', '/api/backups/settings', admin, { timeOfDay: '03:00', keep });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContain('Informe quantos backups guardar: de 1 a 365.');
    }
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/backups', admin)).statusCode).toBe(201);
    const three = (await call('GET', '/api/backups', admin)).json().data;
    expect(three).toHaveLength(3);
    const saved = await call('PUT', '/api/backups/settings', admin, { timeOfDay: '22:30', keep: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ timeOfDay: '22:30', keep: 2 });
    // 22:30 in São Paulo is 01:30 UTC of the next day.
    expect(saved.json().data.nextAt).toMatch(/T01:30:00\.000Z$/);
    // The two newest stay.
    expect((await call('GET', '/api/backups', admin)).json().data).toEqual(three.slice(0, 2));
    expect((await call('GET', '/api/backups/settings', admin)).json().data.timeOfDay).toBe('22:30');
    // What the backup task plans ('Tarefas do sistema'): at 10:00 in São Paulo, today's 22:30 (01:30 UTC tomorrow);
    // at 23:00, tomorrow's (01:30 UTC the day after).
    const service = createBackupsService({ db: t.db, config: t.config, log: silent });
    expect((await service.nextScheduled(new Date('2026-11-27T13:00:00Z')))?.toISOString()).toBe(
      '2026-11-28T01:30:00.000Z',
    );
    expect((await service.nextScheduled(new Date('2026-11-28T02:00:00Z')))?.toISOString()).toBe(
      '2026-11-29T01:30:00.000Z',
    );
  });
});

describe('a failed backup', () => {
  it("is recorded with pg_dump's words, never the database's password, and leaves no file", async () => {
    const t = await createTestApp();
    try {
      const databaseUrl = 'postgres://dono:senha-secreta@127.0.0.1:1/ninguem';
      const service = createBackupsService({
        db: t.db,
        config: { dataDir: t.config.dataDir, databaseUrl },
        log: silent,
      });
      expect(await service.method()).toBe('pg_dump');
      await expect(service.backup('manual')).rejects.toMatchObject({ statusCode: 500, code: 'BACKUP_FAILED' });
      const status = await service.status();
      expect(status.lastRun).toMatchObject({ kind: 'manual', name: null, size: null });
      expect(status.lastRun?.error).toMatch(/^pg_dump: /);
      expect(status.lastRun?.error).not.toContain('senha-secreta');
      expect(await service.list()).toEqual([]);
      const { readdirSync } = await import('node:fs');
      expect(readdirSync(service.dir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('rotation', () => {
  it('keeps the newest N of each kind: clicks never push the daily history out', async () => {
    const t = await createTestApp();
    try {
      const dir = path.join(t.config.dataDir, 'backups');
      const { mkdirSync } = await import('node:fs');
      mkdirSync(dir, { recursive: true });
      const day = (d: number, kind: 'manual' | 'scheduled') =>
        backupName(new Date(Date.UTC(2026, 10, d, 6)), kind, 'pglite.tar.gz');
      for (let d = 1; d <= 5; d++) writeFileSync(path.join(dir, day(d, 'scheduled')), 'x');
      for (let d = 10; d <= 14; d++) writeFileSync(path.join(dir, day(d, 'manual')), 'x');
      const removed = await rotateBackups(dir, 3);
      expect(removed.sort()).toEqual(
        [day(1, 'scheduled'), day(2, 'scheduled'), day(10, 'manual'), day(11, 'manual')].sort(),
      );
      expect((await listBackups(dir)).map((b) => b.name)).toEqual([
        day(14, 'manual'),
        day(13, 'manual'),
        day(12, 'manual'),
        day(5, 'scheduled'),
        day(4, 'scheduled'),
        day(3, 'scheduled'),
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('the daily backup', () => {
  it('runs once its São Paulo time has come, once a day, and again the next day', async () => {
    const t = await createTestApp();
    try {
      const service = createBackupsService({ db: t.db, config: t.config, log: silent });
      // 03:00 in São Paulo is 06:00 UTC.
      expect(await service.runScheduled(new Date('2026-11-23T05:59:00Z'))).toBeNull();
      const first = await service.runScheduled(new Date('2026-11-23T06:00:00Z'));
      expect(first?.kind).toBe('scheduled');
      expect(await service.runScheduled(new Date('2026-11-23T06:01:00Z'))).toBeNull();
      // A server started late in the day makes the missing one; the day after, at its time.
      expect(await service.runScheduled(new Date('2026-11-23T20:00:00Z'))).toBeNull();
      expect(await service.runScheduled(new Date('2026-11-24T05:00:00Z'))).toBeNull();
      expect((await service.runScheduled(new Date('2026-11-24T09:00:00Z')))?.kind).toBe('scheduled');
      const list = await service.list();
      expect(list.map((b) => b.kind)).toEqual(['scheduled', 'scheduled']);
      const slots = await t.db.selectFrom('backup_runs').select(['kind', 'error']).execute();
      expect(slots).toEqual([
        { kind: 'scheduled', error: null },
        { kind: 'scheduled', error: null },
      ]);
    } finally {
      await t.close();
    }
  });

  it('runs once when several servers look at the same moment', async () => {
    const t = await createTestApp();
    // On PostgreSQL each "server" has its own pool on the same schema (the advisory lock decides); PGlite has
    // one owner per folder, so its servers are services of one database (the in-process guard decides).
    const schema = onPostgres
      ? String((await t.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirst())?.s)
      : undefined;
    const pools = onPostgres
      ? [1, 2, 3].map(() => createDatabase({ ...t.config, inMemory: false, schema }))
      : [t.db, t.db, t.db];
    try {
      const at = new Date('2026-11-23T06:00:30Z');
      const made = await Promise.all(
        pools.map((db) => createBackupsService({ db, config: t.config, log: silent }).runScheduled(at)),
      );
      expect(made.filter((b) => b !== null)).toHaveLength(1);
      // And later in the day nobody makes another.
      const later = await Promise.all(
        pools.map((db) =>
          createBackupsService({ db, config: t.config, log: silent }).runScheduled(new Date('2026-11-23T07:00:00Z')),
        ),
      );
      expect(later).toEqual([null, null, null]);
      expect(await createBackupsService({ db: t.db, config: t.config, log: silent }).list()).toHaveLength(1);
    } finally {
      if (onPostgres) await Promise.all(pools.map((db) => db.destroy()));
      await t.close();
    }
  });

  it('is the scheduled task "backup": every minute, an hour to run, the file made in words', async () => {
    const registered: {
      task: string;
      minutes: number;
      expireInSeconds?: number;
      round: () => Promise<string | null>;
    }[] = [];
    const scheduler = {
      every: (
        task: string,
        minutes: number,
        round: () => Promise<string | null>,
        options?: { expireInSeconds?: number },
      ) => registered.push({ task, minutes, round, expireInSeconds: options?.expireInSeconds }),
    };
    const made = [null, { name: 'backoffice-2026-11-23T06-00-00-000Z-scheduled.pgdump.backup' }];
    const asked: string[] = [];
    const service = {
      runScheduled: async (now: Date) => {
        asked.push(now.toISOString());
        return made.shift() ?? null;
      },
    } as unknown as Parameters<typeof scheduleBackups>[1];
    scheduleBackups(scheduler, service, () => new Date('2026-11-23T06:00:00Z'));
    expect(registered.map(({ task, minutes, expireInSeconds }) => ({ task, minutes, expireInSeconds }))).toEqual([
      { task: 'backup', minutes: 1, expireInSeconds: 3600 },
    ]);
    const round = registered[0]?.round;
    expect(await round?.()).toBeNull();
    expect(await round?.()).toBe('backoffice-2026-11-23T06-00-00-000Z-scheduled.pgdump.backup');
    expect(asked).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-23T06:00:00.000Z']);
  });

  it('an app with the schedule on closes at once', async () => {
    const t = await createTestApp({ scheduledWork: true, dailyBackup: true });
    const started = performance.now();
    await t.close();
    // Not a speed check: a timer left running would hold close (or the process) for a minute.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

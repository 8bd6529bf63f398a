import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  BACKUP_DEFAULTS,
  BACKUP_TEXTS,
  type Backup,
  type BackupKind,
  type BackupMethod,
  type BackupSettings,
  type BackupSettingsBody,
  businessDay,
  scheduledInstant,
  shiftDay,
} from '@backoffice/contract';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import { type DB, dumpEmbeddedDatabase } from '../../db/database';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { SystemTasksService } from '../system-tasks/system-tasks.service';
import { type BackupEncryption, sealBackup } from './backup-envelope';
import {
  backupName,
  backupPath,
  backupsDir,
  listBackups,
  removeLeftovers,
  rotateBackups,
  writeBackupFile,
} from './backup-files';
import { newKeySalt, passphraseRecipient } from './backup-key';
import { backupsRepository } from './backups.repository';
import { hasPgDump, pgDump } from './pg-dump';

/** `pg_dump` where the server has it: whether it runs here, its error messages without the database's password. */
export { hasPgDump, redact } from './pg-dump';

/** The backup under way on each database: one at a time per database in this process (services share it). */
const running = new WeakMap<DB, Promise<unknown>>();

/** A failed scheduled backup is tried again after this long (not every minute). */
const RETRY_AFTER_MS = 60 * 60 * 1000;

export interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupsOptions {
  db: DB;
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> &
    Partial<Pick<AppConfig, 'backupPassphrase' | 'databaseDirectUrl'>>;
  log: BackupLog;
  /** Hears each chunk of a PGlite backup written (the kill -9 test stops there). */
  onChunk?: (written: number) => Promise<void> | void;
  /** 'Tarefas do sistema': a manual backup's start and end recorded there (an interrupted one is seen). */
  tasks?: Pick<SystemTasksService, 'track'>;
}

/**
 * Backups of the database (issue 21 §3; docs/decisions/0018-backups-and-restore.md). PGlite: its data
 * directory as a gzipped tar, taken by its worker thread between two exchanges. PostgreSQL: `pg_dump` in
 * custom format when it is on the PATH (method `none` otherwise: the page says how to back the server
 * up). Files live in the database (decision 0005), so a dump holds them. Written atomically in
 * `DATA_DIR/backups`, the newest `keep` of each kind kept.
 */
export function createBackupsService(options: BackupsOptions) {
  const { db, config, log } = options;
  const dir = backupsDir(config.dataDir);
  let method: Promise<BackupMethod> | undefined;

  const methodNow = () => {
    method ??= config.databaseUrl
      ? hasPgDump().then((found) => (found ? 'pg_dump' : 'none'))
      : Promise.resolve('pglite' as const);
    return method;
  };

  async function settings(): Promise<BackupSettingsBody> {
    return (await backupsRepository.settings(db)) ?? { ...BACKUP_DEFAULTS };
  }

  /** How new backups are encrypted: BACKUP_PASSPHRASE wins, else the key of the passphrase set in the app, else not. */
  async function encryption(): Promise<BackupEncryption> {
    if (config.backupPassphrase) return { passphrase: config.backupPassphrase };
    return backupsRepository.passphraseKey(db);
  }

  /** The backup file: the dump with its manifest (encrypted when a passphrase is set), written atomically. */
  async function dump(kind: BackupKind, startedAt: Date, how: BackupMethod): Promise<string> {
    if (how === 'none' || (how === 'pg_dump' && !config.databaseUrl))
      throw new AppError(503, BACKUP_TEXTS.unavailable, { code: 'BACKUP_UNAVAILABLE' });
    const format = how === 'pglite' ? 'pglite' : 'pgdump';
    const dumped =
      how === 'pglite'
        ? await dumpEmbeddedDatabase(db)
        : await pgDump(db, dir, String(config.databaseDirectUrl ?? config.databaseUrl));
    if (!dumped) throw new Error('not an embedded database');
    const sealed = await sealBackup(
      dumped.data,
      { format, createdAt: startedAt.toISOString(), tables: dumped.tables },
      await encryption(),
    );
    const name = backupName(startedAt, kind, `${format}.backup`);
    await writeBackupFile(dir, name, sealed, options.onChunk);
    return name;
  }

  /** Makes one backup now, records its result and rotates. Throws when it failed (recorded too). */
  async function backup(kind: BackupKind, slot: string | null = null): Promise<Backup> {
    if (running.has(db)) throw conflict(BACKUP_TEXTS.busy);
    const make = async (): Promise<Backup> => {
      const how = await methodNow();
      const startedAt = new Date();
      try {
        const name = await dump(kind, startedAt, how);
        const { size } = await stat(`${dir}/${name}`);
        // The file is whole: a failure to record it (a database older than migration 0036) is only logged.
        await backupsRepository
          .recordRun(db, { kind, slot, startedAt, name, size, error: null })
          .catch((error: unknown) => log.error({ err: error }, 'backup written but not recorded'));
        const removed = await rotateBackups(dir, (await settings()).keep);
        log.info({ backup: name, size, removed }, 'backup written');
        return { name, size, createdAt: startedAt.toISOString(), kind };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error, kind }, 'backup failed');
        await backupsRepository
          .recordRun(db, { kind, slot, startedAt, name: null, size: null, error: message.slice(0, 2000) })
          .catch(() => undefined);
        throw error instanceof AppError ? error : new AppError(500, BACKUP_TEXTS.failed, { code: 'BACKUP_FAILED' });
      }
    };
    // A scheduled backup is a round of its task already (scheduler.ts records it); a manual one is recorded here.
    const work =
      kind === 'manual' && options.tasks
        ? options.tasks.track('backup', make, (made) => BACKUP_TEXTS.manualDone(made.name))
        : make();
    running.set(db, work);
    try {
      return await work;
    } finally {
      running.delete(db);
    }
  }

  /** The next scheduled instant after `now`. */
  const nextAt = (now: Date, timeOfDay: string): Date => {
    const today = scheduledInstant(businessDay(now), timeOfDay);
    return today > now ? today : scheduledInstant(shiftDay(businessDay(now), 1), timeOfDay);
  };

  return {
    dir,
    method: methodNow,
    backup,
    list: () => listBackups(dir),
    removeLeftovers: () => removeLeftovers(dir),

    /** The next scheduled backup after `now`, null when the server cannot make one ('Tarefas do sistema'). */
    async nextScheduled(now = new Date()): Promise<Date | null> {
      const [current, how] = await Promise.all([settings(), methodNow()]);
      return how === 'none' ? null : nextAt(now, current.timeOfDay);
    },

    async status(now = new Date()): Promise<BackupSettings> {
      const [current, how, lastRun, key] = await Promise.all([
        settings(),
        methodNow(),
        backupsRepository.lastRun(db),
        backupsRepository.passphraseKey(db),
      ]);
      const passphraseFrom = config.backupPassphrase ? 'env' : key ? 'app' : null;
      return {
        ...current,
        method: how,
        encrypted: passphraseFrom !== null,
        passphraseFrom,
        lastRun,
        nextAt: how === 'none' ? null : nextAt(now, current.timeOfDay).toISOString(),
      };
    },

    /**
     * The passphrase the next backups are encrypted with (issue 53 finding 13, decision 0068): only the public key
     * derived from it is kept. Refused (409) while BACKUP_PASSPHRASE is set on the server, which wins.
     */
    async setPassphrase(employeeId: number | null, passphrase: string): Promise<BackupSettings> {
      if (config.backupPassphrase) throw conflict(BACKUP_TEXTS.passphraseFromServer);
      const salt = newKeySalt();
      const recipient = await passphraseRecipient(passphrase, salt);
      await backupsRepository.savePassphraseKey(db, employeeId, { recipient, salt }, await settings());
      log.info({ employeeId }, 'backup passphrase set');
      return this.status();
    },

    async saveSettings(employeeId: number, body: BackupSettingsBody): Promise<BackupSettings> {
      await backupsRepository.saveSettings(db, employeeId, body.timeOfDay, body.keep);
      await rotateBackups(dir, body.keep);
      return this.status();
    },

    /** A backup's file to download; 404 when it is not one (a name outside the folder never resolves). */
    async open(name: string) {
      const file = backupPath(dir, name);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) throw notFound(BACKUP_TEXTS.notFound);
      return { stream: createReadStream(file), size: info.size };
    },

    /**
     * The scheduled backup, when its time of `now`'s business day has come and that day has none yet (a
     * server down at 03:00 makes it when it starts). Several servers on one PostgreSQL: the first to take
     * the advisory lock makes it and records it under the day; the others find it recorded. Returns the
     * backup made, or null.
     */
    async runScheduled(now = new Date()): Promise<Backup | null> {
      const how = await methodNow();
      if (how === 'none' || running.has(db)) return null;
      const { timeOfDay } = await settings();
      const slot = businessDay(now);
      if (now < scheduledInstant(slot, timeOfDay)) return null;
      if (await backupsRepository.slotSettled(db, slot, now, RETRY_AFTER_MS)) return null;
      // One process owns a PGlite folder: the in-process guard, checked with no wait before the backup takes it.
      if (how === 'pglite') return running.has(db) ? null : backup('scheduled', slot);
      // A transaction's lock, held while the backup runs, keyed by the schema (tests share a database): a session lock
      // would outlive its transaction behind PgBouncer in transaction mode, on a server session lent to others
      // (decision 0064). The backup writes its record on connections of its own.
      return db.transaction().execute(async (trx) => {
        const key = sql`hashtext(current_schema() || ':backoffice-backup')`;
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${key}) as locked`.execute(
          trx,
        );
        if (!rows[0]?.locked) return null;
        if (await backupsRepository.slotSettled(trx, slot, now, RETRY_AFTER_MS)) return null;
        return running.has(db) ? null : await backup('scheduled', slot);
      });
    },

    /** Waits for a backup under way (the app's close). */
    async idle(): Promise<void> {
      await running.get(db)?.catch(() => undefined);
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;

/**
 * The backups folder (`DATA_DIR/backups`): names, atomic writes, listing, rotation and the clean-up of
 * what a killed backup left. A backup is first written under a temporary name that locks it for its
 * process (`.partial-<pid>.<process start time>-…`), its bytes flushed to disk (fsync), then renamed to its
 * final name and the folder flushed: a reader, the list or a restore, sees either the whole file or
 * nothing (docs/decisions/0018-backups-and-restore.md). Every file is private (0600).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME, type Backup, type BackupKind } from '@backoffice/contract';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../lib/private-files';
import { ownerRunning, processStartTime, thisProcessOwner } from '../../lib/process-owner';

export { processStartTime };

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * Where a backup is written before it is whole: named after the process writing it, its PID and when it
 * started (`.partial-<pid>.<start>-`), so a PID reused by another process after a restart does not keep a
 * killed backup's file alive. Files of before issue 34 name the PID alone (`.partial-<pid>-`).
 */
const PARTIAL = /^\.partial-(\d+)(?:\.(\d+))?-/;

/** A backup made now (`pglite.backup`, `pgdump.backup`: manifest and archive) or before issue 34 (bare archives). */
export type BackupFormat = 'pglite.backup' | 'pgdump.backup' | 'pglite.tar.gz' | 'pgdump';

/** `backoffice-2026-11-23T06-00-00-000Z-scheduled.pglite.tar.gz`: the instant in UTC, the kind, the format. */
export function backupName(at: Date, kind: BackupKind, format: BackupFormat): string {
  return `backoffice-${at.toISOString().replace(/[:.]/g, '-')}-${kind}.${format}`;
}

/** A backup's name read back (null when it is not one). */
export function parseBackupName(name: string): { createdAt: string; kind: BackupKind; format: BackupFormat } | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, day, h, m, s, ms, kind, format] = match;
  return {
    createdAt: `${day}T${h}:${m}:${s}.${ms}Z`,
    kind: kind as BackupKind,
    format: format as BackupFormat,
  };
}

/** Flushes a folder's entries (a rename) to disk. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface PartialFile {
  /** The temporary path to write to. */
  path: string;
  /** Flushes the temporary file, renames it to `name` and flushes the folder. */
  commit(): Promise<void>;
  /** Removes the temporary file (a failed backup). */
  discard(): Promise<void>;
}

/** A temporary file in the backups folder that becomes `name` only once whole (see `commit`). */
export function partialFile(dir: string, name: string): PartialFile {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const owner = thisProcessOwner();
  const temporary = path.join(dir, `.partial-${owner}-${randomBytes(4).toString('hex')}-${name}`);
  return {
    path: temporary,
    async commit() {
      const handle = await open(temporary, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path.join(dir, name));
      await syncDir(dir);
    },
    discard: () => rm(temporary, { force: true }),
  };
}

/**
 * Writes `data` as `name` in `dir`, atomically: chunk by chunk to a temporary file, fsync, rename, fsync of
 * the folder. `onChunk` hears each chunk written (the kill -9 test stops a child process there).
 */
export async function writeBackupFile(
  dir: string,
  name: string,
  data: Buffer,
  onChunk?: (written: number) => Promise<void> | void,
): Promise<void> {
  const file = partialFile(dir, name);
  try {
    const handle = await open(file.path, 'wx', PRIVATE_FILE);
    try {
      const CHUNK = 1 << 20;
      for (let at = 0; at < data.length; at += CHUNK) {
        const chunk = data.subarray(at, at + CHUNK);
        await handle.write(chunk);
        await onChunk?.(at + chunk.length);
      }
    } finally {
      await handle.close();
    }
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  }
}

/** The names in the backups folder; none while it does not exist yet. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The whole backups in `dir`, newest first (temporary and foreign files are never listed). */
export async function listBackups(dir: string): Promise<Backup[]> {
  const names = await namesIn(dir);
  const backups: Backup[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info?.isFile()) continue;
    backups.push({ name, size: info.size, createdAt: parsed.createdAt, kind: parsed.kind });
  }
  return backups.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * Keeps the newest `keep` backups of each kind and removes the older ones: the daily history is never
 * pushed out by a run of 'Fazer backup agora' clicks, nor the other way round. Returns the names removed.
 */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const seen: Record<BackupKind, number> = { manual: 0, scheduled: 0 };
  const removed: string[] = [];
  for (const backup of backups) {
    seen[backup.kind] += 1;
    if (seen[backup.kind] > keep) {
      await rm(path.join(dir, backup.name), { force: true });
      removed.push(backup.name);
    }
  }
  if (removed.length > 0) await syncDir(dir);
  return removed;
}

/**
 * Removes the temporary files of backups that never finished (a process killed mid-way), at start. A file
 * of a process still running (another server on the same folder) is left to it; one whose PID now belongs
 * to another process (a restart reuses PIDs) is stale and goes.
 */
export async function removeLeftovers(dir: string): Promise<string[]> {
  const names = await namesIn(dir);
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (!match || ownerRunning(Number(match[1]), match[2] === undefined ? undefined : Number(match[2]))) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** The path of backup `name` in `dir`, or null when the name is not a backup's (a traversal, a foreign file). */
export function backupPath(dir: string, name: string): string | null {
  if (!parseBackupName(name)) return null;
  const resolved = path.resolve(dir, name);
  return path.dirname(resolved) === path.resolve(dir) ? resolved : null;
}

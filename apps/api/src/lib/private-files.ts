/**
 * The server's files are its user's alone (issue 34 §4): backups hold every customer, password hashes and
 * the Pix webhook secret; the outbox holds one-time codes; `jwt-secret` signs every session. Each file the
 * server writes itself is created 0600 (folders 0700). PGlite (emscripten's file system) writes its own
 * files 0666 whatever the umask: DATA_DIR is made 0700, so none is reachable by another user, and every
 * file in it is set 0600 when the embedded database is opened and when it is closed.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/**
 * From now on every file this process creates is private (umask 0077), and what `dir` already holds (a
 * data folder of before) loses its group and others' permissions. Worker threads cannot set the umask:
 * they share their process's.
 */
export function keepPrivate(dir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread: the main thread sets it.
  }
  tighten(dir);
}

function tighten(entry: string): void {
  let info: ReturnType<typeof lstatSync>;
  try {
    info = lstatSync(entry);
  } catch {
    return;
  }
  if (info.isSymbolicLink()) return;
  if ((info.mode & 0o077) !== 0) chmodSync(entry, info.mode & 0o700);
  if (info.isDirectory()) for (const name of readdirSync(entry)) tighten(path.join(entry, name));
}

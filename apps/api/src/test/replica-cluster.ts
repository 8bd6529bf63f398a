import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminQuery } from './database';
import { freePort } from './free-port';

/**
 * A primary and its streaming replica, made for a test on this machine (issue 43 §2): Debian's PostgreSQL binaries
 * (PG_BIN_DIR, else /usr/lib/postgresql/<newest>/bin), `initdb` of a primary on a port of its own, `pg_basebackup -R`
 * of it into a standby on another port. Both run as the `postgres` user when the test runs as root (PostgreSQL refuses
 * root). Nothing is mocked: the lag, a paused replay and a stopped replica are PostgreSQL's own.
 */
export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once (`pg_ctl stop -m immediate`: as a machine that dies). */
  stopReplica(): void;
  /** Starts the replica again and waits until it streams from the primary. */
  startReplica(): Promise<void>;
  /** Pauses / resumes the replica's replay: it keeps receiving the primary's changes but applies none. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  close(): void;
}

const binDir = () => {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return path.join('/usr/lib/postgresql', versions.at(-1) ?? '15', 'bin');
};

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-replica-'));
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      {
        stdio: 'pipe',
        cwd: dir,
      },
    );
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  // A test's cluster: no fsync (its data is thrown away), replication on loopback.
  appendFileSync(
    path.join(primary, 'postgresql.conf'),
    `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\n`,
  );
  run('pg_ctl', ['-D', primary, '-o', `-p ${primaryPort}`, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replica,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  const streaming = async () => {
    for (;;) {
      try {
        const rows = await adminQuery<{ status: string }>('select status from pg_stat_wal_receiver', replicaUrl);
        if (rows[0]?.status === 'streaming') return;
      } catch {
        // Still starting: it refuses connections until it has recovered.
      }
      await new Promise((settle) => setTimeout(settle, 50));
    }
  };
  const startReplica = async () => {
    run('pg_ctl', ['-D', replica, '-o', `-p ${replicaPort}`, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    await streaming();
  };
  await startReplica();
  const stop = (data: string) => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  return {
    primaryUrl,
    replicaUrl,
    stopReplica: () => stop(replica),
    startReplica,
    pauseReplay: async () => {
      await adminQuery('select pg_wal_replay_pause()', replicaUrl);
    },
    resumeReplay: async () => {
      await adminQuery('select pg_wal_replay_resume()', replicaUrl);
    },
    close() {
      stop(replica);
      stop(primary);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { createTestApp } from '../../test/helpers';
import { createSystemTasksService } from '../system-tasks/system-tasks.service';
import { readBackupFile, sha256 } from './backup-envelope';
import { listBackups, processStartTime } from './backup-files';

/**
 * Issue 21 §3: kill -9 during a backup leaves the previous backups intact and no half-written file among
 * them; the next start removes the leftover. A child process makes PGlite backups through the service and is
 * killed with SIGKILL while the third is being written. Issue 34 §4: the leftover's lock names the PID and
 * the process's start time, so a PID reused by another process after a restart does not keep it.
 */
describe('kill -9 during a backup', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h-backups-kill-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the complete backups, lists no partial one, and the next start removes the leftover', async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawn(
      process.execPath,
      ['--import', tsx, path.join(import.meta.dirname, 'fixtures/backup-child.ts'), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const done: { name: string; size: number }[] = [];
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    for await (const line of createInterface({ input: child.stdout })) {
      const [word, name, size] = line.split(' ');
      if (word === 'DONE') done.push({ name: String(name), size: Number(size) });
      if (word === 'MID') {
        child.kill('SIGKILL');
        break;
      }
    }
    expect(await exited).toBe('SIGKILL');
    expect(done).toHaveLength(2);

    const dir = path.join(dataDir, 'backups');
    const entries = readdirSync(dir).sort();
    // The two whole backups, and the third's temporary file, never under a backup's name.
    const partial = entries.filter((name) => name.startsWith('.partial-'));
    expect(partial).toHaveLength(1);
    // Its lock: the killed process's PID and start time.
    const lock = new RegExp(`^\\.partial-${child.pid}\\.(\\d+)-`).exec(String(partial[0]));
    const killedStart = Number(lock?.[1]);
    expect(killedStart).toBeGreaterThan(0);
    const partialSize = statSync(path.join(dir, String(partial[0]))).size;
    expect(partialSize).toBeGreaterThan(0);
    expect(partialSize).toBeLessThan(done[0]?.size ?? 0);
    expect(entries.filter((name) => !name.startsWith('.partial-'))).toEqual(done.map((d) => d.name).sort());
    const listed = await listBackups(dir);
    expect(listed.map((b) => [b.name, b.size]).sort()).toEqual(done.map((d) => [d.name, d.size]).sort());
    // Each listed backup is whole: its archive matches its manifest and its gzip reads to the end.
    for (const backup of listed) {
      const read = await readBackupFile(path.join(dir, backup.name));
      if (!read.manifest) throw new Error('no manifest');
      expect(sha256(read.archive)).toBe(read.manifest.archive.sha256);
      expect(gunzipSync(read.archive).length).toBeGreaterThan(0);
    }

    // After a restart, PIDs are reused: the killed backup's PID now names another process, alive. Its lock (PID
    // and the killed process's start time) is stale all the same; the file of a backup that process is really
    // writing (its PID and its own start time) is left to it.
    const other = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      const otherPid = Number(other.pid);
      const otherStart = processStartTime(otherPid);
      expect(otherStart).not.toBeNull();
      expect(otherStart).not.toBe(killedStart);
      const reused = `.partial-${otherPid}.${killedStart}-00000000-${done[0]?.name}`;
      renameSync(path.join(dir, String(partial[0])), path.join(dir, reused));
      const writing = `.partial-${otherPid}.${otherStart}-11111111-${done[0]?.name}`;
      writeFileSync(path.join(dir, writing), 'meio backup');

      // 'Tarefas do sistema' (issue 53 finding 12), read from the killed process's own database: the two backups
      // made, and the third started by that process and never ended: interrupted.
      const db = createDatabase(loadConfig({ dataDir, inMemory: false, databaseUrl: undefined, jwtSecret: 'x' }, {}));
      try {
        const { tasks } = await createSystemTasksService({ db, role: 'all', embedded: true }).list();
        expect(tasks.find((task) => task.task === 'backup')).toMatchObject({
          runs: 2,
          lastSummary: `backup manual ${done[1]?.name}`,
          startedBy: `${hostname()} #${child.pid} all`,
          interrupted: true,
        });
      } finally {
        await db.destroy();
      }

      // The next start (the app, on the same folder) removes what the killed backup left, and only that.
      const t = await createTestApp({ dataDir });
      try {
        expect(readdirSync(dir).sort()).toEqual([writing, ...done.map((d) => d.name)].sort());
      } finally {
        await t.close();
      }
    } finally {
      other.kill('SIGKILL');
    }
  }, 300_000);
});

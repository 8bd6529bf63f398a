import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { listBackups } from './backup-files';

/**
 * Issue 21 §3: kill -9 during a backup leaves the previous backups intact and no half-written file among
 * them; the next start removes the leftover. A child process makes PGlite backups through the service and is
 * killed with SIGKILL while the third is being written.
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
    expect(partial[0]).toContain(`.partial-${child.pid}-`);
    const partialSize = statSync(path.join(dir, String(partial[0]))).size;
    expect(partialSize).toBeGreaterThan(0);
    expect(partialSize).toBeLessThan(done[0]?.size ?? 0);
    expect(entries.filter((name) => !name.startsWith('.partial-'))).toEqual(done.map((d) => d.name).sort());
    const listed = await listBackups(dir);
    expect(listed.map((b) => [b.name, b.size]).sort()).toEqual(done.map((d) => [d.name, d.size]).sort());
    // Each listed backup is whole: its gzip reads to the end (a cut one throws "unexpected end of file").
    for (const backup of listed)
      expect(gunzipSync(readFileSync(path.join(dir, backup.name))).length).toBeGreaterThan(0);

    // The next start (the app, on the same folder) removes what the killed backup left.
    const t = await createTestApp({ dataDir });
    try {
      expect(readdirSync(dir).sort()).toEqual(done.map((d) => d.name).sort());
    } finally {
      await t.close();
    }
  }, 300_000);
});

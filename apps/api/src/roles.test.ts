import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, processRoleFrom } from './config';
import { startServer } from './server';

/** Issue 43 §1 (decision 0061): one kind of process per job, `--role=web|worker|all`. */
const POSTGRES = { DATABASE_URL: 'postgres://backoffice@db.loja.local:5432/backoffice', JWT_SECRET: 'segredo' };

describe('the process role', () => {
  it('is read from --role=…, --role …, else ROLE, else all', () => {
    expect(processRoleFrom(['--role=web'], {}, false)).toBe('web');
    expect(processRoleFrom(['--role', 'worker'], {}, false)).toBe('worker');
    expect(processRoleFrom([], { ROLE: 'worker' }, false)).toBe('worker');
    expect(processRoleFrom(['--role=web'], { ROLE: 'worker' }, false)).toBe('web');
    expect(processRoleFrom([], {}, false)).toBe('all');
    expect(processRoleFrom([], {}, true)).toBe('all');
  });

  it('refuses a role it does not know, and web or worker on the embedded database, saying what to do', () => {
    expect(() => processRoleFrom(['--role=admin'], {}, false)).toThrow(
      'Papel de processo desconhecido: "admin". Use --role=web, --role=worker ou --role=all.',
    );
    expect(() => processRoleFrom(['--role=web'], {}, true)).toThrow(
      'O banco embutido (PGlite) é de um processo só: --role=web pede DATABASE_URL (um PostgreSQL). Sem ele, use --role=all.',
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-roles-'));
    try {
      expect(() => loadConfig({ dataDir }, { JWT_SECRET: 'segredo' }, ['--role=worker'])).toThrow(
        'O banco embutido (PGlite) é de um processo só: --role=worker pede DATABASE_URL',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a web process runs no scheduled work; a worker and an all do, unless SCHEDULED_WORK=off', () => {
    const scheduled = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const config = loadConfig({ dataDir: '/srv/backoffice' }, { ...POSTGRES, ...env }, argv);
      return [config.role, config.scheduledWork, config.dailyBackup];
    };
    expect(scheduled(['--role=web'])).toEqual(['web', false, false]);
    expect(scheduled(['--role=worker'])).toEqual(['worker', true, true]);
    expect(scheduled([])).toEqual(['all', true, true]);
    expect(scheduled(['--role=worker'], { SCHEDULED_WORK: 'off' })).toEqual(['worker', false, false]);
  });

  it('BACKUP_SCHEDULE=off stops the daily backup alone: the notes still go by themselves (issue 60 §6)', () => {
    const config = loadConfig({ dataDir: '/srv/backoffice' }, { ...POSTGRES, BACKUP_SCHEDULE: 'off' }, [
      '--role=worker',
    ]);
    expect([config.scheduledWork, config.dailyBackup]).toEqual([true, false]);
  });
});

describe('a worker process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('migrates and runs its plugins (their timers) without opening a port', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-worker-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const base = { inMemory: true, dataDir, webDistDir: undefined, port: 0, host: '127.0.0.1', demoData: false };
    // The embedded database stands in for PostgreSQL here: startServer takes the role as given (config refuses it).
    const worker = await startServer(loadConfig({ ...base, role: 'worker', logLevel: 'info' }, { JWT_SECRET: 's' }), {
      logger: { stream },
    });
    cleanups.push(() => worker.app.close());
    expect(await worker.ready).toBeDefined();
    expect(worker.app.server.listening).toBe(false);
    expect(lines.join('')).toContain('processo de tarefas agendadas (worker), sem HTTP');
    const tables = await worker.db
      .selectFrom('information_schema.tables' as never)
      .select('table_name' as never)
      .where('table_name' as never, '=', 'orders' as never)
      .execute();
    expect(tables).toHaveLength(1);
  });
});

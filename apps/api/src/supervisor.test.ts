import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SUPERVISOR = path.resolve(import.meta.dirname, '../../../scripts/supervisor.mjs');

/**
 * A stand-in for the server: counts its starts, notes when it starts, finds out whether the previous one is
 * still alive when it starts (two owners of the data directory), and follows its line of FIXTURE_PLAN:
 * 'crash' (writes an error, lingers 300 ms as a closing server would, exits 3), 'kill' (lingers, then is
 * killed by SIGKILL), 'serve' (runs until SIGTERM, which it answers in 200 ms with exit 0), 'stubborn'
 * (takes no notice of SIGTERM) or 'hang' (with FIXTURE_PORT: answers its first /api/health 500 ms late, as a server
 * just started on a loaded machine does, then its event loop is stuck in a busy loop, alive but answering nothing,
 * for at most 60 s). With FIXTURE_PORT it serves
 * /api/health on that port, saying 'child N health' at each answer.
 */
const CHILD = `
import fs from 'node:fs';
const dir = process.argv[2];
const file = (name) => dir + '/' + name;
const count = fs.existsSync(file('count')) ? Number(fs.readFileSync(file('count'), 'utf8')) + 1 : 1;
fs.writeFileSync(file('count'), String(count));
if (fs.existsSync(file('owner'))) {
  try { process.kill(Number(fs.readFileSync(file('owner'), 'utf8')), 0); fs.appendFileSync(file('two-owners'), count + '\\n'); } catch {}
}
fs.writeFileSync(file('owner'), String(process.pid));
fs.appendFileSync(file('starts'), Date.now() + '\\n');
const plan = (process.env.FIXTURE_PLAN ?? '').split(',')[count - 1] ?? 'serve';
process.on('SIGTERM', () => { console.log('child ' + count + ' stopping'); if (plan !== 'stubborn') setTimeout(() => process.exit(0), 200); });
console.log('child ' + count + ' ready');
if (process.env.FIXTURE_PORT) {
  const http = await import('node:http');
  http.createServer((request, response) => {
    setTimeout(() => {
      response.end('{"status":"ok"}');
      console.log('child ' + count + ' health');
      if (plan === 'hang') setImmediate(() => { console.log('child ' + count + ' stuck'); const end = Date.now() + 60000; while (Date.now() < end) {} });
    }, plan === 'hang' ? 500 : 0);
  }).listen(Number(process.env.FIXTURE_PORT), '127.0.0.1');
}
if (plan === 'crash') { console.error('Error: boom ' + count); setTimeout(() => process.exit(3), 300); }
else if (plan === 'kill') setTimeout(() => process.kill(process.pid, 'SIGKILL'), 300);
else setInterval(() => {}, 1000);
`;

interface Run {
  process: ChildProcess;
  out: () => string;
  err: () => string;
  /** Settles once stdout has said `text`. */
  said: (text: string) => Promise<void>;
  exited: Promise<number | null>;
}

describe('the supervisor of npm start (issue 34 §1, decision 0030)', () => {
  let dir: string;
  let run: Run | undefined;

  afterEach(() => {
    run?.process.kill('SIGKILL');
    run = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  function supervise(plan: string, env: Record<string, string> = {}): Run {
    dir = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
    writeFileSync(path.join(dir, 'child.mjs'), CHILD);
    const child = spawn(process.execPath, [SUPERVISOR, path.join(dir, 'child.mjs'), dir], {
      env: {
        ...process.env,
        FIXTURE_PLAN: plan,
        SUPERVISOR_BACKOFF_MS: '100',
        SUPERVISOR_BACKOFF_MAX_MS: '1000',
        SUPERVISOR_STABLE_MS: '60000',
        SUPERVISOR_PROBE_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const waiting: { text: string; resolve: () => void }[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const w of waiting.filter((w) => out.includes(w.text))) w.resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    run = {
      process: child,
      out: () => out,
      err: () => err,
      said: (text) =>
        out.includes(text) ? Promise.resolve() : new Promise((resolve) => waiting.push({ text, resolve })),
      exited,
    };
    return run;
  }
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

  it('restarts a child that dies, with a growing back-off, saying why it died; one owner at a time; SIGTERM stops it', async () => {
    const r = supervise('crash,kill,crash,serve');
    await r.said('child 4 ready');
    const log = r.err();
    expect(log).toMatch(
      /o servidor morreu após [\d.]+ s \(código 3; últimas linhas de erro: Error: boom 1\); reiniciando em 100 ms/,
    );
    expect(log).toMatch(/\(sinal SIGKILL \(morto pelo sistema, talvez por falta de memória\)\); reiniciando em 200 ms/);
    expect(log).toMatch(/Error: boom 3\); reiniciando em 400 ms \(falha 3 seguida\)/);
    // Each child lingered 300 ms before it ended: the next one started only after that and the back-off.
    const starts = read('starts').trim().split('\n').map(Number);
    expect(starts).toHaveLength(4);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(400);
    expect(gaps[1]).toBeGreaterThanOrEqual(500);
    expect(gaps[2]).toBeGreaterThanOrEqual(700);
    expect(existsSync(path.join(dir, 'two-owners'))).toBe(false);

    r.process.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(r.out()).toContain('child 4 stopping');
    expect(r.err()).toContain('SIGTERM recebido: parando o servidor');
    expect(read('count')).toBe('4');
  });

  it('a child that takes no notice of SIGTERM is killed after SUPERVISOR_KILL_AFTER_MS, and not restarted', async () => {
    const r = supervise('stubborn', { SUPERVISOR_KILL_AFTER_MS: '300' });
    await r.said('child 1 ready');
    r.process.kill('SIGTERM');
    await r.said('child 1 stopping');
    expect(await r.exited).toBe(1);
    expect(r.err()).toContain('o servidor não parou em 300 ms: SIGKILL');
    expect(r.err()).toContain('servidor parado (sinal SIGKILL');
    expect(read('count')).toBe('1');
  });

  /** A port free a moment ago (the system's choice), for the child to listen on. */
  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  it('kills (SIGKILL) and restarts a child alive but not answering its health probe: its event loop stuck (issue 53 §1)', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/health`;
    // Asked every 100 ms, 200 ms to answer, 2 misses: the stuck child is killed once two questions went unanswered.
    // The misses count from the child's first answer, which has no deadline: this child gives it 500 ms late (on a
    // loaded machine, CI, a child just started took more than 200 ms), and the misses after it still count.
    const r = supervise('hang,serve', {
      FIXTURE_PORT: String(port),
      SUPERVISOR_PROBE_URL: url,
      SUPERVISOR_PROBE_INTERVAL_MS: '100',
      SUPERVISOR_PROBE_TIMEOUT_MS: '200',
      SUPERVISOR_PROBE_MISSES: '2',
    });
    await r.said('child 1 stuck');
    // The second child answers the probe: it was started after the first was killed.
    await r.said('child 2 health');
    expect(r.err()).toContain(
      `o servidor não respondeu a 2 verificações seguidas de ${url} (prazo de 200 ms cada): processo vivo mas parado; SIGKILL`,
    );
    expect(r.err()).toMatch(
      /o servidor morreu após [\d.]+ s \(sem responder à verificação de saúde, morto pelo supervisor\); reiniciando em 100 ms \(falha 1 seguida\)/,
    );
    expect(existsSync(path.join(dir, 'two-owners'))).toBe(false);
    r.process.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(read('count')).toBe('2');
  });

  it('SIGINT (Ctrl+C) stops the child and the supervisor, without a restart', async () => {
    const r = supervise('serve');
    await r.said('child 1 ready');
    r.process.kill('SIGINT');
    expect(await r.exited).toBe(0);
    expect(r.out()).toContain('child 1 stopping');
    expect(r.err()).toContain('servidor parado');
    expect(read('count')).toBe('1');
  });
});

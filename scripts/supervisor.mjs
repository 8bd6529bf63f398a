// The server's supervisor (issue 34 §1, decision 0030): a small parent process that runs the server as its
// child and starts it again when it dies, after a back-off, saying why it died. It holds no database and no
// port: PGlite's data directory has one owner at a time because a new child starts only once the old one
// has exited. SIGTERM or SIGINT stops the child (SIGTERM, then SIGKILL after a while) and the supervisor
// with it, without a restart.
//
//   node scripts/supervisor.mjs apps/api/dist/main.js     (npm start runs the server so)
//   SUPERVISOR_BACKOFF_MS (1000) SUPERVISOR_BACKOFF_MAX_MS (30000) SUPERVISOR_STABLE_MS (60000)
//   SUPERVISOR_KILL_AFTER_MS (30000)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const say = (message) => process.stderr.write(`[supervisor] ${message}\n`);

/** Why a child ended, in words, with the last lines it wrote to stderr. */
export function causeOf(code, signal, tail) {
  const how = signal
    ? `sinal ${signal}${signal === 'SIGKILL' ? ' (morto pelo sistema, talvez por falta de memória)' : ''}`
    : `código ${code}`;
  const last = tail.filter((line) => line.trim() !== '').slice(-5);
  return last.length > 0 ? `${how}; últimas linhas de erro: ${last.join(' | ')}` : how;
}

/**
 * Runs `command args` and keeps it running. Back-off: `backoffMs` after the first death, doubled after each
 * death in a row up to `backoffMaxMs`; a child that lived `stableMs` resets it. A child that exits with 0
 * by itself ends the supervision too (it was stopped on purpose). Returns `stop(signal)` and `done`
 * (the exit code the supervisor should end with).
 */
export function supervise({
  command,
  args = [],
  env = process.env,
  cwd = process.cwd(),
  backoffMs = 1000,
  backoffMaxMs = 30_000,
  stableMs = 60_000,
  killAfterMs = 30_000,
  log = say,
}) {
  let child;
  let stopping = false;
  let failures = 0;
  let restartTimer;
  let resolveDone;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });

  const start = () => {
    restartTimer = undefined;
    const startedAt = Date.now();
    const tail = [];
    let partial = '';
    child = spawn(command, args, { cwd, env, stdio: ['inherit', 'inherit', 'pipe'] });
    log(`servidor iniciado (pid ${child.pid})`);
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      tail.push(...lines.map((line) => line.slice(0, 500)));
      if (tail.length > 20) tail.splice(0, tail.length - 20);
    });
    child.on('error', (error) => log(`não foi possível iniciar o servidor: ${error.message}`));
    // 'exit': the process has ended (its PGlite with it); only then may another one open the data directory.
    child.on('exit', (code, signal) => {
      if (partial) tail.push(partial.slice(0, 500));
      child = undefined;
      const lived = Date.now() - startedAt;
      if (stopping) {
        log(`servidor parado (${causeOf(code, signal, [])})`);
        resolveDone(code === 0 || signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : (code ?? 1));
        return;
      }
      if (code === 0) {
        log('o servidor terminou normalmente; o supervisor também termina');
        resolveDone(0);
        return;
      }
      failures = lived >= stableMs ? 1 : failures + 1;
      const delay = Math.min(backoffMaxMs, backoffMs * 2 ** (failures - 1));
      log(
        `o servidor morreu após ${(lived / 1000).toFixed(1)} s (${causeOf(code, signal, tail)}); reiniciando em ${delay} ms (falha ${failures} seguida)`,
      );
      restartTimer = setTimeout(start, delay);
    });
  };

  const stop = (signal = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido: parando o servidor`);
    if (restartTimer) {
      clearTimeout(restartTimer);
      restartTimer = undefined;
      resolveDone(0);
      return;
    }
    if (!child) return;
    child.kill('SIGTERM');
    const running = child;
    const forced = setTimeout(() => {
      log(`o servidor não parou em ${killAfterMs} ms: SIGKILL`);
      running.kill('SIGKILL');
    }, killAfterMs);
    forced.unref();
  };

  start();
  return { stop, done, pid: () => child?.pid };
}

/** Supervises the script with this Node (24), stopping on SIGTERM/SIGINT, and exits as the supervision ends. */
export function runSupervised(script, args = [], options = {}) {
  const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  const supervision = supervise({
    command: process.execPath,
    args: [script, ...args],
    backoffMs: number('SUPERVISOR_BACKOFF_MS', 1000),
    backoffMaxMs: number('SUPERVISOR_BACKOFF_MAX_MS', 30_000),
    stableMs: number('SUPERVISOR_STABLE_MS', 60_000),
    killAfterMs: number('SUPERVISOR_KILL_AFTER_MS', 30_000),
    ...options,
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => supervision.stop(signal));
  supervision.done.then((code) => process.exit(code));
  return supervision;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    say('uso: node scripts/supervisor.mjs <script.js> [argumentos]');
    process.exit(2);
  }
  runSupervised(path.resolve(script), args);
}

// The server's supervisor (issue 34 §1, decision 0030): a small parent process that runs the server as its
// child and starts it again when it dies, after a back-off, saying why it died. It holds no database and no
// port: PGlite's data directory has one owner at a time because a new child starts only once the old one
// has exited. SIGTERM or SIGINT stops the child (SIGTERM, then SIGKILL after a while) and the supervisor
// with it, without a restart.
// A server alive but not answering (its event loop stuck, issue 53 §1) is a death too: every interval the
// supervisor asks GET /api/health with a deadline, and after some misses in a row kills the child (SIGKILL), which
// the restart then brings back. Any answer counts, a 503 too (a database away is not cured by a restart); misses
// count only once the server has answered once (a start that migrates or seeds a while is not one).
//
//   node scripts/supervisor.mjs apps/api/dist/main.js     (npm start runs the server so)
//   SUPERVISOR_BACKOFF_MS (1000) SUPERVISOR_BACKOFF_MAX_MS (30000) SUPERVISOR_STABLE_MS (60000)
//   SUPERVISOR_KILL_AFTER_MS (30000)
//   SUPERVISOR_PROBE_INTERVAL_MS (10000; 0: no probe) SUPERVISOR_PROBE_TIMEOUT_MS (5000) SUPERVISOR_PROBE_MISSES (3)
//   SUPERVISOR_PROBE_URL (http://HOST:PORT/api/health, 127.0.0.1 for a HOST of every address; none for a worker)
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

/** Whether the server's arguments or environment make it answer HTTP (every role but `worker`, decision 0061). */
export function answersHttp(args, env = process.env) {
  const index = args.findIndex((argument) => argument.startsWith('--role=') || argument === '--role');
  const named = index < 0 ? undefined : args[index].startsWith('--role=') ? args[index].slice(7) : args[index + 1];
  return (named ?? env.ROLE) !== 'worker';
}

/** The health probe's address: SUPERVISOR_PROBE_URL, else the server's HOST (127.0.0.1 for every address) and PORT. */
export function probeUrl(env = process.env) {
  if (env.SUPERVISOR_PROBE_URL) return env.SUPERVISOR_PROBE_URL;
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT ?? 3000}/api/health`;
}

/**
 * Asks `url` every `intervalMs` (one question at a time) with a deadline of `timeoutMs`; calls `onSilent` once
 * `misses` questions in a row went unanswered after a first answer. Until that first answer a question has no
 * deadline: a server that answers late the first time (a start on a loaded machine) still counts as answered, and
 * the misses after it count (with a deadline its first answer was thrown away, and a server stuck after it was
 * never killed). A refused connection (not listening yet) is no answer and no miss. Returns its stop.
 */
function watchHealth({ url, intervalMs, timeoutMs, misses, onSilent }) {
  let answeredOnce = false;
  let missed = 0;
  let asking = false;
  const ask = async () => {
    if (asking) return;
    asking = true;
    try {
      const response = await fetch(url, answeredOnce ? { signal: AbortSignal.timeout(timeoutMs) } : {});
      await response.body?.cancel();
      answeredOnce = true;
      missed = 0;
    } catch {
      if (answeredOnce) missed += 1;
      if (answeredOnce && missed >= misses) {
        clearInterval(timer);
        onSilent(missed);
      }
    } finally {
      asking = false;
    }
  };
  const timer = setInterval(ask, intervalMs);
  return () => clearInterval(timer);
}

/**
 * Runs `command args` and keeps it running. Back-off: `backoffMs` after the first death, doubled after each
 * death in a row up to `backoffMaxMs`; a child that lived `stableMs` resets it. A child that exits with 0
 * by itself ends the supervision too (it was stopped on purpose). `probe` ({ url, intervalMs, timeoutMs, misses }):
 * a child that stops answering it is killed and restarted the same way. Returns `stop(signal)` and `done`
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
  probe,
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
    const started = child;
    log(`servidor iniciado (pid ${child.pid})`);
    let silent = false;
    const stopWatching = probe
      ? watchHealth({
          ...probe,
          onSilent: (missed) => {
            if (stopping || child !== started) return;
            silent = true;
            log(
              `o servidor não respondeu a ${missed} verificações seguidas de ${probe.url} (prazo de ${probe.timeoutMs} ms cada): processo vivo mas parado; SIGKILL`,
            );
            started.kill('SIGKILL');
          },
        })
      : () => undefined;
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
      stopWatching();
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
      const cause = silent
        ? 'sem responder à verificação de saúde, morto pelo supervisor'
        : causeOf(code, signal, tail);
      log(
        `o servidor morreu após ${(lived / 1000).toFixed(1)} s (${cause}); reiniciando em ${delay} ms (falha ${failures} seguida)`,
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
    probe:
      answersHttp(args) && number('SUPERVISOR_PROBE_INTERVAL_MS', 10_000) > 0
        ? {
            url: probeUrl(),
            intervalMs: number('SUPERVISOR_PROBE_INTERVAL_MS', 10_000),
            timeoutMs: number('SUPERVISOR_PROBE_TIMEOUT_MS', 5000),
            misses: number('SUPERVISOR_PROBE_MISSES', 3),
          }
        : undefined,
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

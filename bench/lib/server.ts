/**
 * The built server (apps/api/dist/main.js) as a child process, for benchmarks over real HTTP: a free port,
 * its own DATA_DIR (and DATABASE_URL for PostgreSQL), its log in a file, its RSS read from /proc.
 * `npm run bench` builds first when the sources changed (bench/run.mjs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const benchData = path.join(root, 'bench', '.data');
/** The built server; BENCH_SERVER_MAIN names another build (e.g. an older commit's, for a 'before' figure). */
export const serverMain = process.env.BENCH_SERVER_MAIN || path.join(root, 'apps', 'api', 'dist', 'main.js');
export const seedMain = path.join(root, 'apps', 'api', 'dist', 'seed.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MB (worker threads included: they share the process). */
  rssMb(): number;
  /** PGlite's WebAssembly memory in the server process: its size and how much of it is resident, in MB. */
  wasmMb(): { size: number; resident: number } | undefined;
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  /** A fixed port; a free one otherwise. */
  port?: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Extra Node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=…']. */
  nodeArgs?: string[];
  /** How long migrations and a first seed may take. */
  readyTimeoutMs?: number;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * A WebAssembly memory as Linux maps it: V8 reserves 8 GB or more of address space and opens its first
 * bytes, as far as the memory has grown, read-write: a `rw-p` mapping followed at once by the `---p`
 * remainder of the reservation. Undefined when the process has none (PostgreSQL).
 */
function wasmOf(pid: number): { size: number; resident: number } | undefined {
  const maps: { start: number; end: number; perms: string; rssKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (range)
      maps.push({
        start: Number.parseInt(range[1] ?? '', 16),
        end: Number.parseInt(range[2] ?? '', 16),
        perms: range[3] ?? '',
        rssKb: 0,
      });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps[maps.length - 1];
    if (rss && last) last.rssKb = Number(rss[1]);
  }
  const GB = 1024 ** 3;
  for (const [i, open] of maps.entries()) {
    const rest = maps[i + 1];
    if (open.perms === 'rw-p' && rest?.perms === '---p' && rest.start === open.end && rest.end - open.start >= 4 * GB) {
      return { size: Math.round((open.end - open.start) / 1024 ** 2), resident: Math.round(open.rssKb / 1024) };
    }
  }
  return undefined;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build (npm run bench does)`);
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const log = openSync(path.join(options.dataDir, 'server.log'), 'a');
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), serverMain], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      // No daily backup in the middle of a measurement (it holds PGlite while it copies).
      SCHEDULED_WORK: 'off',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}); see ${options.dataDir}/server.log`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time; see ${options.dataDir}/server.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    rssMb: () => rssOf(pid),
    wasmMb: () => wasmOf(pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function signIn(url: string, email = 'admin@demo.com.br', password = 'demo1234'): Promise<string> {
  const response = await fetch(`${url}/api/accounts/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

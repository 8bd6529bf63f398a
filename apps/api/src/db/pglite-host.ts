/**
 * The main-thread side of PGlite in a worker thread (see pglite-worker.ts): starts the worker, waits until
 * it listens on its Unix socket, and gives Kysely a plain `pg` pool on that socket.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import { type Driver, PostgresDialect, PostgresDriver } from 'kysely';
import type pg from 'pg';
import type { PGliteHostMessage, PGliteWorkerData, PGliteWorkerMessage } from './pglite-worker';

/** A backup of the embedded database: its data directory as a gzipped tar and the rows of each table in it. */
export interface EmbeddedDump {
  data: Buffer;
  tables: Record<string, number>;
}

import { type DatabaseLog, resilientPool } from './pool';

/**
 * The worker's script: dist/pglite-worker.js next to the bundle that imports this module (built server,
 * seed CLI), else the TypeScript source next to this file, which Node 24 runs with its type stripping.
 */
function workerScript(): URL {
  const built = new URL('./pglite-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./pglite-worker.ts', import.meta.url);
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** The runtime's WebAssembly (the project's TypeScript lib has no DOM types, where it is declared). */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

interface Assets {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
  fsBundle: Blob;
}

let assets: Promise<Assets> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker (a compiled module crosses
 * threads without copying), so a test suite that opens many in-memory databases compiles it once.
 */
function loadAssets(): Promise<Assets> {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, data] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    return {
      pgliteWasmModule: await wasm.compile(pglite as Buffer),
      initdbWasmModule: await wasm.compile(initdb as Buffer),
      fsBundle: new Blob([data as Buffer]),
    };
  })();
  return assets;
}

export interface PGliteWorker {
  /** The directory of the Unix socket, as `pg` wants it in `host`. */
  socketDir: string;
  close(): Promise<void>;
  /**
   * The data directory as a gzipped tar (PGlite's `dumpDataDir`), taken by the worker between two
   * exchanges after a checkpoint: a copy of committed data that `PGlite.create({ loadDataDir })` opens, and
   * the row count of each table in that copy.
   */
  dump(): Promise<EmbeddedDump>;
  /** Ends the thread at once, as a crash would (tests). */
  terminate(): Promise<void>;
}

/** The worker ended without being asked to (a crash of PGlite or of its thread). */
export type WorkerLostListener = (error: Error) => void;

interface EmbeddedEvents {
  log: DatabaseLog;
  onLost: WorkerLostListener;
  /** A data directory as a tar (gzipped or not) to open instead of a new database (see PGliteHostMessage's `open`). */
  loadDataDir?: Uint8Array;
  /** In the process's shared thread (tests: see startPGliteWorker). */
  shared?: boolean;
}

/** Receives the NOTIFYs the worker's backend hears (after a LISTEN): see modules/events. */
export type NotificationListener = (channel: string, payload: string) => void;

interface InstanceEvents {
  message(message: PGliteWorkerMessage): void;
  /** The thread ended (asked to, or a crash). */
  exit(code: number, failure: Error | undefined): void;
}

/** A worker thread running PGlite: one database of its own, or the test process's shared databases. */
class PGliteThread {
  readonly worker: Worker;
  readonly exited: Promise<void>;
  alive = true;
  readonly #instances = new Map<number, InstanceEvents>();

  constructor(data: PGliteWorkerData, onExit: () => void) {
    const worker = new Worker(workerScript(), { workerData: data });
    this.worker = worker;
    this.exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    let failure: Error | undefined;
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('message', (message: PGliteWorkerMessage) => this.#instances.get(message.instance)?.message(message));
    worker.on('exit', (code) => {
      this.alive = false;
      onExit();
      for (const events of [...this.#instances.values()]) events.exit(code, failure);
      this.#instances.clear();
    });
  }

  /** While it has a database open or opening, the thread keeps the process alive (as a thread of its own does). */
  attach(instance: number, events: InstanceEvents) {
    this.#instances.set(instance, events);
    this.worker.ref();
  }

  detach(instance: number) {
    this.#instances.delete(instance);
    if (this.#instances.size === 0) this.worker.unref();
  }

  post(message: PGliteHostMessage) {
    this.worker.postMessage(message);
  }
}

/**
 * The thread of the test databases (emptyTestDatabase): a test process opens a few thousand of them, and a thread
 * started and ended for each one set V8 up and tore it down as often, with PGlite's compiled WebAssembly shared
 * between those isolates; twice in a month of runs a test process died of it (SIGTRAP, V8 stopping itself).
 * Without a database open it never keeps the process alive. Started again if it ends.
 */
let sharedThread: PGliteThread | undefined;
let nextInstance = 1;

/**
 * Starts PGlite in a worker thread; resolves once it accepts connections. `shared`: in the process's shared thread
 * (tests) rather than a thread of its own, which a server's database always has (its crash ends that thread alone).
 */
export async function startPGliteWorker(
  dataPath: string | undefined,
  onNotification?: NotificationListener,
  onLost?: WorkerLostListener,
  loadDataDir?: Uint8Array,
  shared = false,
): Promise<PGliteWorker> {
  const socketDir = mkdtempSync(path.join(tmpdir(), 'backoffice-pglite-'));
  const data: PGliteWorkerData = { shared, ...(await loadAssets()) };
  let thread: PGliteThread;
  if (shared) {
    if (!sharedThread) {
      const started: PGliteThread = new PGliteThread(data, () => {
        if (sharedThread === started) sharedThread = undefined;
      });
      sharedThread = started;
    }
    thread = sharedThread;
  } else {
    thread = new PGliteThread(data, () => undefined);
  }
  const instance = nextInstance++;
  // `pg` connects to `<host>/.s.PGSQL.<port>`, the PostgreSQL convention for Unix sockets.
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let closing: Promise<void> | undefined;
  let closed: (() => void) | undefined;
  const dumps = new Map<number, { resolve: (dump: EmbeddedDump) => void; reject: (error: Error) => void }>();
  let nextDump = 1;
  thread.attach(instance, {
    message(message) {
      if (message.type === 'ready') ready?.resolve();
      else if (message.type === 'error') ready?.reject(new Error(`PGlite worker failed to start: ${message.message}`));
      else if (message.type === 'closed') closed?.();
      else if (message.type === 'notification') onNotification?.(message.channel, message.payload);
      else if (message.type === 'dumped' || message.type === 'dump-failed') {
        const waiting = dumps.get(message.id);
        dumps.delete(message.id);
        if (message.type === 'dumped') waiting?.resolve({ data: Buffer.from(message.data), tables: message.tables });
        else waiting?.reject(new Error(`PGlite could not dump its data directory: ${message.message}`));
      }
    },
    exit(code, failure) {
      for (const waiting of dumps.values()) waiting.reject(new Error('PGlite worker ended during a dump'));
      dumps.clear();
      if (ready) {
        ready.reject(new Error(`PGlite worker exited (${code}) before it was ready`, { cause: failure }));
        return;
      }
      closed?.();
      if (closing) return;
      // A crash after start: the socket closes, so queued and later queries fail at once (never hang), and the
      // owner hears it (the server logs it and exits for its supervisor: docs/decisions/0008-database-away.md).
      rmSync(socketDir, { recursive: true, force: true });
      onLost?.(new Error(`PGlite worker ended unexpectedly (exit code ${code})`, { cause: failure }));
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ready = { resolve, reject };
      thread.post({ type: 'open', instance, dataPath, socketPath, loadDataDir });
    });
  } catch (error) {
    thread.detach(instance);
    if (!shared) await thread.worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  } finally {
    ready = undefined;
  }
  return {
    socketDir,
    dump() {
      const id = nextDump++;
      return new Promise<EmbeddedDump>((resolve, reject) => {
        dumps.set(id, { resolve, reject });
        thread.post({ type: 'dump', instance, id });
      });
    },
    async terminate() {
      await thread.worker.terminate();
    },
    close() {
      closing ??= (async () => {
        // A thread that ended (a crash) has nothing left to close.
        if (thread.alive) {
          const done = new Promise<void>((resolve) => {
            closed = resolve;
          });
          thread.post({ type: 'close', instance });
          // PGlite closes its data directory cleanly (then a thread of its own ends); past 10 s, a thread of its
          // own is ended and the shared one is left to its other databases.
          const timer = setTimeout(() => {
            closed?.();
            if (!shared) void thread.worker.terminate();
          }, 10_000);
          await done;
          if (!shared) await thread.exited;
          clearTimeout(timer);
        }
        thread.detach(instance);
        rmSync(socketDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/**
 * Kysely's PostgreSQL driver over a pool of ONE connection to the worker: PGlite is a single backend, and
 * with one connection a transaction holds it until commit while other requests wait in the pool's queue,
 * so no query can land inside another request's transaction. The worker starts on first use and ends
 * with `db.destroy()`.
 */
class PGliteWorkerDriver extends PostgresDriver {
  readonly #started: { worker?: PGliteWorker; pool?: pg.Pool };

  constructor(
    dataPath: string | undefined,
    onNotification: NotificationListener,
    events: EmbeddedEvents,
    started: { worker?: PGliteWorker; pool?: pg.Pool },
  ) {
    super({
      pool: async () => {
        const worker = await startPGliteWorker(
          dataPath,
          onNotification,
          events.onLost,
          events.loadDataDir,
          events.shared,
        );
        started.worker = worker;
        const config = { host: worker.socketDir, user: 'postgres', database: 'postgres', max: 1, keepAlive: false };
        const pool = resilientPool(config, events.log, 'pglite');
        started.pool = pool;
        return pool;
      },
    });
    this.#started = started;
  }

  override async destroy() {
    try {
      await super.destroy();
    } finally {
      await this.#started.worker?.close();
    }
  }
}

/** The PostgreSQL dialect, with PGlite in a worker thread as the server. */
export class PGliteWorkerDialect extends PostgresDialect {
  readonly #dataPath: string | undefined;
  readonly #listeners = new Set<NotificationListener>();
  readonly #events: EmbeddedEvents;
  readonly #started: { worker?: PGliteWorker; pool?: pg.Pool } = {};

  constructor(dataPath: string | undefined, events: EmbeddedEvents) {
    // The driver brings its own pool; the dialect lends its adapter and query compiler.
    super({ pool: () => Promise.reject(new Error('unused')) });
    this.#dataPath = dataPath;
    this.#events = events;
  }

  override createDriver(): Driver {
    const notify: NotificationListener = (channel, payload) => {
      for (const listener of this.#listeners) listener(channel, payload);
    };
    return new PGliteWorkerDriver(this.#dataPath, notify, this.#events, this.#started);
  }

  /** The pool of one connection to the worker, once the first query has started it. */
  get pool(): pg.Pool | undefined {
    return this.#started.pool;
  }

  /** Ends the worker thread as a crash would (tests of what the server does then). */
  async terminateWorker(): Promise<void> {
    await this.#started.worker?.terminate();
  }

  /** The data directory as a gzipped tar (see PGliteWorker.dump); the worker must have started. */
  async dump(): Promise<EmbeddedDump> {
    const worker = this.#started.worker;
    if (!worker) throw new Error('the embedded database has not started yet');
    return worker.dump();
  }

  /** Hears the NOTIFYs of channels some connection LISTENs to; returns the unsubscribe. */
  onNotification(listener: NotificationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

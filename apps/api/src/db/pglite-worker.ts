/**
 * Worker-thread entry: runs PGlite (PostgreSQL in WebAssembly) away from the HTTP event loop and serves it
 * over the PostgreSQL wire protocol on a Unix socket, so the main thread talks to it with the same `pg`
 * pool and Kysely dialect as to a real PostgreSQL server. Started by `pglite-host.ts`; see
 * docs/decisions/0003-pglite-off-the-request-thread.md.
 *
 * Self-contained on purpose (only package imports, erasable TypeScript): in development and tests Node
 * runs this file directly with its built-in type stripping; the build bundles it as dist/pglite-worker.js.
 *
 * The relay follows @electric-sql/pglite-socket (Apache-2.0), whose releases pin older PGlite versions:
 * each complete frontend message goes to `execProtocolRawStream` and the answer is written back as it
 * streams. PGlite is one backend, so one connection at a time owns it: from its first message until
 * PGlite answers ReadyForQuery "idle" (a transaction, or an extended-protocol exchange up to its Sync,
 * keeps the ownership); other connections' messages wait in order.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export interface PGliteWorkerData {
  /**
   * The thread hosts the databases of a whole test process, one after another or side by side, instead of
   * ending with its one database (see startPGliteWorker's `shared`).
   */
  shared: boolean;
  pgliteWasmModule?: PGliteOptions['pgliteWasmModule'];
  initdbWasmModule?: PGliteOptions['initdbWasmModule'];
  fsBundle?: Blob;
}

/** Messages the host posts to the worker; `instance` names one database of the thread. */
export type PGliteHostMessage =
  | {
      type: 'open';
      instance: number;
      /** PGlite's data directory; undefined keeps the database in memory. */
      dataPath: string | undefined;
      /** Unix socket to listen on. */
      socketPath: string;
      /**
       * A data directory as a tar, gzipped or not (`dumpDataDir`, see PGliteWorker.dump), opened instead of a new
       * database: tests start from a migrated template rather than running initdb and every migration again.
       */
      loadDataDir?: Uint8Array;
    }
  | { type: 'dump'; instance: number; id: number }
  | { type: 'close'; instance: number };

/** Messages the worker posts to its host, each about one database (`instance`). */
export type PGliteWorkerMessage = { instance: number } & (
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'closed' }
  /** The answer to a `dump` request: the data directory as a gzipped tar (issue 21 §3, backups). */
  | { type: 'dumped'; id: number; data: ArrayBuffer; tables: Record<string, number> }
  | { type: 'dump-failed'; id: number; message: string }
  /** A NOTIFY heard by the backend (after a LISTEN sent by any connection): see NotificationScanner. */
  | { type: 'notification'; channel: string; payload: string }
);

/**
 * The row count of each table of the current schema, by name: a backup's manifest (counted with the dump)
 * and the restore's check of the database it unpacked (modules/backups/restore.ts).
 */
export async function countRows(db: Pick<PGlite, 'query'>): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const counted = await db.query<{ n: number }>(`select count(*)::int as n from "${name.replace(/"/g, '""')}"`);
    counts[name] = Number(counted.rows[0]?.n);
  }
  return counts;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const NOTIFICATION_RESPONSE = 0x41; // 'A'
const PARSE = 0x50; // 'P'
const CLOSE = 0x43; // 'C'

/** The statement name of a Parse, or of a Close of a statement ('S'); undefined otherwise or when unnamed. */
export function statementNamed(message: Buffer): { name: string; made: boolean } | undefined {
  const type = message[0];
  const start = type === PARSE ? 5 : type === CLOSE && message[5] === 0x53 ? 6 : -1;
  if (start < 0) return undefined;
  const end = message.indexOf(0, start);
  if (end <= start) return undefined;
  return { name: message.toString('utf8', start, end), made: type === PARSE };
}

/**
 * Finds the NotificationResponse messages in the backend's output. PGlite is one backend, so a LISTEN sent
 * by any connection makes it a listener, and its own NOTIFYs come back at commit inside the answer of
 * whichever connection committed: the raw relay never parses them, so they are picked out here and
 * posted to the host (modules/events relays them). The answer is cut at arbitrary points, so the scanner
 * keeps its place across chunks: a partial header, the rest of a message to skip, or a notification body.
 */
export class NotificationScanner {
  #header = Buffer.alloc(0);
  #skip = 0;
  #body: Buffer[] | undefined;
  #bodyLeft = 0;
  readonly #onNotification: (channel: string, payload: string) => void;

  constructor(onNotification: (channel: string, payload: string) => void) {
    this.#onNotification = onNotification;
  }

  push(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      if (this.#skip > 0) {
        const n = Math.min(this.#skip, chunk.length - at);
        this.#skip -= n;
        at += n;
      } else if (this.#body) {
        const n = Math.min(this.#bodyLeft, chunk.length - at);
        this.#body.push(chunk.subarray(at, at + n));
        this.#bodyLeft -= n;
        at += n;
        if (this.#bodyLeft === 0) {
          const body = Buffer.concat(this.#body);
          this.#body = undefined;
          // Int32 process id, then channel and payload as NUL-terminated strings.
          const channelEnd = body.indexOf(0, 4);
          const payloadEnd = body.indexOf(0, channelEnd + 1);
          if (channelEnd > 0 && payloadEnd > channelEnd) {
            this.#onNotification(
              body.toString('utf8', 4, channelEnd),
              body.toString('utf8', channelEnd + 1, payloadEnd),
            );
          }
        }
      } else {
        const n = Math.min(5 - this.#header.length, chunk.length - at);
        this.#header = Buffer.concat([this.#header, chunk.subarray(at, at + n)]);
        at += n;
        if (this.#header.length === 5) {
          const length = this.#header.readInt32BE(1) - 4;
          if (this.#header[0] === NOTIFICATION_RESPONSE) {
            this.#body = [];
            this.#bodyLeft = length;
          } else {
            this.#skip = length;
          }
          this.#header = Buffer.alloc(0);
        }
      }
    }
  }

  /** After a failed exchange the output may stop mid-message: start afresh. */
  reset() {
    this.#header = Buffer.alloc(0);
    this.#skip = 0;
    this.#body = undefined;
    this.#bodyLeft = 0;
  }
}

interface Connection {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  /** Complete frontend messages waiting for the database. */
  pending: Buffer[];
  closed: boolean;
  /**
   * The named prepared statements this connection made (Parse with a name). PGlite is one session for every
   * connection, so they outlive the connection: they are deallocated when it closes, and a client connecting
   * after it (which knows of none) can prepare the same names again.
   */
  prepared: Set<string>;
}

class WireServer {
  readonly #db: PGlite;
  readonly #connections = new Set<Connection>();
  /** The connection that owns the backend (mid-transaction or mid extended-protocol exchange). */
  #owner: Connection | undefined;
  #running = false;
  #server: Server | undefined;
  readonly #notifications: NotificationScanner;
  /** Work that needs the backend to itself (a dump), run between exchanges, never inside one. */
  readonly #tasks: Array<() => Promise<void>> = [];

  constructor(db: PGlite, onNotification: (channel: string, payload: string) => void) {
    this.#db = db;
    this.#notifications = new NotificationScanner(onNotification);
  }

  listen(socketPath: string): Promise<void> {
    const server = createServer((socket) => this.#accept(socket));
    this.#server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const server = this.#server;
    for (const connection of this.#connections) connection.socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #accept(socket: Socket) {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      closed: false,
      prepared: new Set(),
    };
    this.#connections.add(connection);
    socket.on('data', (data) => {
      connection.buffer = connection.buffer.length === 0 ? data : Buffer.concat([connection.buffer, data]);
      this.#frame(connection);
      this.#pump();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connection.closed = true;
      connection.pending = [];
      this.#connections.delete(connection);
      const names = [...connection.prepared];
      connection.prepared.clear();
      if (names.length > 0) {
        // Before any other connection's next message (tasks run first once no one owns the backend).
        void this.runWhenIdle(async () => {
          for (const name of names) await this.#db.exec(`deallocate "${name.replace(/"/g, '""')}"`).catch(() => {});
        });
      }
      this.#pump();
    });
  }

  /** Cuts the connection's buffer into complete messages. */
  #frame(connection: Connection) {
    for (;;) {
      const buffer = connection.buffer;
      if (!connection.started) {
        // Startup phase: untyped messages (length, code).
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write('N'); // no encryption on a local socket
          continue;
        }
        if (code === CANCEL_REQUEST) {
          connection.socket.end(); // PGlite has no backend to signal
          return;
        }
        if (code !== PROTOCOL_3) {
          connection.socket.destroy();
          return;
        }
        connection.started = true;
        connection.pending.push(Buffer.from(buffer.subarray(0, length)));
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const message = Buffer.from(buffer.subarray(0, length));
      connection.buffer = buffer.subarray(length);
      if (message[0] === TERMINATE) {
        connection.socket.end();
        return;
      }
      const named = statementNamed(message);
      if (named?.made) connection.prepared.add(named.name);
      else if (named) connection.prepared.delete(named.name);
      connection.pending.push(message);
    }
  }

  /**
   * Runs `task` once no connection owns the backend (no transaction or extended exchange is open), before
   * the next waiting message: it sees only committed data and nothing runs beside it.
   */
  runWhenIdle<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#tasks.push(() => task().then(resolve, reject));
      void this.#pump();
    });
  }

  #next(): Connection | undefined {
    const owner = this.#owner;
    if (owner) {
      if (!owner.closed) return owner.pending.length > 0 ? owner : undefined;
      this.#owner = undefined;
    }
    for (const connection of this.#connections) if (connection.pending.length > 0) return connection;
    return undefined;
  }

  /** Runs waiting messages one at a time, keeping a connection's exchange together. */
  async #pump(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (;;) {
        // A connection that vanished while owning the backend leaves no transaction behind.
        if (this.#owner?.closed) {
          this.#owner = undefined;
          if (this.#db.isInTransaction()) await this.#db.exec('rollback');
        }
        const task = this.#owner ? undefined : this.#tasks.shift();
        if (task) {
          await task();
          continue;
        }
        const connection = this.#next();
        if (!connection) return;
        const message = connection.pending.shift() as Buffer;
        this.#owner = connection;
        // The last six bytes of the answer: ReadyForQuery is `Z`, length 5, status.
        let tail = Buffer.alloc(0);
        try {
          await this.#db.execProtocolRawStream(message, {
            onRawData: (data) => {
              if (data.length === 0) return;
              const chunk = Buffer.from(data);
              tail = chunk.length >= 6 ? chunk.subarray(chunk.length - 6) : Buffer.concat([tail, chunk]).subarray(-6);
              this.#notifications.push(chunk);
              if (!connection.closed) connection.socket.write(chunk);
            },
          });
        } catch {
          this.#notifications.reset();
          // PGlite itself failed (not an SQL error, which is an ErrorResponse): drop this client.
          connection.closed = true;
          connection.pending = [];
          connection.socket.destroy();
          continue;
        }
        // The exchange is over when the answer ends with ReadyForQuery "idle".
        if (tail.length === 6 && tail[0] === READY_FOR_QUERY && tail.readInt32BE(1) === 5 && tail[5] === IDLE) {
          this.#owner = undefined;
        }
      }
    } finally {
      this.#running = false;
    }
  }
}

interface Instance {
  db: PGlite;
  server: WireServer;
}

async function open(
  message: Extract<PGliteHostMessage, { type: 'open' }>,
  data: PGliteWorkerData,
  post: (message: PGliteWorkerMessage, transfer?: ArrayBuffer[]) => void,
): Promise<Instance> {
  if (message.dataPath) mkdirSync(message.dataPath, { recursive: true });
  // The options-object form: `create(undefined, { extensions })` (in memory) would drop the extensions.
  const db = await PGlite.create({
    dataDir: message.dataPath,
    extensions: { pg_trgm, unaccent },
    pgliteWasmModule: data.pgliteWasmModule,
    initdbWasmModule: data.initdbWasmModule,
    fsBundle: data.fsBundle,
    loadDataDir: message.loadDataDir ? new Blob([message.loadDataDir]) : undefined,
  });
  const { instance } = message;
  const server = new WireServer(db, (channel, payload) => post({ instance, type: 'notification', channel, payload }));
  try {
    await server.listen(message.socketPath);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return { db, server };
}

async function dump({ db, server }: Instance): Promise<{ data: ArrayBuffer; tables: Record<string, number> }> {
  return server.runWhenIdle(async () => {
    // The rows of every table as the copy holds them (the backup's manifest; nothing runs in between).
    const tables = await countRows(db);
    // Dirty pages to the files first, so the copy needs no WAL replay to be whole.
    await db.exec('checkpoint');
    return { data: await (await db.dumpDataDir('gzip')).arrayBuffer(), tables };
  });
}

function main() {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker runs as a worker thread');
  const data = workerData as PGliteWorkerData;
  const post = (message: PGliteWorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
  const instances = new Map<number, Promise<Instance | undefined>>();
  port.on('message', async (message: PGliteHostMessage) => {
    const { instance } = message;
    if (message.type === 'open') {
      const opening = open(message, data, post).then(
        (opened) => {
          post({ instance, type: 'ready' });
          return opened;
        },
        (error: unknown) => {
          instances.delete(instance);
          post({ instance, type: 'error', message: error instanceof Error ? error.message : String(error) });
          return undefined;
        },
      );
      instances.set(instance, opening);
      return;
    }
    const opened = await instances.get(instance);
    if (message.type === 'dump') {
      try {
        if (!opened) throw new Error('no such database');
        const { data, tables } = await dump(opened);
        post({ instance, type: 'dumped', id: message.id, data, tables }, [data]);
      } catch (error) {
        post({
          instance,
          type: 'dump-failed',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
      return;
    }
    if (message.type !== 'close') return;
    instances.delete(instance);
    try {
      await opened?.server.close();
      await opened?.db.close();
    } catch {
      // Closed as far as it goes: the host stops waiting either way.
    }
    post({ instance, type: 'closed' });
    // A thread of its own ends with its database.
    if (!data.shared) port.close();
  });
}

// Imported outside a worker (a test of NotificationScanner), it only defines.
if (parentPort) main();

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  sql,
  type TransactionSettings,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import type pg from 'pg';
import type { AppConfig } from '../config';
import { keepPrivate } from '../lib/private-files';
import type { Executor } from './executor';
import { migrationProvider } from './migrations';
import { type EmbeddedDump, type NotificationListener, PGliteWorkerDialect } from './pglite-host';
import { SearchPathPostgresDialect } from './search-path-introspector';

export type { EmbeddedDump } from './pglite-host';

import { consoleLog, type DatabaseLog, resilientPool } from './pool';
import { createReplicaMonitor, type ReplicaMonitor, routingPool } from './replica';
import type { Database } from './schema';
import { createWriteWatch, type WriteListener, type WriteWatch } from './write-watch';

export type DB = Kysely<Database>;

/**
 * Only with PGLITE_IN_PROCESS=1 (the former mode, kept for comparison in bench/health-under-load):
 * PGlite is one connection. Kysely's PGlite driver shares it between concurrent callers, so a query
 * issued while another request's transaction is open would run inside that transaction. This driver
 * hands the connection to one caller at a time: a transaction holds it until commit or rollback.
 * Consequence for code: inside a transaction, use the transaction object, never `db`, or it waits forever.
 */
class ExclusiveDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class ExclusivePGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new ExclusiveDriver(super.createDriver());
  }
}

/**
 * How the NOTIFYs of a PGlite database reach this process (after a LISTEN sent through `db`): PGlite is one
 * backend, so its notifications surface in-process, not on a connection of their own. Undefined for
 * PostgreSQL, where a listener opens its own connection (modules/events).
 */
export type NotificationFeed = (listener: NotificationListener) => () => void;
const notificationFeeds = new WeakMap<DB, NotificationFeed>();
export const pgliteNotificationFeed = (db: DB): NotificationFeed | undefined => notificationFeeds.get(db);

/** Bounded waits of a PostgreSQL pool (docs/deployment.md, "Configuration"); absent, a wait is unbounded (batch tools). */
export interface DatabaseTimeouts {
  /** How long a caller waits for a connection (the pool's queue, then the connect itself). */
  connectionMs?: number;
  /** `statement_timeout` of the sessions: a longer statement is cancelled (SQLSTATE 57014). */
  statementMs?: number;
  /** `statement_timeout` of the reports' own pool (see `reportsDatabase`). */
  reportStatementMs?: number;
}

export interface DatabaseOptions
  extends Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'inMemory'>,
    Partial<Pick<AppConfig, 'databaseReplicaUrl' | 'replicaMaxLagMs' | 'databaseDirectUrl'>> {
  /** Isolates a test run inside a shared database (its `search_path`). */
  schema?: string;
  timeouts?: DatabaseTimeouts;
  log?: DatabaseLog;
  /**
   * The embedded database's worker thread ended by itself (a crash): queries fail from then on. The server
   * exits for its supervisor (docs/decisions/0008-database-away.md); by default it is only logged.
   */
  onEmbeddedDatabaseLost?: (error: Error) => void;
  /**
   * Embedded only: a data directory as a tar, gzipped or not (dumpEmbeddedDatabase), opened instead of a new database,
   * so tests start from a migrated template (test/database.ts) without initdb and every migration again.
   */
  template?: Uint8Array;
  /**
   * Embedded only: PGlite in the process's one shared worker thread instead of a thread of its own (the test
   * databases: a thread started and ended for each of thousands wore V8 out; see pglite-host.ts).
   */
  sharedThread?: boolean;
}

/** How many connections the reports may hold at once, beside the API's pool of 10. */
export const REPORT_CONNECTIONS = 4;
/** `work_mem` of the reports' sessions: at most REPORT_CONNECTIONS × this of hashing in memory at once. */
const REPORT_WORK_MEM = '16MB';
/** How many the landing page's reads hold (decision 0093): its own, so no report and no other screen starves it. */
const DASHBOARD_CONNECTIONS = 2;

const writeWatches = new WeakMap<DB, WriteWatch>();
/**
 * Calls `listener` before each statement of this process that writes one of `tables` through `db` (or a
 * transaction of it). Undefined when `db` was not opened by createDatabase: then nothing can be heard, and
 * a cache of those tables must not be kept.
 */
export const onTableWrites = (db: DB, tables: readonly string[], listener: WriteListener): (() => void) | undefined =>
  writeWatches.get(db)?.onWrites(tables, listener);

/**
 * On an embedded database (PGlite: one process only, its data directory locked), the count of writing
 * statements this process has sent through `db`, which are then all the writes there are: an answer cached
 * when it read n stays true until it reads more (the bell, issue 36). Undefined on PostgreSQL, where other
 * processes write too.
 */
export const embeddedWriteCount = (db: DB): (() => number) | undefined => {
  const watch = writeWatches.get(db);
  return watch && notificationFeeds.get(db) ? watch.writes : undefined;
};

const pools = new WeakMap<DB, pg.Pool>();
/**
 * Runs a read as a named prepared statement: each connection parses it once and, after a few runs, plans it
 * once (a long statement read on every screen, such as the bell's, cost more to parse and plan than to run).
 * Named by a hash of its text and the connection's serial: statements that differ never share a name, nor do
 * two connections (on PGlite every connection is the same session: a connection made after another closed
 * must not meet its names; the worker deallocates a closed connection's statements). On PostgreSQL through
 * the API's pool, on PGlite through its pool of one connection. Elsewhere (a transaction, PGlite in this
 * thread, a database not opened by createDatabase, the API's pool behind PgBouncer in transaction mode, whose 1.18 keeps no
 * statement across transactions) it runs as any statement. No plugin sees it: reads only.
 */
export async function executePreparedRead<R>(db: Executor, query: CompiledQuery<R>): Promise<R[]> {
  const pool = pools.get(db as DB) ?? embeddedDialects.get(db as DB)?.pool;
  if (!pool) return (await db.executeQuery(query)).rows;
  const client = await pool.connect();
  let serial = connectionSerials.get(client);
  if (serial === undefined) {
    serial = nextConnectionSerial++;
    connectionSerials.set(client, serial);
  }
  const name = `read_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}_${serial}`;
  try {
    const result = await client.query<R & pg.QueryResultRow>({ name, text: query.sql, values: [...query.parameters] });
    client.release();
    return result.rows;
  } catch (error) {
    // As pg's pool.query does: a client that failed is not lent again.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
const connectionSerials = new WeakMap<pg.PoolClient, number>();
let nextConnectionSerial = 1;

const reportDatabases = new WeakMap<DB, DB>();
/**
 * The database the reports read through: on PostgreSQL a pool of its own (REPORT_CONNECTIONS, the longer
 * `reportStatementMs`), so months of aggregates neither starve the API's pool nor hit its shorter
 * timeout; `db` itself on PGlite. Closed with `db.destroy()`; never destroy it on its own.
 */
export const reportsDatabase = (db: DB): DB => reportDatabases.get(db) ?? db;

const dashboardDatabases = new WeakMap<DB, DB>();
/**
 * The database the dashboard's cards and its charts of the last 7 days read through (issue 59, decision 0093): on
 * PostgreSQL a small pool of its own (DASHBOARD_CONNECTIONS, the API's statement_timeout) on the primary, so two
 * 12-month reports on the reports' pool, or a busy API pool, cannot keep the landing page waiting for a connection
 * (503 'Banco de dados indisponível no momento.' after the connection timeout); `db` itself on PGlite. Closed with
 * `db.destroy()`; never destroy it on its own.
 */
export const dashboardDatabase = (db: DB): DB => dashboardDatabases.get(db) ?? db;

const laggingReads = new WeakMap<DB, DB>();
/**
 * The database of the reads that may lag behind the last write (decision 0062): the lists' CSV exports and the command
 * palette's search. With a replica, they read it while it is close enough (REPLICA_MAX_LAG_MS) and the API's own pool
 * otherwise; without one, `db` itself. Never for a read that must see its own write. Closed with `db.destroy()`.
 */
export const replicaReads = (db: DB): DB => laggingReads.get(db) ?? db;

const replicaMonitors = new WeakMap<DB, ReplicaMonitor>();
/** Where the reports read now, when the database has a replica (DATABASE_REPLICA_URL); undefined without one. */
export const replicaOf = (db: DB): ReplicaMonitor | undefined => replicaMonitors.get(db);

/**
 * Opens the database the configuration names: a PostgreSQL pool, or PGlite on disk (`DATA_DIR/pglite`)
 * or in memory. PGlite runs in a worker thread and is spoken to over the PostgreSQL protocol, through the
 * same pool and dialect as a server (docs/decisions/0003-pglite-off-the-request-thread.md), so a long query
 * never blocks the HTTP event loop. `PGLITE_IN_PROCESS=1` runs it in this thread instead (comparison only).
 */
export function createDatabase(options: DatabaseOptions): DB {
  const log = options.log ?? consoleLog;
  if (options.databaseUrl) {
    // Dates come back as Date; bigint counts are cast to int in SQL.
    const common = {
      connectionString: options.databaseUrl,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      connectionTimeoutMillis: options.timeouts?.connectionMs,
    };
    // Through PgBouncer in transaction mode (DATABASE_DIRECT_URL set, decision 0064) a server session is lent for one
    // transaction: no startup parameter (PgBouncer 1.18 refuses `statement_timeout`; the role's setting bounds them) and
    // no named statement. The reports keep a pool of their own on the primary itself, with their longer timeout.
    const pooled = Boolean(options.databaseDirectUrl);
    const pool = resilientPool(
      { ...common, max: 10, statement_timeout: pooled ? undefined : options.timeouts?.statementMs },
      log,
      'api',
    );
    // The reports group tens of thousands of rows (report 19 by product or customer over a year): their sessions may
    // hash them in memory instead of batches on disk (decision 0103).
    const reportOptions = [common.options, `-c work_mem=${REPORT_WORK_MEM}`].filter(Boolean).join(' ');
    const reportPool = resilientPool(
      {
        ...common,
        options: reportOptions,
        connectionString: options.databaseDirectUrl ?? options.databaseUrl,
        max: REPORT_CONNECTIONS,
        statement_timeout: options.timeouts?.reportStatementMs,
      },
      log,
      'reports',
    );
    const watch = createWriteWatch();
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }), plugins: [watch.plugin] });
    writeWatches.set(db, watch);
    if (!pooled) pools.set(db, pool);
    // With a replica (decision 0062): the reports read from it while it is close enough behind, else from reportPool.
    let readPool = reportPool;
    let replica: { pool: pg.Pool; monitor: ReplicaMonitor } | undefined;
    if (options.databaseReplicaUrl) {
      const replicaPool = resilientPool(
        {
          ...common,
          options: reportOptions,
          connectionString: options.databaseReplicaUrl,
          max: REPORT_CONNECTIONS,
          statement_timeout: options.timeouts?.reportStatementMs,
        },
        log,
        'replica',
      );
      const monitor = createReplicaMonitor(replicaPool, options.replicaMaxLagMs ?? 30_000, log);
      replicaMonitors.set(db, monitor);
      replica = { pool: replicaPool, monitor };
      readPool = routingPool(replicaPool, reportPool, monitor);
      // The reads that may lag (exports, the palette's search): the replica while close enough, else the API's pool.
      const lagging = new Kysely<Database>({
        dialect: new SearchPathPostgresDialect({
          pool: routingPool(replicaPool, pool, monitor, { ownsPools: false }),
        }),
      });
      laggingReads.set(db, lagging);
    }
    const reports = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool: readPool }) });
    reportDatabases.set(db, reports);
    const dashboardPool = resilientPool(
      { ...common, max: DASHBOARD_CONNECTIONS, statement_timeout: pooled ? undefined : options.timeouts?.statementMs },
      log,
      'dashboard',
    );
    // With a replica the dashboard reads it as the reports do while it is close enough (decision 0062), else its pool.
    const dashboardReads = replica
      ? routingPool(replica.pool, dashboardPool, replica.monitor, { ownsPools: false })
      : dashboardPool;
    const dashboard = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool: dashboardReads }) });
    dashboardDatabases.set(db, dashboard);
    // The reports' and the dashboard's pools end with the API's.
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await Promise.all([
        destroy(),
        reports.destroy(),
        dashboard.destroy(),
        dashboardReads === dashboardPool ? undefined : dashboardPool.end(),
        laggingReads.get(db)?.destroy(),
      ]);
    };
    return db;
  }
  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    // The data folder is the server user's alone (PGlite writes its files 0666 whatever the umask: they are
    // made 0600 at open and at close, and its folder is 0700 meanwhile).
    keepPrivate(options.dataDir);
  }
  if (process.env.PGLITE_IN_PROCESS === '1') {
    const listeners = new Set<NotificationListener>();
    const watch = createWriteWatch();
    const db = new Kysely<Database>({
      plugins: [watch.plugin],
      dialect: new ExclusivePGliteDialect({
        pglite: () => {
          const pglite = new PGlite({ dataDir: dataPath, extensions: { pg_trgm, unaccent } });
          pglite.onNotification((channel, payload) => {
            for (const listener of listeners) listener(channel, payload);
          });
          return pglite;
        },
      }),
    });
    notificationFeeds.set(db, (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    });
    writeWatches.set(db, watch);
    return db;
  }
  const dialect = new PGliteWorkerDialect(dataPath, {
    log,
    loadDataDir: options.template,
    shared: options.sharedThread,
    onLost: (error) => {
      lost.set(db, error);
      log.error({ err: error }, 'database: the embedded PGlite worker ended; every query fails from now on');
      options.onEmbeddedDatabaseLost?.(error);
    },
  });
  const watch = createWriteWatch();
  const db = new Kysely<Database>({ dialect, plugins: [watch.plugin] });
  writeWatches.set(db, watch);
  notificationFeeds.set(db, (listener) => dialect.onNotification(listener));
  embeddedDialects.set(db, dialect);
  if (dataPath) {
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await destroy();
      keepPrivate(options.dataDir);
    };
  }
  return db;
}

const embeddedDialects = new WeakMap<DB, PGliteWorkerDialect>();
const lost = new WeakMap<DB, Error>();
/** The worker-thread dialect of an embedded database (tests end its worker as a crash would). */
export const embeddedDialectOf = (db: DB): PGliteWorkerDialect | undefined => embeddedDialects.get(db);

/**
 * The embedded database's data directory as a gzipped tar, taken by its worker thread between two
 * exchanges (never inside a transaction): the PGlite backup (modules/backups). Undefined on PostgreSQL.
 */
export async function dumpEmbeddedDatabase(db: DB): Promise<EmbeddedDump | undefined> {
  const dialect = embeddedDialects.get(db);
  if (!dialect) return undefined;
  await sql`select 1`.execute(db); // starts the worker when nothing has yet
  return dialect.dump();
}

/**
 * Throws when the database cannot be reached (GET /api/health answers 503 then). PostgreSQL: a round trip
 * through the API's pool. PGlite: whether its worker still runs, without a query, which would wait behind
 * the single backend's queue under load (the health probe must stay fast: bench/health-under-load).
 */
export async function checkDatabase(db: DB): Promise<void> {
  const error = lost.get(db);
  if (error) throw error;
  if (pgliteNotificationFeed(db)) return;
  await sql`select 1`.execute(db);
}

/**
 * The migrator of the schema in use. Kysely looks for its bookkeeping tables in every schema unless told which:
 * naming the one in use lets a database shared by several schemas (tests running side by side, benchmarks)
 * migrate each on its own (else one finds another's lock table and then fails to use its own).
 */
export async function schemaMigrator(db: DB): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema });
}

/** Brings the schema up to date. Throws when a migration fails (the server must not start then). */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = await schemaMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

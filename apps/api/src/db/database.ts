import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  sql,
  type TransactionSettings,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { AppConfig } from '../config';
import { migrationProvider } from './migrations';
import { type NotificationListener, PGliteWorkerDialect } from './pglite-host';
import type { Database } from './schema';

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

/**
 * Opens the database the configuration names: a PostgreSQL pool, or PGlite on disk (`DATA_DIR/pglite`)
 * or in memory. PGlite runs in a worker thread and is spoken to over the PostgreSQL protocol, through the
 * same pool and dialect as a server (docs/decisions/0003-pglite-off-the-request-thread.md), so a long query
 * never blocks the HTTP event loop. `PGLITE_IN_PROCESS=1` runs it in this thread instead (comparison only).
 */
export function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'inMemory'> & { schema?: string },
): DB {
  if (config.databaseUrl) {
    // Dates come back as Date; bigint counts are cast to int in SQL.
    // `schema` isolates a test run inside a shared database.
    const options = config.schema ? `-c search_path=${config.schema}` : undefined;
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataPath: string | undefined;
  if (!config.inMemory) {
    dataPath = path.join(config.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  if (process.env.PGLITE_IN_PROCESS === '1') {
    const listeners = new Set<NotificationListener>();
    const db = new Kysely<Database>({
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
    return db;
  }
  const dialect = new PGliteWorkerDialect(dataPath);
  const db = new Kysely<Database>({ dialect });
  notificationFeeds.set(db, (listener) => dialect.onNotification(listener));
  return db;
}

/** Brings the schema up to date. Throws when a migration fails (the server must not start then). */
export async function migrateToLatest(db: DB): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: name the one in use, so a
  // database shared by several schemas (tests, benchmarks) migrates each on its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

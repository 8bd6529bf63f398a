import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type BootstrapOutcome, bootstrapWhenReachable, type RetryOptions } from './bootstrap';
import { type AppConfig, listeningUrl } from './config';
import { createDatabase, type DB } from './db/database';
import { createEmbeddedMaintenance, isEmbedded } from './db/maintenance';

/**
 * What the server does when its embedded database's worker ends by itself: says so in the log and exits
 * with an error, so its supervisor (systemd, Docker's restart policy) starts a fresh process that opens the
 * data directory again (docs/decisions/0008-database-away.md). Requests meanwhile answer 503 at once.
 */
export function exitForSupervisor(exit: (code: number) => void = (code) => process.exit(code)) {
  return (error: Error, app: FastifyInstance) => {
    app.log.fatal({ err: error }, 'embedded database lost: exiting so that the supervisor restarts the server');
    // The close ends the open streams and lets answers in flight finish; it cannot take long (every query
    // fails at once), but a bound keeps the exit certain.
    const forced = setTimeout(() => exit(1), 10_000);
    forced.unref();
    app.close().finally(() => {
      clearTimeout(forced);
      exit(1);
    });
  };
}

export interface RunningServer {
  app: FastifyInstance;
  db: DB;
  /** Settles once the database is migrated (and seeded when empty) and the API serves. */
  ready: Promise<BootstrapOutcome>;
}

/**
 * Starts the server as main.ts does, and as tests do with their own database address: listens at once (a `web` or
 * `all` process; a `worker` never listens)
 * (every /api call answers 503 SERVICE_STARTING meanwhile), then migrates and seeds, waiting with backoff
 * for a database that is not reachable yet. `onEmbeddedDatabaseLost`: the PGlite worker ended (main.ts
 * exits for its supervisor).
 */
export async function startServer(
  config: AppConfig,
  options: {
    logger?: boolean | object;
    retry?: RetryOptions;
    onEmbeddedDatabaseLost?: (error: Error, app: FastifyInstance) => void;
  } = {},
): Promise<RunningServer> {
  let app: FastifyInstance | undefined;
  const db = createDatabase({
    ...config,
    timeouts: {
      connectionMs: config.dbConnectionTimeoutMs,
      statementMs: config.dbStatementTimeoutMs,
      reportStatementMs: config.dbReportStatementTimeoutMs,
    },
    log: {
      warn: (object, message) => (app ? app.log.warn(object, message) : console.warn(message, object)),
      error: (object, message) => (app ? app.log.error(object, message) : console.error(message, object)),
    },
    onEmbeddedDatabaseLost: (error) => {
      if (app) options.onEmbeddedDatabaseLost?.(error, app);
    },
  });
  let ready = false;
  const started = await buildApp({ config, db, isReady: () => ready, logger: options.logger });
  app = started;
  const stopWaiting = new AbortController();
  started.addHook('onClose', async () => {
    stopWaiting.abort();
    await db.destroy();
  });
  if (config.role === 'worker') {
    // A worker answers no HTTP (decision 0061): its plugins load (they register their scheduled tasks) without a port.
    await started.ready();
    started.log.info({ role: config.role }, 'BackOffice: processo de tarefas agendadas (worker), sem HTTP');
  } else {
    await started.listen({ port: config.port, host: config.host });
    const url = listeningUrl(config);
    started.log.info({ url, role: config.role }, `BackOffice ouvindo em ${url}`);
  }

  // Migrations and the seed may run longer than the API's statement_timeout: a session of their own, on the primary
  // itself behind a pooler (their locks are the session's: decision 0064).
  const setupDb = config.databaseUrl
    ? createDatabase({
        ...config,
        databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
        databaseDirectUrl: undefined,
        databaseReplicaUrl: undefined,
        timeouts: { connectionMs: config.dbConnectionTimeoutMs },
        log: started.log,
      })
    : db;
  const bootstrapped = bootstrapWhenReachable(
    setupDb,
    config,
    { storage: started.deps.storage, log: started.log },
    { ...options.retry, signal: stopWaiting.signal },
  ).finally(async () => {
    if (setupDb !== db) await setupDb.destroy();
  });
  return {
    app: started,
    db,
    ready: bootstrapped.then(async (outcome) => {
      ready = true;
      // Once migrated: the embedded database on disk is vacuumed and analysed each night (PGlite has no
      // autovacuum, decision 0024).
      if (!config.databaseUrl && !config.inMemory && isEmbedded(db)) {
        const maintenance = createEmbeddedMaintenance(db, { dataDir: config.dataDir, log: started.log });
        maintenance.begin(new Date());
        started.deps.scheduler.every(
          'database-maintenance',
          1,
          async () =>
            (await maintenance.runIfDue(new Date())) ? 'Banco embutido limpo e analisado (VACUUM, ANALYZE)' : null,
          { nextRun: async (now) => maintenance.nextAt(now) },
        );
      }
      // The scheduled work the plugins registered (none in a `web` process), now that the database is migrated. A worker
      // is there for it alone: one whose job queue cannot start is not ready (main.ts exits, its supervisor restarts
      // it); a process of role `all` goes on answering HTTP and says so in its log.
      const scheduling = started.deps.scheduler.start();
      if (config.role === 'worker') {
        await scheduling.catch((error: unknown) => {
          started.log.fatal({ err: error }, 'the scheduled work could not start: the worker exits');
          throw error;
        });
      } else {
        scheduling.catch((error: unknown) => started.log.error({ err: error }, 'the scheduled work could not start'));
      }
      return outcome;
    }),
  };
}

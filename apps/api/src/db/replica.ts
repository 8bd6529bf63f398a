import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Reads from a streaming replica (issue 43 §2, decision 0062): the reports' reads go to DATABASE_REPLICA_URL while it
 * is there and close enough behind the primary; otherwise, and for a read the replica fails for being away, to the
 * primary. Every write and every other read stay on the primary (they never come here).
 */
export type ReplicaState = 'replica' | 'lagging' | 'away';

export interface ReplicaStatus {
  /** `replica`: reads go to it; `lagging`: it is more than the allowed lag behind; `away`: unreachable, not a standby. */
  state: ReplicaState;
  /** How far behind the primary it was at the last look, in milliseconds (null: not known). */
  lagMs: number | null;
  checkedAt: Date | null;
}

/**
 * The replica's lag, as PostgreSQL tells it on the standby: none while its WAL receiver streams and has replayed all it
 * received; else the age of the last transaction it replayed (a receiver cut from the primary, replay paused or
 * behind). Not a standby (promoted, or the primary's address by mistake): away, its reads would not follow the primary.
 */
const LAG_SQL = `select pg_is_in_recovery() as recovery,
  exists (select 1 from pg_stat_wal_receiver where status = 'streaming') as streaming,
  coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as caught_up,
  (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_replay_ms`;

/** How often the lag is looked at. */
const LOOK_EVERY_MS = 2_000;

export interface ReplicaMonitor {
  status(): ReplicaStatus;
  /** Looks at the replica now (the timer does every LOOK_EVERY_MS); answers the new status. */
  measure(): Promise<ReplicaStatus>;
  /** A read found it away: reads go to the primary until the next look finds it back. */
  markAway(): void;
  stop(): void;
}

export function createReplicaMonitor(
  replica: pg.Pool,
  maxLagMs: number,
  log: { warn(object: object, message: string): void },
): ReplicaMonitor {
  let status: ReplicaStatus = { state: 'away', lagMs: null, checkedAt: null };
  const set = (next: ReplicaStatus) => {
    if (next.state !== status.state && (status.checkedAt !== null || next.state !== 'replica'))
      log.warn(
        { replica: next.state, lagMs: next.lagMs },
        next.state === 'replica'
          ? 'database replica: reads go to it again'
          : 'database replica: reads go to the primary',
      );
    status = next;
    return status;
  };
  let looking: Promise<ReplicaStatus> | undefined;
  const measure = () => {
    looking ??= (async () => {
      try {
        const { rows } = await replica.query<{
          recovery: boolean;
          streaming: boolean;
          caught_up: boolean;
          since_replay_ms: number | null;
        }>(LAG_SQL);
        const row = rows[0];
        const checkedAt = new Date();
        if (!row?.recovery) return set({ state: 'away', lagMs: null, checkedAt });
        const lagMs =
          row.streaming && row.caught_up
            ? 0
            : row.since_replay_ms === null
              ? null
              : Math.max(0, Math.round(row.since_replay_ms));
        return set({ state: lagMs !== null && lagMs <= maxLagMs ? 'replica' : 'lagging', lagMs, checkedAt });
      } catch {
        return set({ state: 'away', lagMs: null, checkedAt: new Date() });
      } finally {
        looking = undefined;
      }
    })();
    return looking;
  };
  const timer = setInterval(() => void measure(), LOOK_EVERY_MS);
  timer.unref();
  void measure();
  return {
    status: () => status,
    measure,
    markAway: () => {
      set({ state: 'away', lagMs: null, checkedAt: new Date() });
    },
    stop: () => clearInterval(timer),
  };
}

/** A read the replica could not serve for being away or in conflict with its replay: the primary serves it instead. */
function replicaFailed(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // A statement over its timeout would only time out again on the primary.
  if (code === '57014') return false;
  if (code === '40001' && typeof message === 'string' && message.includes('conflict with recovery')) return true;
  return isDatabaseUnavailable(error);
}

type Client = pg.PoolClient;

/**
 * A client of the replica that moves to the primary when its first statement fails for the replica's sake (the
 * statement run again there: the reports only read). A later statement of the same connection (a transaction's) fails
 * as it came: its transaction was the replica's.
 */
function withFallback(client: Client, primary: pg.Pool, monitor: ReplicaMonitor): Client {
  let ran = 0;
  let moved: Client | undefined;
  type WithPid = Client & { processID?: number };
  const wrapper = Object.create(client) as WithPid;
  // Kysely reads the backend's pid (`processID`, undocumented) to cancel a query: the connection's that runs it.
  Object.defineProperty(wrapper, 'processID', { get: () => ((moved ?? client) as WithPid).processID });
  wrapper.query = (async (...args: unknown[]) => {
    const target = moved ?? client;
    // A cursor (streamed read) is handed over as it is: it reports its own failure.
    if (typeof args[0] === 'object' && args[0] !== null && 'submit' in args[0])
      return (target.query as (...a: unknown[]) => unknown)(...args);
    try {
      const result = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
      ran++;
      return result;
    } catch (error) {
      if (moved || ran > 0 || !replicaFailed(error)) throw error;
      monitor.markAway();
      client.release(error instanceof Error ? error : true);
      moved = await primary.connect();
      ran++;
      return (moved.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }
  }) as Client['query'];
  wrapper.release = ((error?: Error | boolean) => {
    if (moved) moved.release(error);
    else client.release(error);
  }) as Client['release'];
  return wrapper;
}

/**
 * The pool the reports' Kysely reads through: a connection of the replica while the monitor finds it there and close
 * enough, else of the primary's reports pool; a replica that refuses the connection is marked away at once.
 */
export function routingPool(
  replica: pg.Pool,
  primary: pg.Pool,
  monitor: ReplicaMonitor,
  options: { ownsPools?: boolean } = {},
): pg.Pool {
  const owns = options.ownsPools ?? true;
  const routing = {
    async connect() {
      if (monitor.status().state === 'replica') {
        try {
          return withFallback(await replica.connect(), primary, monitor);
        } catch (error) {
          if (!replicaFailed(error)) throw error;
          monitor.markAway();
        }
      }
      return primary.connect();
    },
    // A second routing over pools another owns (`ownsPools: false`) leaves them to their owner's end.
    async end() {
      if (!owns) return;
      monitor.stop();
      await Promise.all([replica.end(), primary.end()]);
    },
    // Kysely's driver reads these off the pool (a query's cancellation opens a control connection with them).
    options: primary.options,
    Client: (primary as pg.Pool & { Client?: unknown }).Client,
  };
  return routing as unknown as pg.Pool;
}

import { type OrderEvent, orderEventSchema } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { type DB, pgliteNotificationFeed } from '../../db/database';

/** The channel of migration 0010-order-events. */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** The channel of migration 0014-session-events: an employee's sessions ended (sign-out, password, block). */
export const SESSION_EVENTS_CHANNEL = 'session_events';
/** The channel of migration 0031-notifications: something the bell shows may have changed (no details). */
export const NOTIFICATION_EVENTS_CHANNEL = 'notification_events';
/** The channel of migration 0040-auth-events: an employee's status or a role changed (decision 0027). */
export const AUTH_EVENTS_CHANNEL = 'auth_events';
/** The `application_name` of the PostgreSQL listener connection. */
export const LISTENER_APPLICATION_NAME = 'backoffice-order-events';
/** Waits between reconnections of the PostgreSQL listener: 1 s, 2 s, 4 s… up to 30 s. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

export type OrderEventListener = (event: OrderEvent) => void;

/** The payload of `session_events`: the employee's token version now, and whether they are blocked. */
const sessionEventSchema = z.object({
  employeeId: z.number().int(),
  tokenVersion: z.number().int(),
  blocked: z.boolean(),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;
/** Hears every employee's session changes; the listener decides whether its stream is concerned. */
export type SessionEventListener = (event: SessionEvent) => void;
/** Hears that the bells may have changed (a customer registered, a Pix arrived…): they refetch. */
export type NotificationEventListener = () => void;

/**
 * Hears what the auth hook keeps (decision 0027): `changed` when an employee's status or a role changed in any
 * process; `hearing(false)` when this process stopped hearing those announcements (the listener's connection
 * was lost: whatever changes meanwhile is not heard), `hearing(true)` when it hears them again.
 */
export interface AuthWatcher {
  changed(): void;
  hearing(hearing: boolean): void;
}

export interface OrderEventsHub {
  /**
   * Adds a listener (and optionally one of the session changes); resolves once the process is LISTENing
   * (a change committed after that reaches it), with the unsubscribe. Rejects when the database cannot be
   * reached (the route answers 503).
   */
  subscribe(
    listener: OrderEventListener,
    onSession?: SessionEventListener,
    onNotification?: NotificationEventListener,
  ): Promise<() => void>;
  /**
   * Adds a watcher of the auth announcements; resolves once the process is LISTENing (and has told the
   * watcher it hears), with the unsubscribe. Rejects when the database cannot be reached.
   */
  watchAuth(watcher: AuthWatcher): Promise<() => void>;
  /** How many listeners (open streams) there are. */
  readonly size: number;
  /** Stops listening; further subscribes reject. */
  close(): Promise<void>;
}

interface Source {
  close(): Promise<void>;
}

/**
 * One listener per API process (channels `order_events` and `session_events`), fanned out in-process to
 * its SSE streams. Started by the first subscriber.
 * - PostgreSQL: a dedicated `pg` client (not one of the pool's: it stays in LISTEN for the life of the
 *   process), reconnected with backoff when it drops; after a reconnection a `many` event tells every
 *   stream to refresh, since changes made meanwhile were not heard.
 * - PGlite (worker thread or in process): one backend, so the LISTEN goes through `db` and the
 *   notifications come from `pgliteNotificationFeed` (db/database.ts).
 * Payloads of another schema of the same database (parallel tests, benchmarks) are ignored.
 */
export function createOrderEventsHub(options: {
  db: DB;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}): OrderEventsHub {
  const { db, databaseUrl, log } = options;
  const listeners = new Set<OrderEventListener>();
  const sessionListeners = new Set<SessionEventListener>();
  const notificationListeners = new Set<NotificationEventListener>();
  const authWatchers = new Set<AuthWatcher>();
  /** Whether the announcements are heard now (PostgreSQL: the listener's connection is up). */
  let hearing = false;
  let started: Promise<Source> | undefined;
  let closed = false;

  /** Calls every one of `set`; one that throws is logged and does not stop the others. */
  const each = <T>(set: Set<T>, call: (item: T) => void, what: string) => {
    for (const item of set) {
      try {
        call(item);
      } catch (error) {
        log.warn({ err: error }, `${what} failed`);
      }
    }
  };
  const broadcast = (event: OrderEvent) => each(listeners, (listener) => listener(event), 'order event listener');
  const broadcastSession = (event: SessionEvent) =>
    each(sessionListeners, (listener) => listener(event), 'session event listener');
  const broadcastNotification = () =>
    each(notificationListeners, (listener) => listener(), 'notification event listener');
  const broadcastAuth = (call: (watcher: AuthWatcher) => void) => each(authWatchers, call, 'auth watcher');

  const setHearing = (now: boolean) => {
    hearing = now;
    broadcastAuth((watcher) => watcher.hearing(now));
  };

  /** Routes one notification of the four channels (other channels and other schemas are ignored). */
  const dispatcher = (schema: string) => (channel: string, payload: string) => {
    if (
      channel !== ORDER_EVENTS_CHANNEL &&
      channel !== SESSION_EVENTS_CHANNEL &&
      channel !== NOTIFICATION_EVENTS_CHANNEL &&
      channel !== AUTH_EVENTS_CHANNEL
    )
      return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      log.warn({ channel, payload }, 'live event: payload is not JSON');
      return;
    }
    if ((parsed as { schema?: unknown } | null)?.schema !== schema) return;
    if (channel === NOTIFICATION_EVENTS_CHANNEL) {
      broadcastNotification();
      return;
    }
    if (channel === AUTH_EVENTS_CHANNEL) {
      broadcastAuth((watcher) => watcher.changed());
      return;
    }
    if (channel === SESSION_EVENTS_CHANNEL) {
      const event = sessionEventSchema.safeParse(parsed);
      if (event.success) broadcastSession(event.data);
      else log.warn({ payload }, 'session event: unexpected payload');
      return;
    }
    const event = orderEventSchema.safeParse(parsed);
    if (event.success) broadcast(event.data);
    else log.warn({ payload }, 'order event: unexpected payload');
  };

  async function start(): Promise<Source> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const dispatch = dispatcher(rows[0]?.schema ?? 'public');
    const feed = pgliteNotificationFeed(db);
    if (feed) {
      const unsubscribe = feed(dispatch);
      try {
        await sql`listen ${sql.raw(ORDER_EVENTS_CHANNEL)}`.execute(db);
        await sql`listen ${sql.raw(SESSION_EVENTS_CHANNEL)}`.execute(db);
        await sql`listen ${sql.raw(NOTIFICATION_EVENTS_CHANNEL)}`.execute(db);
        await sql`listen ${sql.raw(AUTH_EVENTS_CHANNEL)}`.execute(db);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      // The LISTEN stays: the backend may be shared with other apps of the same process (tests).
      return { close: async () => unsubscribe() };
    }
    if (!databaseUrl) throw new Error('order events: no database to listen to');
    return startPostgresListener(databaseUrl, dispatch);
  }

  /** A dedicated connection in LISTEN, reconnected with backoff until the hub closes. */
  async function startPostgresListener(connectionString: string, dispatch: (channel: string, payload: string) => void) {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = RECONNECT_MIN_MS;
    let stopping = false;

    const connect = async (): Promise<pg.Client> => {
      // Named, so an operator sees it in pg_stat_activity (it idles in LISTEN for the life of the process).
      // Bounded connect, and keepalive so a silently dead peer is noticed: the reconnection loop never stalls.
      const next = new pg.Client({
        connectionString,
        application_name: LISTENER_APPLICATION_NAME,
        connectionTimeoutMillis: 5000,
        keepAlive: true,
      });
      next.on('notification', (message) => {
        if (message.payload !== undefined) dispatch(message.channel, message.payload);
      });
      // A dropped connection emits 'error' (and then 'end'): reconnect once, whatever came first.
      // Failures before the LISTEN took are the caller's (connect throws); after, they reconnect.
      let listening = false;
      let lost = false;
      const onLost = (error?: Error) => {
        if (!listening || lost || stopping) return;
        lost = true;
        log.warn({ err: error }, 'order events: listener connection lost, reconnecting');
        client = undefined;
        setHearing(false);
        next.end().catch(() => {});
        scheduleReconnect();
      };
      next.on('error', onLost);
      next.on('end', () => onLost());
      try {
        await next.connect();
        await next.query(`listen ${ORDER_EVENTS_CHANNEL}`);
        await next.query(`listen ${SESSION_EVENTS_CHANNEL}`);
        await next.query(`listen ${NOTIFICATION_EVENTS_CHANNEL}`);
        await next.query(`listen ${AUTH_EVENTS_CHANNEL}`);
        listening = true;
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      return next;
    };

    const scheduleReconnect = () => {
      if (stopping) return;
      timer = setTimeout(async () => {
        timer = undefined;
        try {
          client = await connect();
          if (stopping) {
            await client.end().catch(() => {});
            return;
          }
          delay = RECONNECT_MIN_MS;
          log.info('order events: listener reconnected');
          // Whatever changed while deaf was not heard: every screen refreshes.
          broadcast({ kind: 'many', count: 0 });
          broadcastNotification();
          setHearing(true);
        } catch (error) {
          log.warn({ err: error }, 'order events: reconnection failed');
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          scheduleReconnect();
        }
      }, delay);
      timer.unref();
    };

    client = await connect();
    return {
      async close() {
        stopping = true;
        if (timer) clearTimeout(timer);
        await client?.end().catch(() => {});
      },
    };
  }

  /** Starts listening once (the first caller); a failed start is tried again by the next caller. */
  async function listening() {
    if (closed) throw new Error('order events: closed');
    if (!started) {
      started = start();
      started.then(
        () => {
          if (!closed) hearing = true;
        },
        () => undefined,
      );
    }
    try {
      await started;
    } catch (error) {
      started = undefined; // the next subscriber tries again
      throw error;
    }
    if (closed) throw new Error('order events: closed');
  }

  return {
    get size() {
      return listeners.size;
    },
    async watchAuth(watcher) {
      await listening();
      authWatchers.add(watcher);
      watcher.hearing(hearing);
      return () => {
        authWatchers.delete(watcher);
      };
    },
    async subscribe(listener, onSession, onNotification) {
      await listening();
      listeners.add(listener);
      if (onSession) sessionListeners.add(onSession);
      if (onNotification) notificationListeners.add(onNotification);
      return () => {
        listeners.delete(listener);
        if (onSession) sessionListeners.delete(onSession);
        if (onNotification) notificationListeners.delete(onNotification);
      };
    },
    async close() {
      closed = true;
      setHearing(false);
      authWatchers.clear();
      listeners.clear();
      sessionListeners.clear();
      notificationListeners.clear();
      const source = await started?.catch(() => undefined);
      await source?.close();
    },
  };
}

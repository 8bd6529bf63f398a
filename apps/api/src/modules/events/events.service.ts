import { type OrderEvent, orderEventSchema } from '@backoffice/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type DB, pgliteNotificationFeed } from '../../db/database';
import {
  AUTH_EVENTS_CHANNEL,
  NOTIFICATION_EVENTS_CHANNEL,
  ORDER_EVENTS_CHANNEL,
  SESSION_EVENTS_CHANNEL,
} from './event-channels';
import { startPostgresListener } from './postgres-listener';

/** The channels of the database's announcements, and the listener connection's name. */
export {
  AUTH_EVENTS_CHANNEL,
  LISTENER_APPLICATION_NAME,
  NOTIFICATION_EVENTS_CHANNEL,
  ORDER_EVENTS_CHANNEL,
  SESSION_EVENTS_CHANNEL,
} from './event-channels';

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
    return startPostgresListener(databaseUrl, dispatch, {
      log,
      setHearing,
      reconnected: () => {
        // Whatever changed while deaf was not heard: every screen refreshes.
        broadcast({ kind: 'many', count: 0 });
        broadcastNotification();
        setHearing(true);
      },
    });
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

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  AUTH_EVENTS_CHANNEL,
  LISTENER_APPLICATION_NAME,
  NOTIFICATION_EVENTS_CHANNEL,
  ORDER_EVENTS_CHANNEL,
  SESSION_EVENTS_CHANNEL,
} from './event-channels';

/** Waits between reconnections of the PostgreSQL listener: 1 s, 2 s, 4 s… up to 30 s. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/** What the listener tells its hub: whether the announcements are heard, and that they are heard again. */
export interface ListenerHooks {
  log: FastifyBaseLogger;
  setHearing(hearing: boolean): void;
  /** Back after a loss: whatever changed while deaf was not heard (the hub has every screen refresh). */
  reconnected(): void;
}

/** A dedicated connection in LISTEN, reconnected with backoff until the hub closes. */
export async function startPostgresListener(
  connectionString: string,
  dispatch: (channel: string, payload: string) => void,
  hub: ListenerHooks,
): Promise<{ close(): Promise<void> }> {
  const { log, setHearing, reconnected } = hub;
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
        reconnected();
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

import {
  NOTIFICATION_EVENT_NAME,
  ORDER_EVENT_NAME,
  ORDER_EVENTS_RETRY_MS,
  type OrderEvent,
  readOrderEvent,
} from '@backoffice/contract';
import { createSseParser } from './sse';

export const ORDER_EVENTS_URL = '/api/orders/events';
/** The longest wait between reconnection attempts. */
export const MAX_RECONNECT_MS = 30_000;

export interface OrderEventsOptions {
  /** The bearer token (EventSource cannot send one: the stream is read with fetch). */
  token: string;
  onEvent: (event: OrderEvent) => void;
  /** `event: notification`: the bell may have changed (a customer registered, a Pix arrived…). */
  onNotification?: () => void;
  /** The stream is open; `reconnected` when it is not the first time (changes may have been missed). */
  onOpen?: (reconnected: boolean) => void;
  /**
   * The server answered 401: the session is over (signed out elsewhere, blocked, password changed: the
   * server also ends the open stream within seconds of it). A network error is not this (decision 0004).
   */
  onSessionOver?: () => void;
}

/**
 * Reads GET /api/orders/events with fetch and a ReadableStream, and keeps it open: after a network error,
 * a 5xx or the server ending the stream (restart, deploy) it reconnects after the server's `retry:` hint,
 * doubling up to 30 s with some jitter while it keeps failing: a lost connection never signs anyone out.
 * A 401/403 (session over, permission gone) or 404 (a server without the endpoint) stops it: retrying would
 * not help; a 401 also calls `onSessionOver`. Returns the stop function.
 */
export function connectOrderEvents({
  token,
  onEvent,
  onNotification,
  onOpen,
  onSessionOver,
}: OrderEventsOptions): () => void {
  const abort = new AbortController();
  const { signal } = abort;
  let retryMs = ORDER_EVENTS_RETRY_MS;
  let failures = 0;
  let opened = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  const backoff = () => {
    const base = Math.min(retryMs * 2 ** failures, MAX_RECONNECT_MS);
    failures++;
    return base * (0.75 + Math.random() * 0.5);
  };

  const newParser = () =>
    createSseParser({
      onMessage: (message) => {
        if (message.event === NOTIFICATION_EVENT_NAME) {
          onNotification?.();
          return;
        }
        if (message.event !== ORDER_EVENT_NAME) return;
        try {
          // The contract's reader, not its schema: the same answer without loading zod (decision 0026).
          const event = readOrderEvent(JSON.parse(message.data));
          if (event) onEvent(event);
        } catch {
          // not JSON: ignore this one
        }
      },
      onRetry: (ms) => {
        retryMs = Math.max(ms, 500);
      },
    });

  async function run() {
    while (!signal.aborted) {
      let response: Response;
      try {
        response = await fetch(ORDER_EVENTS_URL, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal,
        });
      } catch {
        if (signal.aborted) return;
        await wait(backoff());
        continue;
      }
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        await response.body?.cancel().catch(() => {});
        if (response.status === 401 && !signal.aborted) onSessionOver?.();
        return;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        await wait(backoff());
        continue;
      }
      onOpen?.(opened);
      opened = true;
      failures = 0;
      // A fresh parser per connection: half an event of a dropped stream must not join the next one.
      const parser = newParser();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
        }
      } catch {
        // the connection dropped (or we stopped)
      }
      if (signal.aborted) return;
      // An end of stream at once after opening would loop fast: it counts as a failure.
      await wait(backoff());
    }
  }

  void run();
  return () => abort.abort();
}

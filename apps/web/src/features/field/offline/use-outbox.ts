import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { ordersKeys } from '../../../components/orders/order-keys';
import type { SeenOrder } from '../../../components/orders/use-order-move';
import { FIELD_TEXTS } from '../texts';
import { dismiss, flush, keep, type OutboxItem, outboxOf, retryRefused } from './outbox';

const T = FIELD_TEXTS.offline;

/** The first wait before kept moves are tried again after no answer or a server error; it doubles each time. */
export const RETRY_FIRST_MS = 2_000;
/** The longest wait between two tries. */
export const RETRY_MAX_MS = 60_000;

/**
 * The phone's kept moves for this employee: what waits to be sent, what the server refused. They are sent
 * when the screen opens, whenever the connection comes back (the browser's 'online' event), and, while a try
 * gets no answer or a server error, again after a wait that doubles (2 s, 4 s, … at most a minute), in order.
 */
export function useOutbox(employeeId: number | null) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  /** When the next automatic try is due (after no answer or a server error), or null. */
  const [retryAt, setRetryAt] = useState<number | null>(null);
  /** The last try was answered by a server error (not a lost connection). */
  const [serverError, setServerError] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const flushing = useRef(false);
  /** A send asked for while one was under way: it runs again once that one ends. */
  const sendAgain = useRef(false);
  const failedTries = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sendRef = useRef<() => Promise<void>>(async () => undefined);

  // Without IndexedDB (a private window of some browsers) nothing can be kept: moves need the connection.
  const usable = employeeId !== null && typeof indexedDB !== 'undefined';

  const reload = useCallback(async () => {
    if (!usable || employeeId === null) return;
    setItems(await outboxOf(employeeId));
  }, [employeeId, usable]);

  /** Tries again later: each failed try doubles the wait. */
  const tryAgainLater = useCallback(() => {
    clearTimeout(timer.current);
    const wait = Math.min(RETRY_FIRST_MS * 2 ** failedTries.current, RETRY_MAX_MS);
    failedTries.current++;
    setRetryAt(Date.now() + wait);
    timer.current = setTimeout(() => void sendRef.current(), wait);
  }, []);

  const send = useCallback(async () => {
    if (!usable || employeeId === null) return;
    if (flushing.current) {
      sendAgain.current = true;
      return;
    }
    flushing.current = true;
    clearTimeout(timer.current);
    setRetryAt(null);
    try {
      const result = await flush(employeeId, undefined, T.sendFailed);
      if (result.sent > 0) {
        notify.success(T.sent(result.sent));
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      }
      if (result.refused > 0) notify.error(T.refused(result.refused));
      setServerError(result.serverError);
      if (result.stopped) tryAgainLater();
      else failedTries.current = 0;
    } finally {
      flushing.current = false;
      await reload();
    }
    if (sendAgain.current) {
      sendAgain.current = false;
      await sendRef.current();
    }
  }, [employeeId, notify, queryClient, reload, usable, tryAgainLater]);
  sendRef.current = send;

  useEffect(() => {
    void send();
    const online = () => {
      failedTries.current = 0;
      void send();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [send]);

  return {
    pending: items.filter((item) => item.state === 'pending'),
    refused: items.filter((item) => item.state === 'refused'),
    /** Whether moves can be kept on this phone. */
    usable,
    retryAt,
    serverError,
    /** Keeps a move whose first try got no answer or a server error; it is tried again after the first wait. */
    async add(item: OutboxItem, byServerError = false) {
      await keep(item);
      await reload();
      setServerError(byServerError);
      failedTries.current = 0;
      tryAgainLater();
    },
    /** The courier discards a refused move: its signature and photos leave the phone. */
    async dismiss(key: string) {
      await dismiss(key);
      await reload();
    },
    /** The courier tries a refused move again (with the order as the screen shows it now). */
    async retry(key: string, seen?: SeenOrder) {
      await retryRefused(key, seen);
      failedTries.current = 0;
      await send();
    },
    send,
  };
}

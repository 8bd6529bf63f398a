import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/notifier';
import { ordersKeys } from '../../../components/orders/order-keys';
import { FIELD_TEXTS } from '../texts';
import { dismiss, flush, keep, type OutboxItem, outboxOf } from './outbox';

const T = FIELD_TEXTS.offline;

/**
 * The phone's kept moves for this employee: what waits to be sent, what the server refused. They are sent
 * when the screen opens and whenever the connection comes back (the browser's 'online' event), in order.
 */
export function useOutbox(employeeId: number | null) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const flushing = useRef(false);

  // Without IndexedDB (a private window of some browsers) nothing can be kept: moves need the connection.
  const usable = employeeId !== null && typeof indexedDB !== 'undefined';

  const reload = useCallback(async () => {
    if (!usable || employeeId === null) return;
    setItems(await outboxOf(employeeId));
  }, [employeeId, usable]);

  const send = useCallback(async () => {
    if (!usable || employeeId === null || flushing.current) return;
    flushing.current = true;
    try {
      const result = await flush(employeeId, undefined, T.sendFailed);
      if (result.sent > 0) {
        notify.success(T.sent(result.sent));
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      }
      if (result.refused > 0) notify.error(T.refused(result.refused));
    } finally {
      flushing.current = false;
      await reload();
    }
  }, [employeeId, notify, queryClient, reload, usable]);

  useEffect(() => {
    void send();
    const online = () => void send();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [send]);

  return {
    pending: items.filter((item) => item.state === 'pending'),
    refused: items.filter((item) => item.state === 'refused'),
    /** Whether moves can be kept on this phone. */
    usable,
    async add(item: OutboxItem) {
      await keep(item);
      await reload();
    },
    async dismiss(key: string) {
      await dismiss(key);
      await reload();
    },
    send,
  };
}

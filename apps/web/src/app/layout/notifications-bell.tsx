import type { Notification, Notifications } from '@backoffice/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/plain/icon';
import { MuiScope } from '../../components/theme/mui-scope';
import { useKeptMounted } from '../../components/use-kept-mounted';
import { api } from '../../lib/api-client';
import { useFirstPaintDone } from '../../lib/first-paint';
import { notificationKeys } from '../../lib/shared-queries';
import { BELL_TEXTS } from './bell-texts';

export { BELL_TEXTS, relativeTime } from './bell-texts';

/** The list, drawn with MUI: fetched when the bell first opens. */
const NotificationsMenu = lazy(() => import('./notifications-menu'));

/** Without a live event (a role that does not follow the orders, a stream down), the bell rereads every minute. */
export const BELL_REFETCH_MS = 60_000;

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.lists(),
  queryFn: () => api<Notifications>('/notifications'),
  refetchInterval: BELL_REFETCH_MS,
});

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013): the badge is the employee's unread count; the menu
 * lists what needs him (GET /notifications, his permissions), newest first, the unread marked; a click
 * marks it read and opens the screen that handles it. Refreshed by the live events (use-order-events) and
 * every minute.
 */
export function NotificationsBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useKeptMounted(anchor !== null, () => setAnchor(null));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Asked once the first screen is painted (decision 0029): the page's own data first on a slow link.
  const { data, isError, isPending } = useQuery({ ...notificationsQuery, enabled: useFirstPaintDone() });
  const markRead = useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) =>
      api<{ unread: number }>('/notifications/read', { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  const unread = data?.unread ?? 0;

  const open = (item: Notification) => {
    setAnchor(null);
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    navigate(item.link);
  };

  return (
    <>
      <button
        type="button"
        className="pl-icon-button"
        aria-label={BELL_TEXTS.button(unread)}
        aria-haspopup="true"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <span className="pl-badge">
          <Icon name="notificationsNone" />
          {unread > 0 ? <span className="pl-badge-count">{BELL_TEXTS.count(unread)}</span> : null}
        </span>
      </button>
      {menu.mounted ? (
        <MuiScope onFailed={menu.failed}>
          <NotificationsMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            data={data}
            isError={isError}
            isPending={isPending}
            markAllPending={markRead.isPending}
            onMarkAll={() => markRead.mutate({ all: true })}
            onOpen={open}
          />
        </MuiScope>
      ) : null}
    </>
  );
}

import type { Notification, Notifications } from '@backoffice/contract';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { notificationKeys } from '../../lib/shared-queries';

export const BELL_TEXTS = {
  title: 'Notificações',
  /** The bell's name holds the badge's number, as the name of a control must hold its visible text. */
  button: (unread: number) => `Notificações: ${unread}`,
  markAll: 'Marcar todas como lidas',
  empty: 'Nenhuma notificação por aqui.',
  failed: 'Não foi possível carregar as notificações.',
  loading: 'Carregando…',
  unread: 'Não lida',
} as const;

/** Without a live event (a role that does not follow the orders, a stream down), the bell rereads every minute. */
export const BELL_REFETCH_MS = 60_000;

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.lists(),
  queryFn: () => api<Notifications>('/notifications'),
  refetchInterval: BELL_REFETCH_MS,
});

/** "agora", "há 5 min", "há 2 h", "há 3 dias"; beyond a week the date, DD/MM/YYYY. */
export function relativeTime(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `há ${days} ${days === 1 ? 'dia' : 'dias'}`;
  return new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

/**
 * The top bar's bell (issue 20 §1, docs/decisions/0013): the badge is the employee's unread count; the menu
 * lists what needs him (GET /notifications, his permissions), newest first, the unread marked; a click
 * marks it read and opens the screen that handles it. Refreshed by the live events (use-order-events) and
 * every minute.
 */
export function NotificationsBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, isError, isPending } = useQuery(notificationsQuery);
  const markRead = useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) =>
      api<{ unread: number }>('/notifications/read', { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  const unread = data?.unread ?? 0;
  const items = data?.data ?? [];

  const open = (item: Notification) => {
    setAnchor(null);
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    navigate(item.link);
  };

  return (
    <>
      <IconButton aria-label={BELL_TEXTS.button(unread)} onClick={(event) => setAnchor(event.currentTarget)}>
        <Badge badgeContent={unread} max={99} color="error" data-testid="notifications-badge">
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(400px, calc(100vw - 16px))', maxHeight: 'min(560px, 75vh)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            {BELL_TEXTS.title}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {BELL_TEXTS.markAll}
          </Button>
        </Box>
        <Divider />
        {isPending ? (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary" variant="body2">
            {BELL_TEXTS.loading}
          </Typography>
        ) : isError && items.length === 0 ? (
          <Typography sx={{ px: 2, py: 2 }} color="error" variant="body2" role="alert">
            {BELL_TEXTS.failed}
          </Typography>
        ) : items.length === 0 ? (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary" variant="body2">
            {BELL_TEXTS.empty}
          </Typography>
        ) : (
          <MenuList aria-label={BELL_TEXTS.title} autoFocusItem sx={{ py: 0 }}>
            {items.map((item) => {
              const isUnread = item.readAt === null;
              return (
                <MenuItem
                  key={item.id}
                  onClick={() => open(item)}
                  data-unread={isUnread}
                  sx={{
                    alignItems: 'flex-start',
                    gap: 1.5,
                    py: 1.25,
                    whiteSpace: 'normal',
                    bgcolor: isUnread ? 'action.hover' : undefined,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      mt: 0.75,
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      flexShrink: 0,
                      bgcolor: isUnread ? 'primary.main' : 'transparent',
                    }}
                  />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: isUnread ? 700 : 500 }}>
                      {isUnread ? <Box component="span" sx={visuallyHidden}>{`${BELL_TEXTS.unread}: `}</Box> : null}
                      {item.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {item.body}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="time" dateTime={item.createdAt}>
                      {relativeTime(item.createdAt)}
                    </Typography>
                  </Box>
                </MenuItem>
              );
            })}
          </MenuList>
        )}
      </Popover>
    </>
  );
}

import type { Notification, Notifications } from '@backoffice/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { BELL_TEXTS, relativeTime } from './bell-texts';

/**
 * The bell's list (notifications-bell.tsx), fetched the first time it opens, under the MUI theme: the top bar
 * itself loads no MUI (decision 0028).
 */
export default function NotificationsMenu({
  anchor,
  onClose,
  data,
  isError,
  isPending,
  markAllPending,
  onMarkAll,
  onOpen,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  data: Notifications | undefined;
  isError: boolean;
  isPending: boolean;
  markAllPending: boolean;
  onMarkAll: () => void;
  onOpen: (item: Notification) => void;
}) {
  const unread = data?.unread ?? 0;
  const items = data?.data ?? [];
  return (
    <Popover
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 'min(400px, calc(100vw - 16px))', maxHeight: 'min(560px, 75vh)' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {BELL_TEXTS.title}
        </Typography>
        <Button size="small" disabled={unread === 0 || markAllPending} onClick={onMarkAll}>
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
                onClick={() => onOpen(item)}
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
  );
}

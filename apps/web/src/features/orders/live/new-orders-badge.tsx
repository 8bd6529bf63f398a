import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useNewOrders } from './live-store';
import { LIVE_TEXTS } from './texts';

/**
 * The count of new orders beside 'Pedidos' in the sidebar (nothing while zero). The pill is hidden from
 * screen readers, which read the words instead: the link's name becomes "Pedidos (2 novos pedidos)".
 */
export function NewOrdersBadge() {
  const count = useNewOrders();
  if (count === 0) return null;
  return (
    <>
      <Box
        component="span"
        aria-hidden
        data-testid="new-orders-badge"
        sx={{
          ml: 1,
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: 12,
          fontWeight: 700,
          lineHeight: '20px',
          textAlign: 'center',
          flexShrink: 0,
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
      <Box
        component="span"
        sx={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {` (${LIVE_TEXTS.newOrders(count)})`}
      </Box>
    </>
  );
}

/**
 * The top bar's menu icon with the same count (phones: the sidebar, and its 'Pedidos' count, is in the
 * drawer the icon opens). `menuLabel` is the button's name with the count in words.
 */
export function NewOrdersMenuIcon({ children }: { children: ReactNode }) {
  const count = useNewOrders();
  return (
    <Badge badgeContent={count} color="error" max={99}>
      {children}
    </Badge>
  );
}
export function useMenuLabel(label: string) {
  const count = useNewOrders();
  return count === 0 ? label : `${label} (${LIVE_TEXTS.newOrders(count)})`;
}

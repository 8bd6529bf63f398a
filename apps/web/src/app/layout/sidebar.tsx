import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { NewOrdersBadge } from '../../features/orders/live/new-orders-badge';
import { hasAccess, useSession } from '../../lib/session';
import { ADMIN_PAGES } from '../admin-pages';
import { NAV_ICONS } from './nav-icons';

export const SIDEBAR_BG = '#0f172a';

/** The pages the signed-in user may open, in menu order (hidden pages left out). */
export function useNavEntries() {
  useSession();
  return ADMIN_PAGES.filter((page) => !page.hidden && hasAccess(page));
}

/** The sidebar's content: brand and one entry per allowed page. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const entries = useNavEntries();
  return (
    <Box sx={{ height: '100%', bgcolor: SIDEBAR_BG, color: '#cbd5e1', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, height: 64, flexShrink: 0 }}>
        <StorefrontIcon sx={{ color: '#60a5fa' }} />
        <Typography variant="h6" component="div" sx={{ color: '#fff', letterSpacing: 0.3 }}>
          BackOffice
        </Typography>
      </Box>
      <Box component="nav" aria-label="Menu principal" sx={{ flex: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1.5 }}>
          {entries.map(({ path, label }) => {
            const Icon = NAV_ICONS[path];
            return (
              <ListItem key={path} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={`/admin/${path}`}
                  onClick={onNavigate}
                  sx={{
                    borderRadius: 1.5,
                    mb: 0.5,
                    color: 'inherit',
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.06)' },
                    '&.active': { bgcolor: 'rgba(96,165,250,0.16)', color: '#fff' },
                    '&.active .MuiListItemIcon-root': { color: '#60a5fa' },
                  }}
                >
                  <ListItemIcon sx={{ color: '#94a3b8', minWidth: 40 }}>
                    {Icon ? <Icon fontSize="small" /> : null}
                  </ListItemIcon>
                  <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: 14, fontWeight: 500 } } }} />
                  {path === 'orders' ? <NewOrdersBadge /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}

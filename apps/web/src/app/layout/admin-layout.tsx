import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useOrderEvents } from '../../features/orders/live/use-order-events';
import { canSetUpShop } from '../../features/settings/components/first-run-access';
import { signOut } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { SIDEBAR_WIDTH, theme } from '../theme';
import { AdminProviders } from './admin-providers';
import { SIDEBAR_BG, Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/**
 * 'Configuração inicial' watches for those who can set the shop up (the settings permission) and is fetched only
 * for them: the others (a courier's phone) neither download nor run the settings' code and schemas.
 */
const FirstRunGate = lazy(() =>
  import('../../features/settings/components/first-run-gate').then((code) => ({ default: code.FirstRunGate })),
);

/** Longest delay setTimeout accepts (about 24.8 days). */
const MAX_TIMEOUT = 2_147_483_647;

/** Signs out (to `/`) the moment the stored expiry passes. */
function useExpiryTimer() {
  const session = useSession();
  const expires = session?.expires;
  useEffect(() => {
    if (!expires) return;
    const timer = setTimeout(signOut, Math.min(Math.max(expires - Date.now(), 0), MAX_TIMEOUT));
    return () => clearTimeout(timer);
  }, [expires]);
}

/**
 * Sidebar (260 px; a temporary drawer below 960 px), top bar, page and footer, under the signed-in screens'
 * providers (MUI X's texts, dates, confirmation: admin-providers.tsx).
 */
export default function AdminLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const session = useSession();
  const canSetUp = canSetUpShop(session);
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true, defaultMatches: true });
  useExpiryTimer();
  // Live updates of the orders, once for the whole signed-in app (features/orders/live).
  useOrderEvents();

  return (
    <AdminProviders>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <TopBar onMenuClick={() => setMobileOpen(true)} />
        {/* The column itself is dark and as tall as the page, so the fixed sidebar never ends above the page's
          bottom (issue 8: a white band under it on long pages, in full-page captures and prints). */}
        <Box
          component="aside"
          sx={{
            width: { md: SIDEBAR_WIDTH },
            flexShrink: { md: 0 },
            bgcolor: { md: SIDEBAR_BG },
            alignSelf: 'stretch',
          }}
        >
          {/* Drawn when opened (not kept mounted): a phone's first screen does not build the menu twice. */}
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{
              display: { xs: 'block', md: 'none' },
              '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, bgcolor: SIDEBAR_BG, border: 0 },
            }}
          >
            <Sidebar onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          {/* Built only where it shows (960 px and wider): a phone does not build a hidden menu. Where the
            width cannot be read (tests), it is built. */}
          {wide ? (
            <Drawer
              variant="permanent"
              open
              sx={{
                display: { xs: 'none', md: 'block' },
                '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, bgcolor: SIDEBAR_BG, border: 0, boxSizing: 'border-box' },
              }}
            >
              <Sidebar />
            </Drawer>
          ) : null}
        </Box>
        <Box
          sx={{
            flexGrow: 1,
            minWidth: 0,
            width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <Toolbar />
          {/* At least a screen tall: the footer starts below the fold, so a page's list arriving does not push a
            footer already on screen (a layout shift, Lighthouse's CLS on the phone). */}
          <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh', p: { xs: 2, sm: 3 } }}>
            <Outlet />
          </Box>
          {/* 'Configuração inicial' (issue 21 §1): opens by itself for an administrator of a shop not set up yet. */}
          {canSetUp ? (
            <Suspense fallback={null}>
              <FirstRunGate />
            </Suspense>
          ) : null}
          <Box component="footer" sx={{ px: 3, py: 2, borderTop: '1px solid', borderColor: 'divider' }}>
            <Typography variant="body2" color="text.secondary" align="center">
              © {new Date().getFullYear()} BackOffice. Todos os direitos reservados.
            </Typography>
          </Box>
        </Box>
      </Box>
    </AdminProviders>
  );
}

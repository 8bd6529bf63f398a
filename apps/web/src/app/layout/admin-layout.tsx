import { businessDay, DISCOUNT_APPROVALS_HASH } from '@backoffice/contract';
import { lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MuiScope } from '../../components/theme/mui-scope';
import { useKeptMounted } from '../../components/use-kept-mounted';
import { useOrderEvents } from '../../features/orders/live/use-order-events';
import { canSetUpShop } from '../../features/settings/components/first-run-access';
import { signOut } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import './layout.css';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/**
 * 'Configuração inicial' watches for those who can set the shop up (the settings permission) and is fetched only
 * for them: the others (a courier's phone) neither download nor run the settings' code and schemas.
 */
const FirstRunGate = lazy(() =>
  import('../../features/settings/components/first-run-gate').then((code) => ({ default: code.FirstRunGate })),
);
/** The phone's menu, in MUI's drawer: fetched the first time it opens. */
const MobileDrawer = lazy(() => import('./mobile-drawer'));
/** 'Aprovações de desconto' (decision 0045): opened by the bell's link, over the page one is on. */
const DiscountApprovalsDialog = lazy(() => import('./discount-approvals-dialog'));

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

/** The theme's `md` breakpoint (960 px): the sidebar is fixed from there, a drawer below. */
const WIDE = '(min-width: 960px)';

/** Whether the window is 960 px or wider; where it cannot be read (tests without matchMedia), it is. */
function useWide(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE).matches : true),
  );
}

/**
 * Sidebar (260 px; a drawer below 960 px), top bar, page and footer: plain elements in MUI's look (layout.css),
 * so that a phone's first screen ('Minhas tarefas') loads no MUI; the pages drawn with MUI bring its theme
 * (MuiScope, routes.tsx), as do the drawer, the menus and the dialogs the layout opens (decision 0028).
 */
export default function AdminLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const drawer = useKeptMounted(mobileOpen, () => setMobileOpen(false));
  const session = useSession();
  const canSetUp = canSetUpShop(session);
  const wide = useWide();
  useExpiryTimer();
  // Live updates of the orders, once for the whole signed-in app (features/orders/live).
  useOrderEvents();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <div className="al-root">
      <TopBar onMenuClick={() => setMobileOpen(true)} />
      {/* The column itself is dark and as tall as the page, so the fixed sidebar never ends above the page's
          bottom (issue 8: a white band under it on long pages, in full-page captures and prints). */}
      <aside className="al-aside">
        {drawer.mounted && !wide ? (
          <MuiScope onFailed={drawer.failed}>
            <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} />
          </MuiScope>
        ) : null}
        {/* Built only where it shows (960 px and wider): a phone does not build a hidden menu. */}
        {wide ? (
          <div className="al-fixed-sidebar">
            <Sidebar />
          </div>
        ) : null}
      </aside>
      <div className="al-column">
        <div className="al-spacer" />
        {/* At least a screen tall: the footer starts below the fold, so a page's list arriving does not push a
            footer already on screen (a layout shift, Lighthouse's CLS on the phone). */}
        <main className="al-main">
          <Outlet />
        </main>
        {location.hash === DISCOUNT_APPROVALS_HASH ? (
          <MuiScope>
            <DiscountApprovalsDialog
              onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true })}
            />
          </MuiScope>
        ) : null}
        {/* 'Configuração inicial' (issue 21 §1): opens by itself for an administrator of a shop not set up yet. */}
        {canSetUp ? (
          <MuiScope>
            <FirstRunGate />
          </MuiScope>
        ) : null}
        <footer className="al-footer">
          <p>© {businessDay(new Date()).slice(0, 4)} BackOffice. Todos os direitos reservados.</p>
        </footer>
      </div>
    </div>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadBoundary } from '../components/load-boundary';
import { LoadFailed } from '../components/load-failed';
import { PageLoader } from '../components/page-loader';
import { MuiScope, muiProvidersCode } from '../components/theme/mui-scope';
import { prefetchFirstTasks } from '../features/field/api/tasks-api';
import { type CodeLoader, codeLoader, lazyComponent } from '../lib/code-loader';
import { getSession } from '../lib/session-store';
import { ADMIN_PAGES, type AdminPath, DEFAULT_ADMIN_PATH } from './admin-pages';
import { LoginPage, loginCode, RequireAuth, RequirePermission } from './guard';
import { prefetchAfterLogin, prefetchLogin } from './prefetch';

/** Each admin page's code (`features/<domain>/pages/<x>-page.tsx`, default export), fetched when needed. */
const PAGE_CODE: Record<AdminPath, CodeLoader<{ default: ComponentType }>> = {
  dashboard: codeLoader(() => import('../features/dashboard/pages/dashboard-page')),
  customers: codeLoader(() => import('../features/customers/pages/customers-page')),
  products: codeLoader(() => import('../features/products/pages/products-page')),
  employees: codeLoader(() => import('../features/employees/pages/employees-page')),
  roles: codeLoader(() => import('../features/roles/pages/roles-page')),
  orders: codeLoader(() => import('../features/orders/pages/orders-page')),
  dispatch: codeLoader(() => import('../features/dispatch/pages/dispatch-page')),
  tasks: codeLoader(() => import('../features/field/pages/tasks-page')),
  repairs: codeLoader(() => import('../features/repairs/pages/repairs-page')),
  'repair-tasks': codeLoader(() => import('../features/repairs/pages/repair-tasks-page')),
  reports: codeLoader(() => import('../features/reports/pages/reports-page')),
  reportDetail: codeLoader(() => import('../features/reports/pages/report-detail-page')),
  selling: codeLoader(() => import('../features/selling/pages/selling-page')),
  counter: codeLoader(() => import('../features/counter/pages/counter-page')),
  quotes: codeLoader(() => import('../features/quotes/pages/quotes-page')),
  cash: codeLoader(() => import('../features/cash/pages/cash-page')),
  receivables: codeLoader(() => import('../features/receivables/pages/receivables-page')),
  'cash-flow': codeLoader(() => import('../features/cash-flow/pages/cash-flow-page')),
  'bank-reconciliation': codeLoader(() => import('../features/bank-reconciliation/pages/bank-reconciliation-page')),
  'fiscal-notes': codeLoader(() => import('../features/fiscal-notes/pages/fiscal-notes-page')),
  'trade-ins': codeLoader(() => import('../features/trade-ins/pages/trade-ins-page')),
  suppliers: codeLoader(() => import('../features/suppliers/pages/suppliers-page')),
  payables: codeLoader(() => import('../features/payables/pages/payables-page')),
  purchaseEntry: codeLoader(() => import('../features/purchases/pages/nfe-entry-page')),
  purchases: codeLoader(() => import('../features/purchases/pages/purchases-page')),
  settings: codeLoader(() => import('../features/settings/pages/settings-page')),
};
/**
 * The first data of a page, asked for with its code (decision 0025): the page's query finds it in the cache. Each
 * answers a promise settled when the answer (or its failure) has arrived.
 */
const PAGE_FIRST_DATA: Partial<Record<AdminPath, (queryClient: QueryClient) => Promise<void>>> = {
  tasks: prefetchFirstTasks,
};

/**
 * How long the app's first screen waits for a page's first data (besides its code) before it draws the page with
 * its own loader: the screen comes whole at once, and what the layout does after its first paint (the bell, the
 * live channel) does not share the link with that data (decision 0029); a server slow to answer shows the
 * layout after this long.
 */
const FIRST_DATA_WAIT_MS = 2_000;

function atMost(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const forgotPasswordCode = codeLoader(() => import('../features/auth/pages/forgot-password-page'));
const adminLayoutCode = codeLoader(() => import('./layout/admin-layout'));

/**
 * The pages drawn without MUI (plain elements and style sheets): 'Minhas tarefas', the courier's and the
 * stocker's first screen on a phone (decision 0028). Every other page is drawn under MUI's theme, fetched with it.
 */
const PLAIN_PAGES: ReadonlySet<AdminPath> = new Set(['tasks']);

/** Each admin page's code-split component. */
const PAGES = Object.fromEntries(
  Object.entries(PAGE_CODE).map(([path, code]) => [path, lazyComponent(code)]),
) as Record<AdminPath, LazyExoticComponent<ComponentType>>;

const ForgotPasswordPage = lazyComponent(forgotPasswordCode);
const LogoutPage = lazy(() => import('../features/auth/pages/logout-page'));
const AdminLayout = lazyComponent(adminLayoutCode);
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
/** The public status page of a service order (`/os/{token}`, the receipt's QR code): no sign-in, no admin layout. */
const RepairStatusPage = lazy(() => import('../features/repairs/pages/repair-status-page'));

/**
 * Starts fetching the code of the address the app opens on, all of it at once: the sign-in page at `/` and
 * `/login`; the admin layout and the page inside it under `/admin/…` (otherwise the page's code is asked only
 * once the layout's has arrived and rendered: one more round trip on a phone, decision 0021). The lazy
 * components then find their modules on the way, or drawn at once once arrived (decision 0029). With
 * `queryClient`, a signed-in user's page whose first data is known (`PAGE_FIRST_DATA`) has it asked for too.
 * Resolves when the code has arrived, or could not be (the lazy components then report it), and that first data
 * has, or `FIRST_DATA_WAIT_MS` have passed.
 */
export function startLoadingCodeFor(pathname: string, queryClient?: QueryClient): Promise<unknown> {
  const started: Promise<unknown>[] = [];
  if (pathname === '/' || pathname === '/login') started.push(loginCode(), muiProvidersCode());
  else if (pathname === '/forgot-password') started.push(forgotPasswordCode(), muiProvidersCode());
  else if (pathname.startsWith('/os/')) started.push(muiProvidersCode());
  else if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    started.push(adminLayoutCode());
    const segment = pathname.split('/')[2] ?? '';
    if (Object.hasOwn(PAGE_CODE, segment)) {
      started.push(PAGE_CODE[segment as AdminPath]());
      if (!PLAIN_PAGES.has(segment as AdminPath)) started.push(muiProvidersCode());
      const firstData = queryClient && getSession() ? PAGE_FIRST_DATA[segment as AdminPath]?.(queryClient) : undefined;
      if (firstData) started.push(atMost(firstData, FIRST_DATA_WAIT_MS));
    } else started.push(muiProvidersCode());
  }
  // The lazy components report a failed fetch themselves (they ask again, and fail in view).
  return Promise.all(started).catch(() => undefined);
}

function AdminPageOf({ path }: { path: AdminPath }) {
  const Page = PAGES[path];
  if (PLAIN_PAGES.has(path)) {
    return (
      <LoadBoundary failed={<LoadFailed />}>
        <Suspense fallback={<PageLoader />}>
          <Page />
        </Suspense>
      </LoadBoundary>
    );
  }
  return (
    <MuiScope fallback={<PageLoader />} failed={<LoadFailed />}>
      <Page />
    </MuiScope>
  );
}

/** A page outside the admin layout (sign-in, password, sign-out), drawn with MUI. */
function page(element: React.ReactNode) {
  return (
    <MuiScope fallback={<PageLoader fullScreen />} failed={<LoadFailed fullScreen />}>
      {element}
    </MuiScope>
  );
}

export const appRoutes: RouteObject[] = [
  { path: '/', element: page(<LoginPage prefetch={prefetchAfterLogin} />) },
  { path: '/login', element: page(<LoginPage prefetch={prefetchAfterLogin} />) },
  { path: '/forgot-password', element: page(<ForgotPasswordPage prefetch={prefetchLogin} />) },
  { path: '/logout', element: page(<LogoutPage />) },
  { path: '/os/:token', element: page(<RepairStatusPage />) },
  {
    path: '/admin',
    element: (
      <RequireAuth>
        <LoadBoundary failed={<LoadFailed fullScreen />}>
          <Suspense fallback={<PageLoader fullScreen />}>
            <AdminLayout />
          </Suspense>
        </LoadBoundary>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
      ...ADMIN_PAGES.map(({ path, permissions, functions }) => ({
        path,
        element: (
          <RequirePermission permissions={permissions} functions={functions}>
            <AdminPageOf path={path} />
          </RequirePermission>
        ),
      })),
      {
        path: 'profile',
        element: (
          <MuiScope fallback={<PageLoader />} failed={<LoadFailed />}>
            <ProfilePage />
          </MuiScope>
        ),
      },
      { path: '*', element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
    ],
  },
  { path: '*', element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
];

/**
 * The app's screens, under the browser's `<BrowserRouter>` (app.tsx): React Router's declarative mode, without
 * its data router (loaders, actions, fetchers: nothing here uses them), whose code is half the router's weight on
 * a phone's first download (decision 0029). Tests render the same `appRoutes` in a memory router.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

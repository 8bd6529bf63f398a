import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { ADMIN_PAGES, type AdminPath, DEFAULT_ADMIN_PATH } from './admin-pages';
import { RequireAuth, RequirePermission } from './guard';
import { prefetchAfterLogin, prefetchLogin } from './prefetch';

/** Each admin page's code-split component (`features/<domain>/pages/<x>-page.tsx`, default export). */
const PAGES: Record<AdminPath, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../features/dashboard/pages/dashboard-page')),
  customers: lazy(() => import('../features/customers/pages/customers-page')),
  products: lazy(() => import('../features/products/pages/products-page')),
  employees: lazy(() => import('../features/employees/pages/employees-page')),
  roles: lazy(() => import('../features/roles/pages/roles-page')),
  orders: lazy(() => import('../features/orders/pages/orders-page')),
  dispatch: lazy(() => import('../features/dispatch/pages/dispatch-page')),
  tasks: lazy(() => import('../features/field/pages/tasks-page')),
  reports: lazy(() => import('../features/reports/pages/reports-page')),
  reportDetail: lazy(() => import('../features/reports/pages/report-detail-page')),
  selling: lazy(() => import('../features/selling/pages/selling-page')),
  settings: lazy(() => import('../features/settings/pages/settings-page')),
};

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const LogoutPage = lazy(() => import('../features/auth/pages/logout-page'));
const AdminLayout = lazy(() => import('./layout/admin-layout'));
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));

function AdminPageOf({ path }: { path: AdminPath }) {
  const Page = PAGES[path];
  return <Page />;
}

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageLoader fullScreen />}>{element}</Suspense>;
}

export const appRoutes: RouteObject[] = [
  { path: '/', element: page(<LoginPage prefetch={prefetchAfterLogin} />) },
  { path: '/login', element: page(<LoginPage prefetch={prefetchAfterLogin} />) },
  { path: '/forgot-password', element: page(<ForgotPasswordPage prefetch={prefetchLogin} />) },
  { path: '/logout', element: page(<LogoutPage />) },
  {
    path: '/admin',
    element: <RequireAuth>{page(<AdminLayout />)}</RequireAuth>,
    children: [
      { index: true, element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
      ...ADMIN_PAGES.map(({ path, permissions, functions }) => ({
        path,
        element: (
          <RequirePermission permissions={permissions} functions={functions}>
            <Suspense fallback={<PageLoader />}>
              <AdminPageOf path={path} />
            </Suspense>
          </RequirePermission>
        ),
      })),
      {
        path: 'profile',
        element: (
          <Suspense fallback={<PageLoader />}>
            <ProfilePage />
          </Suspense>
        ),
      },
      { path: '*', element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
    ],
  },
  { path: '*', element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

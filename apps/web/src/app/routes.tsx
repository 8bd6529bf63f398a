import { PERMISSIONS, TASKS_ACCESS } from '@backoffice/contract';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RequireAuth, RequirePermission } from './guard';

/**
 * Every admin page: its path under /admin, its sidebar label, the permissions it accepts (any one of them;
 * full:access always passes, spec section 6) and its code-split page (`features/<domain>/pages/<x>-page.tsx`,
 * default export). Only the JS a route needs is loaded with it.
 */
export interface AdminPage {
  path: string;
  label: string;
  permissions: readonly string[];
  /** Or any one of these employee functions, whatever the role holds ('Minhas tarefas': stockers, couriers). */
  functions?: readonly number[];
  /** Kept out of the sidebar (reportDetail). */
  hidden?: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    path: 'dashboard',
    label: 'Painel de Controle',
    permissions: [PERMISSIONS.dashboard],
    Page: lazy(() => import('../features/dashboard/pages/dashboard-page')),
  },
  {
    path: 'customers',
    label: 'Clientes',
    permissions: [PERMISSIONS.customers],
    Page: lazy(() => import('../features/customers/pages/customers-page')),
  },
  {
    path: 'products',
    label: 'Produtos',
    permissions: [PERMISSIONS.products],
    Page: lazy(() => import('../features/products/pages/products-page')),
  },
  {
    path: 'employees',
    label: 'Funcionários',
    permissions: [PERMISSIONS.employees],
    Page: lazy(() => import('../features/employees/pages/employees-page')),
  },
  {
    path: 'roles',
    label: 'Regras',
    permissions: [PERMISSIONS.roles],
    Page: lazy(() => import('../features/roles/pages/roles-page')),
  },
  {
    path: 'orders',
    label: 'Pedidos',
    permissions: [PERMISSIONS.orders],
    Page: lazy(() => import('../features/orders/pages/orders-page')),
  },
  {
    path: 'tasks',
    label: 'Minhas tarefas',
    // The contract's rule, as GET /orders/tasks checks it: orders or products, or a stocker's or courier's function.
    permissions: TASKS_ACCESS.permissions,
    functions: TASKS_ACCESS.functions,
    Page: lazy(() => import('../features/field/pages/tasks-page')),
  },
  {
    path: 'reports',
    label: 'Relatórios',
    permissions: [PERMISSIONS.reports],
    Page: lazy(() => import('../features/reports/pages/reports-page')),
  },
  {
    path: 'reportDetail',
    label: 'Detalhe do Relatório',
    permissions: [PERMISSIONS.internalSales],
    hidden: true,
    Page: lazy(() => import('../features/reports/pages/report-detail-page')),
  },
  {
    path: 'selling',
    label: 'Vendas',
    permissions: [PERMISSIONS.internalSales],
    Page: lazy(() => import('../features/selling/pages/selling-page')),
  },
  {
    path: 'settings',
    label: 'Configurações',
    // Opens with orders (spec section 6), read-only; 'Configurações bancárias' (settings) changes them.
    permissions: [PERMISSIONS.orders, PERMISSIONS.settings],
    Page: lazy(() => import('../features/settings/pages/settings-page')),
  },
];

export const DEFAULT_ADMIN_PATH = '/admin/dashboard';

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const LogoutPage = lazy(() => import('../features/auth/pages/logout-page'));
const AdminLayout = lazy(() => import('./layout/admin-layout'));
/** Any signed-in employee's own profile: no permission needed, not in the sidebar. */
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
export const PROFILE_PATH = '/admin/profile';

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageLoader fullScreen />}>{element}</Suspense>;
}

export const appRoutes: RouteObject[] = [
  { path: '/', element: page(<LoginPage />) },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
  { path: '/logout', element: page(<LogoutPage />) },
  {
    path: '/admin',
    element: <RequireAuth>{page(<AdminLayout />)}</RequireAuth>,
    children: [
      { index: true, element: <Navigate to={DEFAULT_ADMIN_PATH} replace /> },
      ...ADMIN_PAGES.map(({ path, permissions, functions, Page }) => ({
        path,
        element: (
          <RequirePermission permissions={permissions} functions={functions}>
            <Suspense fallback={<PageLoader />}>
              <Page />
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

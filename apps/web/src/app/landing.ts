import { FULL_ACCESS, PERMISSIONS } from '@backoffice/contract';

/** Spec section 2, Login: the page each permission leads to after sign-in (in the spec's order). */
const LANDING_BY_PERMISSION: Record<string, string> = {
  [FULL_ACCESS]: '/admin/dashboard',
  [PERMISSIONS.employees]: '/admin/employees',
  [PERMISSIONS.customers]: '/admin/customers',
  [PERMISSIONS.products]: '/admin/products',
  [PERMISSIONS.orders]: '/admin/orders',
  [PERMISSIONS.reports]: '/admin/reports',
  [PERMISSIONS.roles]: '/admin/roles',
  [PERMISSIONS.dashboard]: '/admin/dashboard',
};

/**
 * The first page `permissions` open: after sign-in, and behind 'Ir para o Dashboard' on the no-permission
 * screen (so a courier, who may not open the dashboard, goes to the orders). It is the page of the first
 * permission (in the order the server sent them) that is full:access or a 'bo:manage' key with a page;
 * failing that, Vendas for internal sales alone; the dashboard otherwise.
 */
export function landingPath(permissions: readonly string[]): string {
  for (const permission of permissions) {
    if (permission !== FULL_ACCESS && !permission.includes('bo:manage')) continue;
    const path = LANDING_BY_PERMISSION[permission];
    if (path) return path;
  }
  if (permissions.includes(PERMISSIONS.internalSales)) return '/admin/selling';
  return '/admin/dashboard';
}

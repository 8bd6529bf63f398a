import { allows, EMPLOYEE_FUNCS, FULL_ACCESS, hasAnyPermission, PERMISSIONS, TASKS_ACCESS } from '@backoffice/contract';

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
  [PERMISSIONS.settings]: '/admin/settings',
  [PERMISSIONS.purchases]: '/admin/payables',
  [PERMISSIONS.credit]: '/admin/receivables',
  [PERMISSIONS.invoices]: '/admin/fiscal-notes',
  [PERMISSIONS.repairs]: '/admin/repairs',
};

/** "Minhas tarefas", the stocker's and the courier's screen (docs/order-workflow.md, Field screens). */
export const TASKS_PATH = '/admin/tasks';

/** The technician's 'Minhas tarefas' (issue 42 §2): his repair queue, which his function opens (REPAIR_TASKS_ACCESS). */
export const REPAIR_TASKS_PATH = '/admin/repair-tasks';

/** Stockers and couriers start on their task screen (their function opens it: the contract's TASKS_ACCESS). */
function isFieldWorker(permissions: readonly string[], func: number | null | undefined): boolean {
  if (func !== EMPLOYEE_FUNCS.STOCKER && func !== EMPLOYEE_FUNCS.DELIVERER) return false;
  return allows(TASKS_ACCESS, permissions, func);
}

/**
 * The first page `permissions` open: after sign-in, and behind 'Ir para o Dashboard' on the no-permission
 * screen. A stocker or a courier (`func` of the token) goes to "Minhas tarefas". Otherwise it is the page of the first
 * permission (in the order the server sent them) that is full:access or a 'bo:manage' key with a page;
 * failing that, Vendas for internal sales alone; the dashboard otherwise.
 */
export function landingPath(permissions: readonly string[], func?: number | null): string {
  if (isFieldWorker(permissions, func)) return TASKS_PATH;
  if (func === EMPLOYEE_FUNCS.TECHNICIAN) return REPAIR_TASKS_PATH;
  for (const permission of permissions) {
    if (permission !== FULL_ACCESS && !permission.includes('bo:manage')) continue;
    const path = LANDING_BY_PERMISSION[permission];
    if (path) return path;
  }
  if (hasAnyPermission(permissions, [PERMISSIONS.internalSales])) return '/admin/selling';
  return '/admin/dashboard';
}

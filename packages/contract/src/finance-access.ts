import { hasAnyPermission, hasFullAccess, PERMISSIONS, type PermissionKey } from './permissions';

/**
 * Who reaches the money screens of issue 40 (the drawer, the cash flow): permission lists only, no zod, so the
 * web's shell (its menu, `admin-pages.ts`) reads them without loading the schemas before the strict CSP's setting
 * (decision 0026; apps/web/src/lib/strict-csp.ts).
 */

/** Who approves a closing's difference above the tolerance: 'Crédito e cobrança', or full access. */
export const CASH_APPROVAL_PERMISSIONS: readonly PermissionKey[] = [PERMISSIONS.credit];
/** Who runs a register (opens, feeds, closes his own session): the counter's sellers and the desk. */
export const CASH_OPERATE_PERMISSIONS: readonly PermissionKey[] = [PERMISSIONS.internalSales, PERMISSIONS.orders];
/** Who creates and renames registers and sets the tolerance: settings, or 'Crédito e cobrança'. */
export const CASH_ADMIN_PERMISSIONS: readonly PermissionKey[] = [PERMISSIONS.settings, PERMISSIONS.credit];
/** Who reads the cash flow: who collects ('Crédito e cobrança') or who pays ('Compras'). */
export const CASH_FLOW_PERMISSIONS: readonly PermissionKey[] = [PERMISSIONS.credit, PERMISSIONS.purchases];

/** The people of a closed session the approval looks at: who ran it and who counted and closed it. */
export interface CashApprovalSubject {
  operatorId: number;
  closedById: number | null;
}

/**
 * Why an employee holding `held` may not approve a session's difference, or null when he may: 'permission'
 * without 'Crédito e cobrança', 'own' on his own session, 'closedBy' on a session he counted and closed (a manager
 * closing someone else's drawer short does not approve the difference himself: no one approves his own
 * exception). Full access always may: the owner of a shop of one (decision 0053).
 */
export function cashApprovalRefusal(
  held: readonly string[],
  approverId: number,
  session: CashApprovalSubject,
): 'permission' | 'own' | 'closedBy' | null {
  if (hasFullAccess(held)) return null;
  if (!hasAnyPermission(held, CASH_APPROVAL_PERMISSIONS)) return 'permission';
  if (approverId === session.operatorId) return 'own';
  if (approverId === session.closedById) return 'closedBy';
  return null;
}

/** Whether an employee holding `held` may approve the difference of `session` (`cashApprovalRefusal` is null). */
export function mayApproveCashDifference(
  held: readonly string[],
  approverId: number,
  session: CashApprovalSubject,
): boolean {
  return cashApprovalRefusal(held, approverId, session) === null;
}

/** Who reconciles the bank statement ('Conciliação bancária'): who collects or who pays, as the cash flow. */
export const BANK_RECONCILIATION_PERMISSIONS: readonly PermissionKey[] = CASH_FLOW_PERMISSIONS;

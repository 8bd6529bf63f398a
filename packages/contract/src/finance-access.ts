import { FULL_ACCESS, PERMISSIONS, type PermissionKey } from './permissions';

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

/** Whether an employee holding `held` may approve the difference of `operatorId`'s session (never his own, except full access). */
export function mayApproveCashDifference(held: readonly string[], approverId: number, operatorId: number): boolean {
  if (held.includes(FULL_ACCESS)) return true;
  return CASH_APPROVAL_PERMISSIONS.some((key) => held.includes(key)) && approverId !== operatorId;
}

import {
  CASH_ADMIN_PERMISSIONS,
  CASH_APPROVAL_PERMISSIONS,
  hasAnyPermission,
  mayApproveCashDifference,
} from '@backoffice/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/**
 * What the signed-in employee may do on the drawer's screen, by the contract's rules (the server keeps the same):
 * create registers and set the tolerance (admin), close someone else's register (a manager), approve a session's
 * difference (a manager, never on his own session unless full access).
 */
export function useCashAccess() {
  const session = useSession();
  return useMemo(() => {
    const held = session?.permissions ?? [];
    const me = session?.employeeId ?? 0;
    return {
      admin: hasAnyPermission(held, CASH_ADMIN_PERMISSIONS),
      manager: hasAnyPermission(held, CASH_APPROVAL_PERMISSIONS),
      mayApprove: (operatorId: number) => mayApproveCashDifference(held, me, operatorId),
    };
  }, [session]);
}

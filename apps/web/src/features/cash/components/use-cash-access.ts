import {
  CASH_ADMIN_PERMISSIONS,
  CASH_APPROVAL_PERMISSIONS,
  CASH_TEXTS,
  type CashSession,
  cashApprovalRefusal,
  hasAnyPermission,
} from '@backoffice/contract';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/** The people of a session the approval looks at (`cashApprovalRefusal`). */
const subjectOf = (session: CashSession) => ({
  operatorId: session.operator.id,
  closedById: session.closedBy?.id ?? null,
});

/**
 * What the signed-in employee may do on the drawer's screen, by the contract's rules (the server keeps the same):
 * create registers and set the tolerance (admin), close someone else's register (a manager), approve a session's
 * difference (a manager, never on his own session nor on one he counted and closed, unless full access).
 * `approvalBlocked` says why a manager may not approve this one (the server's own words), null otherwise.
 */
export function useCashAccess() {
  const session = useSession();
  return useMemo(() => {
    const held = session?.permissions ?? [];
    const me = session?.employeeId ?? 0;
    return {
      admin: hasAnyPermission(held, CASH_ADMIN_PERMISSIONS),
      manager: hasAnyPermission(held, CASH_APPROVAL_PERMISSIONS),
      mayApprove: (cash: CashSession) => cashApprovalRefusal(held, me, subjectOf(cash)) === null,
      approvalBlocked: (cash: CashSession): string | null => {
        const refusal = cashApprovalRefusal(held, me, subjectOf(cash));
        if (refusal === 'own') return CASH_TEXTS.ownApproval;
        if (refusal === 'closedBy') return CASH_TEXTS.closerApproval;
        return null;
      },
    };
  }, [session]);
}

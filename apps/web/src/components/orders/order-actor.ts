import type { OrderActor } from '@backoffice/contract';
import { type Session, useSession } from '../../lib/session';

/**
 * Who is acting, for the contract's `availableActions` / `canChangeDeliverer`: the session's token (its
 * `sub`, its `func`, the permissions of the sign-in). The one place the web reads the employee's function;
 * the server checks the same rules on every move with what it reads itself.
 */
export function orderActorOf(session: Session | null): OrderActor | undefined {
  if (!session || session.employeeId === null || session.func === null) return undefined;
  return { employeeId: session.employeeId, func: session.func, permissions: session.permissions };
}

/** The signed-in employee as the order rules see them (undefined when signed out: no move is offered). */
export function useOrderActor(): OrderActor | undefined {
  return orderActorOf(useSession());
}

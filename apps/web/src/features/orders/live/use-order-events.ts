import { TASKS_ACCESS } from '@backoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { signOut } from '../../../lib/api-client';
import { useFirstPaintDone } from '../../../lib/first-paint';
import { getSession, hasAccess, useSession } from '../../../lib/session';
import { dashboardKeys, notificationKeys } from '../../../lib/shared-queries';
import { ordersKeys } from '../api/keys';
import { beep, unlockSound } from './beep';
import { addNewOrders, clearNewOrders, isSoundOn } from './live-store';
import { connectOrderEvents } from './order-events-client';

/** Events closer together than this refresh the screens once. */
export const REFRESH_DELAY_MS = 400;
/** The shortest time between two beeps. */
export const BEEP_GAP_MS = 1500;
/** The orders screen: opening it clears the badge; new orders shown there need no badge. */
export const ORDERS_PATH = '/admin/orders';

/** Who follows the orders live (the API's GET /orders/events accepts the same rule): whoever works them. */
export const canFollowOrders = () => hasAccess(TASKS_ACCESS);

/**
 * Live updates of the orders (docs/architecture.md "Live updates"), mounted once in the signed-in shell:
 * keeps GET /api/orders/events open and, on every change of any order anywhere (another attendant, a
 * courier's phone, a checkout), refreshes what shows orders (queries under ['orders'] and the dashboard),
 * a burst at a time. A new order adds to the 'Pedidos' badge (cleared on the orders screen) and beeps
 * when the user turned the sound on.
 */
export function useOrderEvents() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const onOrdersPage = pathname === ORDERS_PATH || pathname.startsWith(`${ORDERS_PATH}/`);
  const onOrdersPageRef = useRef(onOrdersPage);
  onOrdersPageRef.current = onOrdersPage;
  const token = session?.token;
  const employeeId = session?.employeeId ?? null;
  const allowed = session !== null && canFollowOrders();

  useEffect(() => {
    if (onOrdersPage) clearNewOrders();
  }, [onOrdersPage]);

  // With the sound on from a previous visit, the first interaction unlocks the audio (browsers' rule).
  useEffect(() => {
    if (!allowed) return;
    const unlock = () => {
      if (isSoundOn()) unlockSound();
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [allowed]);

  // Connected once the first screen is painted (decision 0029): the page's own code and data first on a slow link.
  const painted = useFirstPaintDone();

  useEffect(() => {
    if (!token || !allowed || !painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastBeep = 0;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        // Not the bell: a move that changes it (an order to approve, a proof to check, a late order leaving
        // its status) also sends `event: notification` (migration 0048), which refreshes it once (issue 36).
      }, REFRESH_DELAY_MS);
    };
    let bellTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshBell = () => {
      bellTimer ??= setTimeout(() => {
        bellTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        // A Pix the bank confirmed marks its order ('Pix recebido' on its row and card, issue 35 §4) without
        // changing the order itself: no order event says it, this one does.
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      }, REFRESH_DELAY_MS);
    };
    const stop = connectOrderEvents({
      token,
      onNotification: refreshBell,
      onEvent: (event) => {
        refresh();
        if (event.kind !== 'created') return;
        // The attendant who just closed the sale knows about it: no badge, no beep for them.
        if (employeeId !== null && event.attendantId === employeeId) return;
        if (!onOrdersPageRef.current) addNewOrders(1);
        // Several orders at once beep once.
        if (isSoundOn() && Date.now() - lastBeep > BEEP_GAP_MS) {
          lastBeep = Date.now();
          beep();
        }
      },
      // Whatever changed before the stream was open was not heard: the screens read their data before it first
      // opens (after the first paint, decision 0029), and a reconnection follows a time down. The orders, the
      // dashboard and the bell read again (a Pix the bank confirmed as the orders screen opened stayed unseen).
      onOpen: () => {
        void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
      // Signed out elsewhere, blocked or the password changed: the server ended the stream and refuses the
      // token, as every other call would (only a 401 signs out: decision 0004). Not when this tab already
      // holds a newer token (its own password change).
      onSessionOver: () => {
        if (getSession()?.token === token) signOut();
      },
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      if (bellTimer) clearTimeout(bellTimer);
      clearNewOrders();
    };
  }, [token, employeeId, allowed, painted, queryClient]);
}

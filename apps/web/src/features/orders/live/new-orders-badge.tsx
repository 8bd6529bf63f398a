import type { ReactNode } from 'react';
import '../../../components/plain/plain.css';
import { useNewOrders } from './live-store';
import './new-orders-badge.css';
import { LIVE_TEXTS } from './texts';

/**
 * The count of new orders beside 'Pedidos' in the sidebar (nothing while zero). The pill is hidden from
 * screen readers, which read the words instead: the link's name becomes "Pedidos (2 novos pedidos)".
 */
export function NewOrdersBadge() {
  const count = useNewOrders();
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden className="nob-pill" data-testid="new-orders-badge">
        {count > 99 ? '99+' : count}
      </span>
      <span className="nob-hidden">{` (${LIVE_TEXTS.newOrders(count)})`}</span>
    </>
  );
}

/**
 * The top bar's menu icon with the same count (phones: the sidebar, and its 'Pedidos' count, is in the
 * drawer the icon opens), drawn as MUI's Badge. `menuLabel` is the button's name with the count in words.
 */
export function NewOrdersMenuIcon({ children }: { children: ReactNode }) {
  const count = useNewOrders();
  return (
    <span className="pl-badge">
      {children}
      {count > 0 ? <span className="pl-badge-count">{count > 99 ? '99+' : count}</span> : null}
    </span>
  );
}
export function useMenuLabel(label: string) {
  const count = useNewOrders();
  return count === 0 ? label : `${label} (${LIVE_TEXTS.newOrders(count)})`;
}

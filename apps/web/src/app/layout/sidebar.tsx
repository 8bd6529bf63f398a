import { Fragment } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../components/plain/icon';
import { NewOrdersBadge } from '../../features/orders/live/new-orders-badge';
import { hasAccess, useSession } from '../../lib/session';
import { ADMIN_PAGES, type AdminPage, type SidebarPath } from '../admin-pages';
import './layout.css';
import { NAV_ICONS } from './nav-icons';

/** The pages the signed-in user may open, in menu order (hidden pages left out). */
export function useNavEntries() {
  useSession();
  return ADMIN_PAGES.filter((page): page is AdminPage & { path: SidebarPath } => !page.hidden && hasAccess(page));
}

/** The sidebar's content: brand and one entry per allowed page (plain elements, layout.css). */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const entries = useNavEntries();
  return (
    <div className="sb-root">
      <div className="sb-brand">
        <Icon name="storefront" />
        <div className="sb-brand-name">BackOffice</div>
      </div>
      <nav aria-label="Menu principal" className="sb-nav">
        <ul className="sb-list">
          {entries.map(({ path, label, group }, index) => {
            const icon = NAV_ICONS[path];
            // A group's heading ('Compras') before its first page, an item of its own.
            const heading = group && entries[index - 1]?.group !== group ? group : null;
            return (
              <Fragment key={path}>
                {heading ? <li className="sb-group">{heading}</li> : null}
                <li>
                  <NavLink to={`/admin/${path}`} onClick={onNavigate} className="sb-link">
                    <span className="sb-icon">{icon ? <Icon name={icon} small /> : null}</span>
                    <span className="sb-label">{label}</span>
                    {path === 'orders' ? <NewOrdersBadge /> : null}
                  </NavLink>
                </li>
              </Fragment>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

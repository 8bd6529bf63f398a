import { lazy, useEffect, useState } from 'react';
import { Icon } from '../../components/plain/icon';
import { MuiScope } from '../../components/theme/mui-scope';
import { useKeptMounted } from '../../components/use-kept-mounted';
import { NewOrdersMenuIcon, useMenuLabel } from '../../features/orders/live/new-orders-badge';
import { OrderSoundToggle } from '../../features/orders/live/order-sound-toggle';
import { useSession } from '../../lib/session';
import './layout.css';
import { NotificationsBell } from './notifications-bell';
import { onPaletteShortcut } from './palette-shortcut';
import { useNavEntries } from './sidebar';
import { TOP_BAR_TEXTS } from './top-bar-texts';

export { TOP_BAR_TEXTS } from './top-bar-texts';

/** The palette and the profile menu are their own chunks (with MUI), fetched on first use: not on the first load. */
const CommandPalette = lazy(() => import('./command-palette'));
const ProfileMenu = lazy(() => import('./profile-menu'));

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The top bar: the menu button (phones), the search that opens the palette, the sound switch, the bell and the
 * profile button. Plain elements in MUI's look (layout.css): a phone's first screen draws it without MUI
 * (decision 0028).
 */
export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const session = useSession();
  const entries = useNavEntries();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const palette = useKeptMounted(paletteOpen, () => setPaletteOpen(false));
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  const profile = useKeptMounted(profileAnchor !== null, () => setProfileAnchor(null));
  const name = session?.name ?? '';
  const menuLabel = useMenuLabel(TOP_BAR_TEXTS.openMenu);

  const openPalette = () => setPaletteOpen(true);

  // Ctrl+K (⌘+K on a Mac) opens the palette from anywhere in the back-office, a press made while the page
  // was still loading included (palette-shortcut.ts keeps it from the app's first script).
  useEffect(() => onPaletteShortcut(() => setPaletteOpen(true)), []);

  return (
    <header className="tb-bar">
      <div className="al-toolbar">
        <button type="button" className="pl-icon-button tb-menu" aria-label={menuLabel} onClick={onMenuClick}>
          <NewOrdersMenuIcon>
            <Icon name="menu" />
          </NewOrdersMenuIcon>
        </button>
        <search className="tb-search">
          <button
            type="button"
            className="tb-search-button"
            onClick={openPalette}
            // Named by its visible text ('Pesquisar'; axe: label-content-name-mismatch); the shortcut is said
            // by aria-keyshortcuts, its key cap is decoration.
            aria-haspopup="dialog"
            aria-keyshortcuts="Control+K Meta+K"
          >
            <Icon name="search" small />
            <span className="tb-search-text">{TOP_BAR_TEXTS.search}</span>
            <kbd aria-hidden className="tb-kbd">
              {TOP_BAR_TEXTS.shortcut}
            </kbd>
          </button>
        </search>
        {palette.mounted ? (
          <MuiScope onFailed={palette.failed}>
            <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} pages={entries} />
          </MuiScope>
        ) : null}
        <div className="tb-fill" />
        <OrderSoundToggle />
        <NotificationsBell />
        <button
          type="button"
          className="pl-text-button tb-profile"
          aria-haspopup="true"
          onClick={(event) => {
            setProfileAnchor(event.currentTarget);
          }}
          aria-label={`${TOP_BAR_TEXTS.profile}: ${name}`}
        >
          {/* The initials are drawn by CSS, not text, so the button's visible text is the name its label holds. */}
          <span aria-hidden className="tb-avatar" data-initials={initials(name)} />
          <span className="tb-name" data-testid="user-name">
            {name}
          </span>
        </button>
        {profile.mounted ? (
          <MuiScope onFailed={profile.failed}>
            <ProfileMenu anchor={profileAnchor} onClose={() => setProfileAnchor(null)} />
          </MuiScope>
        ) : null}
      </div>
    </header>
  );
}

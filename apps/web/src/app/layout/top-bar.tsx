import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NewOrdersMenuIcon, useMenuLabel } from '../../features/orders/live/new-orders-badge';
import { OrderSoundToggle } from '../../features/orders/live/order-sound-toggle';

import { useSession } from '../../lib/session';
import { SIDEBAR_WIDTH } from '../theme';
import { NotificationsBell } from './notifications-bell';
import { useNavEntries } from './sidebar';

/** The palette is its own chunk, fetched on first use: it adds nothing to the first load. */
const CommandPalette = lazy(() => import('./command-palette'));

export const TOP_BAR_TEXTS = {
  search: 'Pesquisar',
  /** The palette's trigger: its name holds its visible text and says the shortcut. */
  shortcut: 'Ctrl K',
  profile: 'Perfil',
  settings: 'Configurações',
  signOut: 'Sair',
  openMenu: 'Abrir menu',
} as const;

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const entries = useNavEntries();
  const [paletteOpen, setPaletteOpen] = useState(false);
  /** Mounted once asked for, then kept (its chunk loaded, its closing animation played). */
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  const name = session?.name ?? '';
  const menuLabel = useMenuLabel(TOP_BAR_TEXTS.openMenu);

  const openPalette = () => {
    setPaletteUsed(true);
    setPaletteOpen(true);
  };

  // Ctrl+K (⌘+K on a Mac) opens the palette from anywhere in the back-office.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteUsed(true);
        setPaletteOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
        ml: { md: `${SIDEBAR_WIDTH}px` },
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label={menuLabel} onClick={onMenuClick} sx={{ display: { md: 'none' } }}>
          <NewOrdersMenuIcon>
            <MenuIcon />
          </NewOrdersMenuIcon>
        </IconButton>
        <Box
          role="search"
          sx={{ display: 'flex', width: { xs: '100%', sm: 320 }, maxWidth: 360, minWidth: 0, flexShrink: 1 }}
        >
          <ButtonBase
            onClick={openPalette}
            // Named by its visible text ('Pesquisar'; axe: label-content-name-mismatch); the shortcut is said
            // by aria-keyshortcuts, its key cap is decoration.
            aria-haspopup="dialog"
            aria-keyshortcuts="Control+K Meta+K"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-start',
              gap: 1,
              bgcolor: '#f1f5f9',
              borderRadius: 2,
              px: 1.5,
              height: 40,
              width: '100%',
              color: 'text.secondary',
              fontSize: 14,
            }}
          >
            <SearchIcon fontSize="small" color="action" />
            <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
              {TOP_BAR_TEXTS.search}
            </Box>
            <Box
              component="kbd"
              aria-hidden
              sx={{
                display: { xs: 'none', sm: 'inline' },
                fontFamily: 'inherit',
                fontSize: 12,
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 1,
                px: 0.75,
                color: 'text.secondary',
                bgcolor: 'background.paper',
              }}
            >
              {TOP_BAR_TEXTS.shortcut}
            </Box>
          </ButtonBase>
        </Box>
        {paletteUsed ? (
          <Suspense fallback={null}>
            <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} pages={entries} />
          </Suspense>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <OrderSoundToggle />
        <NotificationsBell />
        <Button
          onClick={(event) => setProfileAnchor(event.currentTarget)}
          color="inherit"
          aria-label={`${TOP_BAR_TEXTS.profile}: ${name}`}
          sx={{ gap: 1, px: 1, minWidth: 0 }}
        >
          {/* The initials are drawn by CSS, not text, so the button's visible text is the name its label holds. */}
          <Box
            aria-hidden
            data-initials={initials(name)}
            sx={{
              width: 32,
              height: 32,
              borderRadius: '50%',
              flexShrink: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 14,
              color: 'primary.contrastText',
              bgcolor: 'primary.main',
              '&::before': { content: 'attr(data-initials)' },
            }}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' }, maxWidth: 180 }}
            noWrap
            data-testid="user-name"
          >
            {name}
          </Typography>
        </Button>
        <Menu
          anchorEl={profileAnchor}
          open={profileAnchor !== null}
          onClose={() => setProfileAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem
            onClick={() => {
              setProfileAnchor(null);
              navigate('/admin/profile');
            }}
          >
            <ListItemIcon>
              <AccountCircleOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{TOP_BAR_TEXTS.profile}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setProfileAnchor(null);
              navigate('/admin/settings');
            }}
          >
            <ListItemIcon>
              <SettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{TOP_BAR_TEXTS.settings}</ListItemText>
          </MenuItem>
          <Divider />
          <MenuItem
            onClick={() => {
              setProfileAnchor(null);
              navigate('/logout');
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{TOP_BAR_TEXTS.signOut}</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}

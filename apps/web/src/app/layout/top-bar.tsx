import { normalizeSearch } from '@backoffice/contract';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifier';
import { NewOrdersMenuIcon, useMenuLabel } from '../../features/orders/live/new-orders-badge';
import { OrderSoundToggle } from '../../features/orders/live/order-sound-toggle';

import { useSession } from '../../lib/session';
import { SIDEBAR_WIDTH } from '../theme';
import { useNavEntries } from './sidebar';

export const TOP_BAR_TEXTS = {
  search: 'Pesquisar',
  notifications: 'Notificações',
  /** The bell's name holds the badge's number, as the name of a control must hold its visible text. */
  notificationsButton: (count: number) => `Notificações: ${count}`,
  profile: 'Perfil',
  settings: 'Configurações',
  signOut: 'Sair',
  openMenu: 'Abrir menu',
  noPage: (term: string) => `Nenhuma página encontrada para "${term}".`,
} as const;

/** Static placeholder notifications (spec: badge fixed at 5). */
const NOTIFICATIONS = [
  'Novo pedido aguardando aprovação',
  'Cliente aguardando aprovação de cadastro',
  'Produto com estoque abaixo do alerta',
  'Pedido entregue pelo motoboy',
  'Relatório semanal disponível',
];

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const entries = useNavEntries();
  const [term, setTerm] = useState('');
  const [notificationsAnchor, setNotificationsAnchor] = useState<HTMLElement | null>(null);
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  const name = session?.name ?? '';
  const menuLabel = useMenuLabel(TOP_BAR_TEXTS.openMenu);

  /** The search box opens the first menu page whose name matches. */
  const search = () => {
    const wanted = normalizeSearch(term);
    if (!wanted) return;
    const match = entries.find((entry) => normalizeSearch(entry.label).includes(wanted));
    if (match) {
      navigate(`/admin/${match.path}`);
      setTerm('');
    } else notify.info(TOP_BAR_TEXTS.noPage(term.trim()));
  };

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
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            bgcolor: '#f1f5f9',
            borderRadius: 2,
            px: 1.5,
            height: 40,
            width: { xs: '100%', sm: 320 },
            maxWidth: 360,
            minWidth: 0,
            flexShrink: 1,
          }}
        >
          <InputBase
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={TOP_BAR_TEXTS.search}
            inputProps={{ 'aria-label': TOP_BAR_TEXTS.search }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" color="action" />
              </InputAdornment>
            }
            sx={{ flex: 1, fontSize: 14 }}
          />
        </Box>
        <Box sx={{ flex: 1 }} />
        <OrderSoundToggle />
        <IconButton
          aria-label={TOP_BAR_TEXTS.notificationsButton(NOTIFICATIONS.length)}
          onClick={(event) => setNotificationsAnchor(event.currentTarget)}
        >
          <Badge badgeContent={NOTIFICATIONS.length} color="error">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
        <Menu
          anchorEl={notificationsAnchor}
          open={notificationsAnchor !== null}
          onClose={() => setNotificationsAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Typography variant="subtitle2" sx={{ px: 2, py: 1 }}>
            {TOP_BAR_TEXTS.notifications}
          </Typography>
          <Divider />
          {NOTIFICATIONS.map((text) => (
            <MenuItem key={text} onClick={() => setNotificationsAnchor(null)} sx={{ fontSize: 14 }}>
              {text}
            </MenuItem>
          ))}
        </Menu>
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

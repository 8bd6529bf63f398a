import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router';
import { TOP_BAR_TEXTS } from './top-bar-texts';

/** The profile button's menu (top-bar.tsx), fetched the first time it opens, under the MUI theme. */
export default function ProfileMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem onClick={() => go('/admin/profile')}>
        <ListItemIcon>
          <AccountCircleOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{TOP_BAR_TEXTS.profile}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => go('/admin/settings')}>
        <ListItemIcon>
          <SettingsOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{TOP_BAR_TEXTS.settings}</ListItemText>
      </MenuItem>
      <Divider />
      <MenuItem onClick={() => go('/logout')}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{TOP_BAR_TEXTS.signOut}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

import Drawer from '@mui/material/Drawer';
import { Sidebar } from './sidebar';

/** The sidebar in a drawer below 960 px (admin-layout.tsx): fetched the first time it opens, with MUI's drawer. */
export default function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{
        display: { xs: 'block', md: 'none' },
        '& .MuiDrawer-paper': { width: 'var(--bo-sidebar-width)', bgcolor: 'transparent', border: 0 },
      }}
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}

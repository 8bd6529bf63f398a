import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { landingPath } from '../lib/landing';
import { useSession } from '../lib/session';
import { GUARD_TEXTS } from './guard-texts';

/** 'Ir para o Dashboard' leads to the first page the user may open (the page sign-in leads to). */
export default function NoPermission() {
  const session = useSession();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10, px: 2 }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <LockOutlinedIcon color="action" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h1">
          {GUARD_TEXTS.noPermission}
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button
            component={RouterLink}
            to={landingPath(session?.permissions ?? [], session?.func)}
            variant="contained"
          >
            {GUARD_TEXTS.toDashboard}
          </Button>
          <Button component={RouterLink} to="/logout" variant="outlined">
            {GUARD_TEXTS.signOut}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

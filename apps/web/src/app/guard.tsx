import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { clearSession, hasAccess, useSession } from '../lib/session';
import { landingPath } from './landing';
import { prefetchAfterLogin } from './prefetch';

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));

export const GUARD_TEXTS = {
  noPermission: 'Você não tem permissão para acessar essa página.',
  toDashboard: 'Ir para o Dashboard',
  signOut: 'Sair',
} as const;

/** An expired session found in storage: clear it and go to `/` (spec section 4, Session). */
function ExpiredSession() {
  useEffect(() => clearSession(), []);
  return <Navigate to="/" replace />;
}

/** Signed out: the login page in place of the protected page (the URL stays). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) {
    if (localStorage.getItem('token') !== null) return <ExpiredSession />;
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <LoginPage stayOnPage prefetch={prefetchAfterLogin} />
      </Suspense>
    );
  }
  return children;
}

/**
 * Any one of `permissions` (or full:access), or one of `functions` (the employee's function), opens the page;
 * otherwise the no-permission screen.
 */
export function RequirePermission({
  permissions,
  functions,
  children,
}: {
  permissions: readonly string[];
  functions?: readonly number[];
  children: ReactNode;
}) {
  useSession(); // re-render when the session changes
  if (!hasAccess({ permissions, functions })) return <NoPermission />;
  return children;
}

/** 'Ir para o Dashboard' leads to the first page the user may open (the page sign-in leads to). */
export function NoPermission() {
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

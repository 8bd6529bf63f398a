import { lazy, type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed } from '../components/load-failed';
import { PageLoader } from '../components/page-loader';
import { MuiScope } from '../components/theme/mui-scope';
import { codeLoader, lazyComponent } from '../lib/code-loader';
import { clearSession, hasAccess, useSession } from '../lib/session';
import { prefetchAfterLogin } from './prefetch';

/** The sign-in page's code: shown at `/` and `/login` (routes.tsx) and in place of a protected page when signed out. */
export const loginCode = codeLoader(() => import('../features/auth/pages/login-page'));
export const LoginPage = lazyComponent(loginCode);
/** Drawn with MUI, fetched when shown: the pages a user may open never load it. */
const NoPermission = lazy(() => import('./no-permission'));

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
      <MuiScope fallback={<PageLoader fullScreen />} failed={<LoadFailed fullScreen />}>
        <LoginPage stayOnPage prefetch={prefetchAfterLogin} />
      </MuiScope>
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
  if (!hasAccess({ permissions, functions })) {
    return (
      <MuiScope fallback={<PageLoader />} failed={<LoadFailed />}>
        <NoPermission />
      </MuiScope>
    );
  }
  return children;
}

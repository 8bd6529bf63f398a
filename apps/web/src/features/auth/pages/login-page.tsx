import { Navigate } from 'react-router';
import { landingPath } from '../../../lib/landing';
import { useSession } from '../../../lib/session';
import { SignIn } from '../components/sign-in';

/**
 * Sign-in inside the app (a phone's first visit to `/` or `/login` gets login.html, decision 0025). At `/`
 * and `/login` it leads to the first page the permissions allow; shown in place of a protected page
 * (`stayOnPage`), it stays there once signed in.
 */
export default function LoginPage({
  stayOnPage = false,
  prefetch,
}: {
  stayOnPage?: boolean;
  /**
   * Fetches the screens that come next (the router's; pages never import the shell), once the form is sent:
   * while the sign-in travels, not on the page's first load (a phone's data, decision 0021).
   */
  prefetch?: () => void;
}) {
  const session = useSession();
  // Signed in (the form stores the session): the first page the permissions allow, or the protected page itself.
  if (session && !stayOnPage) return <Navigate to={landingPath(session.permissions, session.func)} replace />;
  return <SignIn prefetch={prefetch} />;
}

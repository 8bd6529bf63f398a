import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { mountSignIn } from '../sign-in/sign-in-form';

/**
 * The sign-in form (sign-in-form.ts, the same one login.html shows) inside the app: at `/` and `/login` once
 * the app is running, and in place of a protected page for a signed-out user. The recovery link is followed
 * by the router. Signing in stores the session, which the page around it reads (`useSession`).
 */
export function SignIn({ prefetch }: { prefetch?: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const latest = useRef(prefetch);
  latest.current = prefetch;

  useEffect(() => {
    if (!container.current) return undefined;
    return mountSignIn(container.current, {
      onSubmit: () => latest.current?.(),
      onNavigate: (path) => navigate(path),
    });
  }, [navigate]);

  return <div ref={container} />;
}

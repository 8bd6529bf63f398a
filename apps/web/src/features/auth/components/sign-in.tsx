import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Session } from '../../../lib/session';
import { mountSignIn } from '../sign-in/sign-in-form';

/**
 * The sign-in form (sign-in-form.ts, the same one login.html shows) inside the app: at `/` and `/login` once
 * the app is running, and in place of a protected page for a signed-out user. The recovery link is followed
 * by the router.
 */
export function SignIn({ onSignedIn, prefetch }: { onSignedIn?: (session: Session) => void; prefetch?: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const latest = useRef({ onSignedIn, prefetch });
  latest.current = { onSignedIn, prefetch };

  useEffect(() => {
    if (!container.current) return undefined;
    return mountSignIn(container.current, {
      onSignedIn: (session) => latest.current.onSignedIn?.(session),
      onSubmit: () => latest.current.prefetch?.(),
      onNavigate: (path) => navigate(path),
    });
  }, [navigate]);

  return <div ref={container} />;
}

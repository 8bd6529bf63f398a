import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { setSignedOutHandler } from '../lib/api-client';
import { RootProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * 401, expired session or no answer: drop cached data and go to the sign-in page, without reloading the app.
 * (Until this is mounted, api-client's default reloads the page at `/`.)
 */
function SignedOutNavigation({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    setSignedOutHandler(() => {
      queryClient.clear();
      void navigate('/', { replace: true });
    });
  }, [navigate, queryClient]);
  return null;
}

/** The app, on `queryClient` (created by `startApp`, which has asked it for the first page's data already). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <RootProviders queryClient={queryClient}>
      <BrowserRouter>
        <SignedOutNavigation queryClient={queryClient} />
        <AppRoutes />
      </BrowserRouter>
    </RootProviders>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { setSignedOutHandler } from '../lib/api-client';
import { RootProviders } from './providers';
import { createAppRouter } from './routes';
/** The app, on `queryClient` (created by `startApp`, which has asked it for the first page's data already). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => {
    const created = createAppRouter();
    // 401, expired session or no answer: drop cached data and go to the login page.
    setSignedOutHandler(() => {
      queryClient.clear();
      void created.navigate('/', { replace: true });
    });
    return created;
  });
  return (
    <RootProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </RootProviders>
  );
}

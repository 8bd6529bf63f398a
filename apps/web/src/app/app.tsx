import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { setSignedOutHandler } from '../lib/api-client';
import { RootProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './routes';
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createAppRouter(queryClient);
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

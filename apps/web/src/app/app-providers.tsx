import type { ReactNode } from 'react';
import { AdminProviders } from './layout/admin-providers';
import { RootProviders } from './providers';
import type { createQueryClient } from './query-client';

/**
 * Every provider a signed-in screen has above it (the root's and the admin layout's), for component tests
 * around a single page.
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: ReturnType<typeof createQueryClient>;
}) {
  return (
    <RootProviders queryClient={queryClient}>
      <AdminProviders>{children}</AdminProviders>
    </RootProviders>
  );
}

import type { ReactNode } from 'react';
import MuiProviders from '../components/theme/mui-providers';
import { RootProviders } from './providers';
import type { createQueryClient } from './query-client';

/**
 * Every provider a signed-in screen has above it (the root's and MUI's, which the app fetches lazily: MuiScope),
 * for component tests around a single page.
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
      <MuiProviders>{children}</MuiProviders>
    </RootProviders>
  );
}

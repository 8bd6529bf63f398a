import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog';
import { NotifierProvider } from '../components/notifier';
import type { createQueryClient } from './query-client';

/**
 * The providers of every screen: the data cache, the snackbar and the confirmation dialog, none of which loads
 * MUI before it shows something. MUI's theme is above each screen that draws MUI (MuiScope, routes.tsx), not
 * here: the courier's first screen draws none (decisions 0021, 0028).
 */
export function RootProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: ReturnType<typeof createQueryClient>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <NotifierProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </NotifierProvider>
    </QueryClientProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotifierProvider } from '../components/notifier';
import type { createQueryClient } from './query-client';
import { theme } from './theme';

/**
 * The providers of every screen, the sign-in page included: only what it needs (decision 0021). The
 * signed-in screens add theirs (MUI X's texts, dates, confirmation) in the admin layout: AdminProviders.
 */
export function RootProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: ReturnType<typeof createQueryClient>;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotifierProvider>{children}</NotifierProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

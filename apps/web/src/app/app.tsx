import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ConfirmProvider } from '../components/confirm-dialog';
import { NotifierProvider } from '../components/notifier';
import { setSignedOutHandler } from '../lib/api-client';
import '../lib/format'; // dayjs pt-BR locale
import { createQueryClient } from './query-client';
import { createAppRouter } from './routes';
import { theme } from './theme';

/** Providers shared by every screen (also used by component tests around a single page). */
export function AppProviders({
  children,
  queryClient,
}: {
  children: React.ReactNode;
  queryClient: ReturnType<typeof createQueryClient>;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
        <QueryClientProvider client={queryClient}>
          <NotifierProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </NotifierProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
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
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

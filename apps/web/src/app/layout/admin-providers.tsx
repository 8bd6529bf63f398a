import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../../components/confirm-dialog';
import '../../lib/format'; // dayjs pt-BR locale
import { adminTheme } from '../admin-theme';

/**
 * What the signed-in screens need above them and the sign-in page does not (decision 0021): MUI X's
 * Portuguese texts, the date pickers' dayjs adapter in pt-BR and the confirmation dialog. Loaded with the
 * admin layout (and the courier's own layout), never by the sign-in page.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={adminTheme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
        <ConfirmProvider>{children}</ConfirmProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}

import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { ReactNode } from 'react';
import '../../lib/format'; // dayjs pt-BR locale
import { adminTheme } from './admin-theme';

/**
 * What every MUI element of the app needs above it: the app's theme with MUI's and MUI X's Portuguese texts,
 * and the date pickers' dayjs adapter in pt-BR. Fetched with the first MUI element a screen draws (MuiScope),
 * never by the sign-in page nor by the courier's first screen, which draw none (decisions 0021, 0028).
 */
export default function MuiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={adminTheme}>
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
}

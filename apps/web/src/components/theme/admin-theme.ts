import { createTheme } from '@mui/material/styles';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import { theme } from './theme';

/**
 * The theme of the signed-in screens: the app's theme with MUI X's Portuguese texts (data table, date
 * pickers). Kept out of `theme.ts` so the sign-in page does not load MUI X (decision 0021).
 */
export const adminTheme = createTheme(theme, gridPtBR, pickersPtBR);

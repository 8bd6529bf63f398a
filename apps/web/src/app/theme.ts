import { ptBR as corePtBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

/** Sidebar width of the spec (section 9). */
export const SIDEBAR_WIDTH = 260;

/**
 * A calm, professional theme. The `md` breakpoint is moved to 960 px so that "below md" is the spec's
 * mobile width (about 959 px): the sidebar becomes a temporary drawer there. MUI X's texts are added for the
 * signed-in screens (admin-theme.ts), out of the sign-in page's download.
 */
export const theme = createTheme(
  {
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1536 } },
    palette: {
      primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6' },
      secondary: { main: '#0f766e' },
      background: { default: '#f3f5f9', paper: '#ffffff' },
      text: { primary: '#111827', secondary: '#4b5563' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #e5e7eb' } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 10 } } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
      MuiFormControl: { defaultProps: { size: 'small' } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    },
  },
  corePtBR,
);

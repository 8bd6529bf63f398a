import { ptBR as corePtBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import baseCss from './base.css?raw';

/** The custom properties `--bo-*` of base.css's `:root`, where the app's colours and font are written. */
export function cssProperties(css: string): Record<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...root.matchAll(/(--bo-[a-z-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, (value ?? '').trim()]),
  );
}

const css = cssProperties(baseCss);
/** One of base.css's properties; a missing one stops the app at once instead of drawing in MUI's defaults. */
function brand(name: string): string {
  const value = css[name];
  if (!value) throw new Error(`base.css não define ${name}.`);
  return value;
}

/**
 * A calm, professional theme. The `md` breakpoint is moved to 960 px so that "below md" is the spec's
 * mobile width (about 959 px): the sidebar becomes a temporary drawer there. MUI X's texts are added for the
 * signed-in screens (admin-theme.ts), out of the sign-in page's download.
 */
export const theme = createTheme(
  {
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1536 } },
    palette: {
      primary: { main: brand('--bo-primary'), dark: brand('--bo-primary-dark'), light: brand('--bo-primary-light') },
      secondary: { main: brand('--bo-secondary') },
      background: { default: brand('--bo-background'), paper: brand('--bo-paper') },
      text: { primary: brand('--bo-text'), secondary: brand('--bo-text-secondary') },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: brand('--bo-font'),
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

import { createTheme } from '@mui/material/styles';

/** Layout constants of SPEC.md §9. */
export const DRAWER_WIDTH = 240;
export const CONTENT_MAX_WIDTH = 1800;
export const PUBLIC_NAV_BREAKPOINT = 420;

/**
 * A calm, clinical palette: a deep teal-blue for actions, a sage green for confirmation, soft neutral
 * surfaces. Colours meet WCAG AA contrast against their text.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d5f7a', light: '#4b8aa5', dark: '#0f4257', contrastText: '#ffffff' },
    secondary: { main: '#2f7d6d', light: '#5fa898', dark: '#1c5a4d', contrastText: '#ffffff' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: '#15262f', secondary: '#4a5d68' },
    divider: 'rgba(21, 38, 47, 0.12)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 650 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: 'rgba(21, 38, 47, 0.12)' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});

import { createTheme } from '@mui/material/styles';

/** Layout constants of SPEC.md §9. */
export const DRAWER_WIDTH = 240;
export const CONTENT_MAX_WIDTH = 1800;
export const PUBLIC_NAV_BREAKPOINT = 420;
/** The media query of forced colours (Windows High Contrast and the like). */
export const FORCED_COLOURS = '@media (forced-colors: active)';

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
    // Body text is at least 16 px (issue 25: most of the results text was body2's 14 px, and table cells
    // take body2): body2 is body1's size, so it differs by use, not size. Captions (chart notes, helper
    // text) are 14 px.
    body2: { fontSize: '1rem', lineHeight: 1.5 },
    caption: { fontSize: '0.875rem', lineHeight: 1.5 },
  },
  components: {
    // Reduced motion is app/reduced-motion.css (no JavaScript on the guest pages).
    // Forced colours (Windows High Contrast): a contained button or a Fab has no border, only a fill the
    // system removes, so it would show as bare text or a bare icon. A border in the system's button text
    // colour keeps its edge (issue 25).
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { [FORCED_COLOURS]: { border: '1px solid ButtonText' } } },
    },
    MuiFab: { styleOverrides: { root: { [FORCED_COLOURS]: { border: '2px solid ButtonText' } } } },
    // An SVG icon keeps a colour set on itself under forced colours (Chromium gives `svg`
    // `forced-color-adjust: preserve-parent-color`): a select's arrow stayed grey and vanished on a dark
    // system theme. Icons take the colour the system gave their parent (text, button text, link).
    MuiSvgIcon: { styleOverrides: { root: { [FORCED_COLOURS]: { color: 'inherit' } } } },
    MuiSelect: { styleOverrides: { icon: { [FORCED_COLOURS]: { color: 'inherit' } } } },
    MuiNativeSelect: { styleOverrides: { icon: { [FORCED_COLOURS]: { color: 'inherit' } } } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: 'rgba(21, 38, 47, 0.12)' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
